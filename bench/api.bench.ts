// npm run bench:api — autocannon against a bare Fastify handler (the baseline) and the real server
// on the seeded SQLite database, serving the web build (the root script builds it); writes
// bench/results/api.json. Each target gets BENCH_WARMUP_SECONDS (2) of the same load first, not
// counted. BENCH_ONLY=seller (a part of the targets' names, comma-separated) measures only those
// targets, beside the baseline and the ceilings of a kept answer.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProcess, startServer, stopProcess, writeResults } from "./lib.ts";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
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

/** A request other than a plain GET: the seller's calls carry a bearer token, the save a body, cart add a
 * guest per connection and two requests. */
type RequestShape = Pick<autocannon.Options, "method" | "headers" | "body" | "requests" | "setupClient">;

async function measure(target: string, url: string, shape: RequestShape = {}): Promise<Figure> {
  // A served site is warm: its code compiled, what it keeps in memory built. The first seconds of a
  // started server are neither (an uncached product page answered at half its speed, p99 over 1 s).
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, ...shape });
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

/** An answer's bytes and headers as the server sent them (fetch would decompress the body). */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string>; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          // Node sends its own date, length and connection headers.
          const { date, connection, "keep-alive": _alive, "content-length": _length, ...sent } = res.headers;
          resolve({ headers: sent as Record<string, string>, body: Buffer.concat(chunks).toString("base64") });
        });
      })
      .on("error", reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-bench-"));
const app = `http://127.0.0.1:${appPort}`;

/**
 * The real server on the benchmark's database; `cacheSeconds` 0 sends every read to it, and
 * `keptSeconds` 0 builds every answer that would be kept by the catalogue's version.
 */
const startApp = (cacheSeconds: number, keptSeconds = 60) =>
  startServer(appPort, dataDir, {
    CATALOG_CACHE_SECONDS: String(cacheSeconds),
    CATALOG_KEPT_SECONDS: String(keptSeconds),
  });

const json = async <T>(url: string, init?: RequestInit): Promise<T> => (await (await fetch(url, init)).json()) as T;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  json<{ data: Record<string, unknown> }>(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

let server = await startApp(5);
const list = await json<{ data: { data: Array<{ id: number; slug: string }> } }>(`${app}/api/products?per_page=1`);
const productId = list.data.data[0]?.id ?? 1;
const productPage = `/products/${productId}/details/${list.data.data[0]?.slug ?? ""}`;
const browser = { headers: { "accept-encoding": "gzip, deflate, br, zstd" } };
// Two filters of the demo catalogue that leave a page of products: its first category and brand.
const filtered = await json<{
  data: { filters: { categories: Array<{ id: number }>; brands: Array<{ id: number }> } };
}>(`${app}/api/products?per_page=1`);
const twoFilters = `category_id=${filtered.data.filters.categories[0]?.id ?? 1}&sort=low_to_high&min_price=1`;

// The Seller Centre as the owner of shop 1: the product list, and saving a product unchanged (the
// form's whole save: checks, variants, stock, images, search index row, in one write transaction).
const login = (await post(`${app}/api/login`, { phone: "owner1@example.com", password: "password" })) as {
  data: { access: { token: string } };
};
const seller = { authorization: `Bearer ${login.data.access.token}` };
const sellerList = await json<{ data: { products: { data: Array<{ id: number }> } } }>(
  `${app}/api/seller/products?per_page=1`,
  { headers: seller },
);
const sellerProductId = sellerList.data.products.data[0]?.id ?? 1;
const detail = await json<{ data: { product: Record<string, unknown> } }>(
  `${app}/api/seller/products/${sellerProductId}`,
  { headers: seller },
);
// The edit form's body is the detail without what the form does not send.
const {
  id: _id,
  slug: _slug,
  url: _url,
  moderation: _moderation,
  moderation_reason: _reason,
  ...unchangedBody
} = detail.data.product;

// Cart add: each connection adds a line that has stock and takes it out again, so the cart never
// fills up; both requests are counted. Guests are limited per network (10), so connections share
// them, each with its own product, and no two touch the same cart line.
const guests: string[] = [];
for (let i = 0; i < Math.min(connections, 10); i++) {
  const g = (await post(`${app}/api/guest_login`, {})) as { data: { access: { token: string } } };
  guests.push(`Bearer ${g.data.access.token}`);
}
const inStock = await json<{
  data: { data: Array<{ id: number; quantity: number; sizes: unknown[]; colors: unknown[] }> };
}>(`${app}/api/products?per_page=100`);
const plain = inStock.data.data.filter((p) => p.quantity > 0 && p.sizes.length === 0 && p.colors.length === 0);
let nextClient = 0;
const cartAdd: RequestShape = {
  setupClient: (client) => {
    const n = nextClient++;
    const product_id = plain[n % plain.length]?.id;
    client.setHeaders({ "content-type": "application/json", authorization: guests[n % guests.length] as string });
    client.setRequests([
      { method: "POST", path: "/api/cart/store", body: JSON.stringify({ product_id, quantity: 1 }) },
      { method: "POST", path: "/api/cart/delete", body: JSON.stringify({ product_id }) },
    ]);
  },
};

// The baseline, and the ceiling of a kept answer: a bare Fastify handler sending the product answer
// that this process keeps in memory, plain and as a browser gets it (br), its bytes and headers as
// they are. That is what those cached rows would reach with no work of ours per request (the load
// generator itself decodes every body as text, which costs more for compressed bytes). The real
// server waits, idle, meanwhile, and the bare handler while the real server is measured.
const keptUrl = `${app}/api/products/${productId}/details`;
await rawAnswer(keptUrl, {}); // the first request keeps it
const keptFile = path.join(dataDir, "kept-answers.json");
fs.writeFileSync(keptFile, JSON.stringify([await rawAnswer(keptUrl, {}), await rawAnswer(keptUrl, browser.headers)]));
const baseline = await startProcess(
  "bench/baseline-server.ts",
  { PORT: String(basePort), KEPT_ANSWERS: keptFile },
  `http://127.0.0.1:${basePort}/`,
);
// This machine's speed drifts over a run (a shared host: bare Fastify answered 24-39k req/s in runs
// of one afternoon), so each group of targets is compared with the baseline measured just before it.
let base = await measure("baseline (bare Fastify)", `http://127.0.0.1:${basePort}/`);
const ratio = (f: Figure) => Math.round((f.requests_per_sec / base.requests_per_sec) * 100) / 100;
const ceilings = [
  await measure(`ceiling: bare Fastify sending the kept product answer`, `http://127.0.0.1:${basePort}/kept/0`),
  await measure(`ceiling: bare Fastify sending the kept product answer (br)`, `http://127.0.0.1:${basePort}/kept/1`),
];

type Target = [
  name: string,
  url: string,
  ratioTarget: number,
  p99TargetMs: number,
  shape?: RequestShape,
  rpsTarget?: number,
];
const cached: Target[] = [
  ["GET /api/master", `${app}/api/master`, 0.6, 20],
  ["GET /api/master (br)", `${app}/api/master`, 0.6, 20, browser],
  ["GET /api/products (list)", `${app}/api/products`, 0.6, 20],
  [`GET /api/products/${productId}/details`, `${app}/api/products/${productId}/details`, 0.6, 20],
  // As a browser asks for it: compressed.
  [`GET /api/products/${productId}/details (br)`, `${app}/api/products/${productId}/details`, 0.6, 20, browser],
  // A visitor's first page, rendered by the server (the web build): kept like the answers it is made
  // of. Our own floor, not the issue's: a burst of visitors must not stall the process.
  ["GET / (page, br)", `${app}/`, 0.01, 250, browser],
  [`GET ${productPage} (page, br)`, `${app}${productPage}`, 0.01, 250, browser],
  ["POST /api/cart/store + delete (guest)", `${app}`, 0.1, 50, cartAdd],
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
// Without the catalogue cache every request reaches the server (issue 18, item 1): a list, a search
// a product page and home are then answered from what was kept at the catalogue's version, one query.
const uncached: Target[] = [
  [`uncached GET /api/products/${productId}/details`, `${app}/api/products/${productId}/details`, 0.06, 50, {}, 2500],
  ["uncached GET /api/products?search=shirt&page=2", `${app}/api/products?search=shirt&page=2`, 0.06, 50, {}, 2500],
  [`uncached GET /api/products?${twoFilters}`, `${app}/api/products?${twoFilters}`, 0.06, 50, {}, 2500],
  ["uncached GET /api/home", `${app}/api/home`, 0.06, 50, {}, 2500],
  // The floor under the four above: one small query (brands with their product counts), built on
  // every request, same goals.
  ["uncached GET /api/brands (one query)", `${app}/api/brands`, 0.06, 50, {}, 2500],
];

const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const figures: Figure[] = [
  { ...base, ratio_to_baseline: 1 },
  ...ceilings.map((f) => ({ ...f, ratio_to_baseline: ratio(f) })),
];
const checks: Array<{
  target: string;
  ratio_target: number;
  ratio_met: boolean;
  p99_target_ms: number;
  p99_met: boolean;
  rps_target?: number;
  rps_met?: boolean;
}> = [];
async function run(group: string, targets: Target[]) {
  const chosen = targets.filter(([name]) => only.length === 0 || only.some((o) => name.toLowerCase().includes(o)));
  if (chosen.length === 0) return;
  base = await measure(`baseline (bare Fastify), before the ${group} rows`, `http://127.0.0.1:${basePort}/`);
  figures.push({ ...base, ratio_to_baseline: 1 });
  for (const [name, url, ratioTarget, p99Target, shape, rpsTarget] of chosen) {
    const f = await measure(name, url, shape);
    f.ratio_to_baseline = ratio(f);
    figures.push(f);
    checks.push({
      target: name,
      ratio_target: ratioTarget,
      ratio_met: f.ratio_to_baseline >= ratioTarget,
      p99_target_ms: p99Target,
      p99_met: f.p99_ms <= p99Target,
      ...(rpsTarget && { rps_target: rpsTarget, rps_met: f.requests_per_sec >= rpsTarget }),
    });
  }
}
// The same four built on every request (CATALOG_KEPT_SECONDS=0): what each costs when the
// catalogue's version has just moved.
const built: Target[] = uncached.slice(0, 4).map(([name, ...rest]) => [name.replace("uncached", "built"), ...rest]);

await run("cached", cached);
await stopProcess(server);
server = await startApp(0);
await run("uncached", uncached);
await stopProcess(server);
server = await startApp(0, 0);
await run("built", built);
await stopProcess(server);
await stopProcess(baseline);
fs.rmSync(dataDir, { recursive: true, force: true });

const file = writeResults(only.length > 0 ? "api-partial" : "api", {
  connections,
  duration_s: duration,
  warmup_s: warmup,
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
