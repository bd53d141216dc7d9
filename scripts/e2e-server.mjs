// Starts the real server for Playwright on a fresh temporary SQLite database, with the demo data.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startSocialStandIn } from "./e2e-social-stand-in.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-e2e-"));

// Google, Facebook and Apple sign-in point at a local stand-in (e2e/tests/social.spec.ts).
const socialEnv = await startSocialStandIn(Number(process.env.E2E_PORT ?? "4173"));

const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "4173",
    HOST: "127.0.0.1",
    // The origin the browser uses, so payment and invoice links come back to the signed-in origin.
    APP_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "4173"}`,
    DATA_DIR: dataDir,
    APP_ENV: "local",
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    ...socialEnv,
  },
});
const stop = () => {
  child.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
