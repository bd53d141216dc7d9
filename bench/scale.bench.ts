// npm run bench:scale — seeds the scale data set (bench/scale-seed.ts) into a fresh SQLite file
// and, when DATABASE_URL is set, into a fresh PostgreSQL database on that server (dropped at the
// end), then measures p50/p95/p99 of the catalogue, order and seller paths with autocannon at 1 and
// 20 concurrent clients. Writes bench/results/scale.json. BENCH_SECONDS sets each measurement's
// length (3 s).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openDb } from "../apps/server/src/db/index.ts";
import { startServer, stopProcess, writeResults } from "./lib.ts";
import { HISTORY_SHOPPER, progressBar, SCALE, seedScale } from "./scale-seed.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 3);
const port = 3993;
const app = `http://127.0.0.1:${port}`;
const GOAL_MS = { 1: 20, 20: 60 } as const;
const CONCURRENCY = [1, 20] as const;

interface Figure {
  engine: string;
  target: string;
  connections: number;
  requests: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  goal_p95_ms: number;
  met: boolean;
  failed: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const v = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  return Math.round(v * 10) / 10;
}

/** Latencies of every response, for exact percentiles (autocannon's own stop at p97.5 and p99). */
async function measure(url: string, connections: number, headers: Record<string, string>) {
  const times: number[] = [];
  let failed = 0;
  const run = autocannon({ url, connections, duration, headers }, () => {});
  run.on("response", (_client, status, _bytes, ms) => {
    times.push(ms);
    if (status >= 400) failed++;
  });
  const result = await new Promise<autocannon.Result>((resolve) => run.on("done", resolve));
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    p99_ms: percentile(times, 99),
    failed: failed + result.errors,
  };
}

async function login(email: string): Promise<Record<string, string>> {
  const res = await fetch(`${app}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone: email, password: "password" }),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status}`);
  const body = (await res.json()) as { data: { access: { token: string } } };
  return { authorization: `Bearer ${body.data.access.token}` };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The server on an engine's data set, with the catalogue cache off so every request reaches it;
 * `kept` false also builds every list, search and product page that would be kept by the
 * catalogue's version, so their figures are those of their queries at this scale.
 */
const startApp = (dataDir: string, databaseUrl: string | undefined, kept = true) =>
  startServer(
    port,
    dataDir,
    { DATABASE_URL: databaseUrl ?? "", CATALOG_CACHE_SECONDS: "0", CATALOG_KEPT_SECONDS: kept ? "60" : "0" },
    "/readyz",
  );

async function benchEngine(
  engine: string,
  databaseUrl: string | undefined,
): Promise<{ seed_s: number; figures: Figure[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-scale-"));
  try {
    const started = Date.now();
    console.error(`${engine}: migrating and seeding the demo data (a first server start), then the scale rows`);
    // The server's first start migrates and seeds the demo marketplace; the scale rows go on top.
    await stopProcess(await startApp(dataDir, databaseUrl));
    const dbh = openDb({ databaseUrl, sqliteFile: path.join(dataDir, "marketplace.db") });
    try {
      await seedScale(dbh, progressBar);
    } finally {
      await dbh.db.destroy();
    }
    const seed_s = Math.round((Date.now() - started) / 100) / 10;
    console.error(`${engine}: seeded in ${seed_s} s`);
    const figures: Figure[] = [];
    for (const kept of [true, false]) {
      const server = await startApp(dataDir, databaseUrl, kept);
      try {
        figures.push(...(await measureTargets(engine, kept)));
      } finally {
        await stopProcess(server);
      }
    }
    return { seed_s, figures };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The targets; with `kept` false only those kept by the catalogue's version, named ", built". */
async function measureTargets(engine: string, kept: boolean): Promise<Figure[]> {
  const shopper = await login(HISTORY_SHOPPER.email);
  const seller = await login("owner1@example.com");
  const categories = await getJson<{ data: { categories: Array<{ id: number }> } }>(`${app}/api/categories`);
  const categoryId = categories.data.categories[0]?.id ?? 1;
  const listed = await getJson<{ data: { data: Array<{ id: number }> } }>(`${app}/api/products?sort=top_selling`);
  const productId = listed.data.data[0]?.id ?? 1;

  const all: Array<[string, string, Record<string, string>?]> = [
    ["search, one word", "/api/products?search=shirt"],
    ["search, two words", "/api/products?search=linen%20shirt"],
    ["search, a typo", "/api/products?search=shrit"],
    [
      "list, category + price filter, cheapest first",
      `/api/products?category_id=${categoryId}&min_price=10&max_price=80&sort=low_to_high`,
    ],
    ["list, top selling", "/api/products?sort=top_selling&page=3"],
    ["list, newest", "/api/products?sort=newest"],
    ["product page", `/api/products/${productId}/details`],
    ["shopper's order history", "/api/orders", shopper],
    ["seller's order list", "/api/seller/orders", seller],
    ["seller dashboard", "/api/seller/dashboard", seller],
  ];
  const targets = kept
    ? all
    : all
        .filter(([, pathname]) => pathname.startsWith("/api/products"))
        .map(([target, ...rest]): (typeof all)[number] => [`${target}, built`, ...rest]);
  const figures: Figure[] = [];
  for (const [target, pathname, headers = {}] of targets) {
    // One request first: a failing path should stop the run before it is measured.
    const probe = await fetch(`${app}${pathname}`, { headers });
    if (!probe.ok) throw new Error(`${target} (${pathname}) answered ${probe.status}`);
    for (const connections of CONCURRENCY) {
      const m = await measure(`${app}${pathname}`, connections, headers);
      const goal = GOAL_MS[connections];
      figures.push({ engine, target, connections, ...m, goal_p95_ms: goal, met: m.p95_ms <= goal && m.failed === 0 });
      console.error(`${engine} ${target} x${connections}: p50 ${m.p50_ms} p95 ${m.p95_ms} p99 ${m.p99_ms} ms`);
    }
  }
  return figures;
}

/** A fresh database on the server DATABASE_URL names; answers its URL and how to drop it. */
async function freshPgDatabase(url: string) {
  const name = `bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const engines: Record<string, { seed_s: number; figures: Figure[] }> = {};
engines.sqlite = await benchEngine("sqlite", undefined);
if (process.env.DATABASE_URL) {
  const fresh = await freshPgDatabase(process.env.DATABASE_URL);
  try {
    engines.postgres = await benchEngine("postgres", fresh.url);
  } finally {
    await fresh.drop();
  }
}

const figures = Object.values(engines).flatMap((e) => e.figures);
const file = writeResults("scale", {
  data_set: SCALE,
  duration_s: duration,
  cpus: os.cpus().length,
  seed_seconds: Object.fromEntries(Object.entries(engines).map(([k, v]) => [k, v.seed_s])),
  figures,
});
console.table(
  figures.map((f) => ({
    engine: f.engine,
    target: f.target,
    c: f.connections,
    p50: f.p50_ms,
    p95: f.p95_ms,
    p99: f.p99_ms,
    goal: f.goal_p95_ms,
    met: f.met,
  })),
);
console.log(`written ${path.relative(process.cwd(), file)}`);
const failed = figures.filter((f) => f.failed > 0);
if (failed.length > 0) {
  console.error(`requests failed in: ${failed.map((f) => `${f.engine} ${f.target}`).join(", ")}`);
  process.exitCode = 1;
}
