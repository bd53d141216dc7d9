// npm run bench:api — autocannon against a bare Fastify handler (the baseline) and the real server
// on the seeded SQLite database; writes bench/results/api.json. BENCH_ONLY=seller (a part of the
// targets' names, comma-separated) measures only those targets, beside the baseline.
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

/** A request other than a plain GET: the seller's calls carry a bearer token, the save a body. */
interface RequestShape {
  method?: "GET" | "PUT";
  headers?: Record<string, string>;
  body?: string;
}

async function measure(target: string, url: string, shape: RequestShape = {}): Promise<Figure> {
  const r = await autocannon({ url, connections, duration, ...shape });
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

// The Seller Centre as the owner of shop 1: the product list, and saving a product unchanged (the
// form's whole save: checks, variants, stock, images, search index row, in one write transaction).
const login = (await (
  await fetch(`${app}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone: "owner1@example.com", password: "password" }),
  })
).json()) as { data: { access: { token: string } } };
const seller = { authorization: `Bearer ${login.data.access.token}` };
const sellerList = (await (await fetch(`${app}/api/seller/products?per_page=1`, { headers: seller })).json()) as {
  data: { products: { data: Array<{ id: number }> } };
};
const sellerProductId = sellerList.data.products.data[0]?.id ?? 1;
const detail = (await (await fetch(`${app}/api/seller/products/${sellerProductId}`, { headers: seller })).json()) as {
  data: { product: Record<string, unknown> };
};
// The edit form's body is the detail without what the form does not send.
const {
  id: _id,
  slug: _slug,
  url: _url,
  moderation: _moderation,
  moderation_reason: _reason,
  ...unchangedBody
} = detail.data.product;

const targets: Array<[string, string, number, number, RequestShape?]> = [
  ["GET /api/master", `${app}/api/master`, 0.7, 20],
  ["GET /api/products?search=shirt&page=2", `${app}/api/products?search=shirt&page=2`, 0.5, 20],
  [`GET /api/products/${productId}/details`, `${app}/api/products/${productId}/details`, 0.5, 20],
  ["GET /api/seller/products (owner1)", `${app}/api/seller/products`, 0.3, 50, { headers: seller }],
  [
    `PUT /api/seller/products/${sellerProductId} (unchanged)`,
    `${app}/api/seller/products/${sellerProductId}`,
    0.05,
    250,
    {
      method: "PUT",
      headers: { ...seller, "content-type": "application/json" },
      body: JSON.stringify(unchangedBody),
    },
  ],
];
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const figures: Figure[] = [{ ...base, ratio_to_baseline: 1 }];
const checks: Array<{
  target: string;
  ratio_target: number;
  ratio_met: boolean;
  p99_target_ms: number;
  p99_met: boolean;
}> = [];
for (const [name, url, ratioTarget, p99Target, shape] of targets) {
  if (only.length > 0 && !only.some((o) => name.toLowerCase().includes(o))) continue;
  const f = await measure(name, url, shape);
  f.ratio_to_baseline = Math.round((f.requests_per_sec / base.requests_per_sec) * 100) / 100;
  figures.push(f);
  checks.push({
    target: name,
    ratio_target: ratioTarget,
    ratio_met: f.ratio_to_baseline >= ratioTarget,
    p99_target_ms: p99Target,
    p99_met: f.p99_ms <= p99Target,
  });
}
await stopProcess(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const file = writeResults(only.length > 0 ? "api-partial" : "api", {
  connections,
  duration_s: duration,
  cpus: os.cpus().length,
  ...(only.length > 0 && { only }),
  figures,
  checks,
});
console.table(figures);
console.table(checks);
console.log(`written ${path.relative(process.cwd(), file)}`);
// A figure of failed requests measures nothing: say so and fail the run.
const failed = figures.filter((f) => f.errors > 0 || f.non_2xx > 0);
if (failed.length > 0) {
  console.error(`requests failed in: ${failed.map((f) => f.target).join(", ")}`);
  process.exitCode = 1;
}
