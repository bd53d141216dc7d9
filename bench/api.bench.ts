// npm run bench:api — autocannon against a bare Fastify handler (the baseline) and the real server
// on the seeded SQLite database; writes bench/results/api.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProcess, stopProcess, writeResults } from "./lib.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const basePort = 3990;
const appPort = 3991;

interface Figure {
  target: string;
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non_2xx: number;
  ratio_to_baseline?: number;
}

async function measure(target: string, url: string): Promise<Figure> {
  const r = await autocannon({ url, connections, duration });
  return {
    target,
    requests_per_sec: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors,
    non_2xx: r.non2xx,
  };
}

const baseline = await startProcess(
  "bench/baseline-server.ts",
  { PORT: String(basePort) },
  `http://127.0.0.1:${basePort}/`,
);
const base = await measure("baseline (bare Fastify)", `http://127.0.0.1:${basePort}/`);
await stopProcess(baseline);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-bench-"));
const server = await startProcess(
  "apps/server/src/main.ts",
  {
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_ENV: "local",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
    DATABASE_URL: "",
  },
  `http://127.0.0.1:${appPort}/api/master`,
);
const app = `http://127.0.0.1:${appPort}`;
const list = (await (await fetch(`${app}/api/products?per_page=1`)).json()) as {
  data: { data: Array<{ id: number }> };
};
const productId = list.data.data[0]?.id ?? 1;

const targets: Array<[string, string, number]> = [
  ["GET /api/master", `${app}/api/master`, 0.7],
  ["GET /api/products?search=shirt&page=2", `${app}/api/products?search=shirt&page=2`, 0.5],
  [`GET /api/products/${productId}/details`, `${app}/api/products/${productId}/details`, 0.5],
];
const figures: Figure[] = [{ ...base, ratio_to_baseline: 1 }];
const checks: Array<{ target: string; ratio_target: number; ratio_met: boolean; p99_met: boolean }> = [];
for (const [name, url, ratioTarget] of targets) {
  const f = await measure(name, url);
  f.ratio_to_baseline = Math.round((f.requests_per_sec / base.requests_per_sec) * 100) / 100;
  figures.push(f);
  checks.push({
    target: name,
    ratio_target: ratioTarget,
    ratio_met: f.ratio_to_baseline >= ratioTarget,
    p99_met: f.p99_ms <= 20,
  });
}
await stopProcess(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const file = writeResults("api", { connections, duration_s: duration, cpus: os.cpus().length, figures, checks });
console.table(figures);
console.table(checks);
console.log(`written ${path.relative(process.cwd(), file)}`);
