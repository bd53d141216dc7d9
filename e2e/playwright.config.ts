import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);

// The real server (built web app, fresh seeded SQLite database under a temp DATA_DIR) in a real
// Debian Chromium. scripts/e2e-server.mjs builds nothing: `npm test` builds the web app first.
export default defineConfig({
  testDir: "tests",
  // Flows of several pages take 20-30 s when two workers and the server share two cores. The budget
  // catches a hang; the benchmarks measure speed (docs/decisions.md, "The e2e budget"). Longer
  // flows set their own.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (e2e/test-results/*/trace.zip; `npx playwright show-trace` opens
    // it): a test that fails once in a full run and passes alone can then be read after the fact.
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /admin-settings/ },
    // The site settings spec switches marketplace-wide settings (OTP, the default language) that
    // the other specs read: it runs alone, after them.
    {
      name: "site-settings",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /admin-settings/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: `node ../scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/master`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
  },
});
