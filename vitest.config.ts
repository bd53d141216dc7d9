import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { projects: ["packages/contract", "apps/server", "apps/web"] },
});
