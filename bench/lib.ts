import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const resultsDir = path.join(root, "bench", "results");

/** Starts a TypeScript entry point in its own Node process and waits until `readyUrl` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`${entry} did not answer ${readyUrl}`);
}

/**
 * Starts the real server (`apps/server/src/main.ts`) on 127.0.0.1:`port` with its data in `dataDir`:
 * SQLite unless `env` gives a DATABASE_URL, no rate limit, warnings only; `env` adds or overrides.
 */
export function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  readyPath = "/api/master",
) {
  return startProcess(
    "apps/server/src/main.ts",
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_ENV: "local",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
      DATABASE_URL: "",
      ...env,
    },
    `http://127.0.0.1:${port}${readyPath}`,
  );
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export function writeResults(name: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
