import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss()],
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/app": { target: "ws://localhost:3000", ws: true } } },
  build: { target: "es2022", sourcemap: false },
  test: { name: "web", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["./src/test-setup.ts"] },
});
