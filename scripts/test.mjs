// Runs every test of every workspace: Vitest (contract, server, web) and Playwright (e2e),
// then prints one closing line over all runners: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, ".tmp");
fs.mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, "vitest.json");
const playwrightJson = path.join(out, "playwright.json");
for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const readJson = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);

const buildStatus = run("npm", ["run", "build", "-w", "apps/web"]);
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestJson}`,
]);
const playwrightStatus =
  buildStatus === 0
    ? run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], { PW_JSON: playwrightJson })
    : 1;

let passed = 0;
let failed = 0;
let skipped = 0;
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} else failed += 1;
const p = readJson(playwrightJson);
if (p) {
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
} else failed += 1;
// A runner that crashed before counting still fails the run.
if (failed === 0 && (buildStatus || vitestStatus || playwrightStatus)) failed = 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
