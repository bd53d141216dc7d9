import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { dbKinds, openTestApp, openTestDb, type TestApp } from "./harness.ts";

// The probes a load balancer reads, request ids, and a clean stop on SIGTERM.

const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ APP_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "market-test-data"), ...env });

describe.each(dbKinds)("health probes on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, {
      seed: false,
      env: process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {},
    });
  });
  afterAll(() => t?.close());

  it("/healthz answers while the process runs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers ready when the database (and Redis, when configured) answer", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ready",
      checks: { database: "ok", ...(process.env.REDIS_URL && { redis: "ok" }) },
    });
  });

  it("every answer carries a request id, the proxy's when it sends one", async () => {
    const mine = await t.app.inject({ method: "GET", url: "/api/countries", headers: { "x-request-id": "lb-123" } });
    expect(mine.headers["x-request-id"]).toBe("lb-123");
    const made = await t.app.inject({ method: "GET", url: "/api/nowhere" });
    expect(made.statusCode).toBe(404);
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("/metrics", () => {
  it("counts requests by route pattern and status, database queries and realtime connections", async () => {
    const t = await openTestApp("sqlite", { seed: false });
    try {
      await t.app.inject({ method: "GET", url: "/api/countries" });
      await t.app.inject({ method: "GET", url: "/api/orders/12345" });
      const res = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/countries",status="200"\} [1-9]/m);
      // a pattern, not the URL: one series for every order
      expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/orders\/:id",status="401"\} [1-9]/m);
      expect(res.body).toMatch(/^db_query_duration_seconds_count\{engine="sqlite"\} [1-9]/m);
      for (const name of [
        "realtime_connections",
        "realtime_messages_total",
        "mail_sent_total",
        "orders_placed_total",
      ]) {
        expect(res.body).toContain(`# TYPE ${name} `);
      }
    } finally {
      await t.close();
    }
  });

  it("in production needs METRICS_TOKEN, and is not served without one", async () => {
    const production = { APP_ENV: "production", APP_SECRET: "a".repeat(32) };
    const open = await openTestApp("sqlite", { seed: false, env: production });
    const guarded = await openTestApp("sqlite", { seed: false, env: { ...production, METRICS_TOKEN: "m".repeat(24) } });
    try {
      expect((await open.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
      expect((await guarded.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
      const wrong = { authorization: `Bearer ${"x".repeat(24)}` };
      expect((await guarded.app.inject({ method: "GET", url: "/metrics", headers: wrong })).statusCode).toBe(401);
      const right = { authorization: `Bearer ${"m".repeat(24)}` };
      expect((await guarded.app.inject({ method: "GET", url: "/metrics", headers: right })).statusCode).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });
});

describe("/readyz names what fails", () => {
  it("answers 503 naming the database when it cannot be reached", async () => {
    const tdb = await openTestDb("sqlite");
    const app = await buildApp({ config: testConfig(), dbh: tdb.dbh, serveWeb: false });
    try {
      await app.ready();
      await tdb.dbh.db.destroy();
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "unavailable", failing: ["database"] });
    } finally {
      await app.close();
      await tdb.close().catch(() => {});
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    "answers 503 naming Redis within about a second when Redis stops answering",
    async () => {
      // A relay to the real Redis that can be frozen: a Redis that hangs after the app started.
      const redis = new URL(process.env.REDIS_URL as string);
      let frozen = false;
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(redis.port || 6379), redis.hostname);
        client.on("data", (d) => !frozen && upstream.write(d));
        upstream.on("data", (d) => !frozen && client.write(d));
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const { port } = relay.address() as AddressInfo;
      const tdb = await openTestDb("sqlite");
      const app = await buildApp({
        config: testConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, PUSHER_APP_ID: `readyz-${process.pid}` }),
        dbh: tdb.dbh,
        serveWeb: false,
      });
      try {
        expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
        frozen = true;
        const started = Date.now();
        const res = await app.inject({ method: "GET", url: "/readyz" });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ checks: { database: "ok", redis: "timeout" }, failing: ["redis"] });
      } finally {
        frozen = false;
        relay.close();
        await Promise.race([app.close(), new Promise((r) => setTimeout(r, 3000))]);
        await tdb.close();
      }
    },
  );
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function waitForServer(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

describe("stopping on SIGTERM", () => {
  it("closes realtime connections with the reconnect code, drops idle keep-alive connections and exits within 10 s", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-sigterm-"));
    const port = await freePort();
    const key = "sigterm-test-key";
    const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      env: {
        ...process.env,
        DATABASE_URL: "",
        REDIS_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ENV: "test",
        PUSHER_KEY: key,
        WEB_DIST: dataDir,
      },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForServer(`${base}/healthz`, 60_000);
      // An idle keep-alive connection must not hold the stop up.
      const agent = new http.Agent({ keepAlive: true });
      await new Promise<void>((resolve, reject) =>
        http.get(`${base}/api/countries`, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
      );
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.4.0`);
      await new Promise((resolve) => ws.once("message", resolve)); // pusher:connection_established
      const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));

      const stoppedAt = Date.now();
      server.kill("SIGTERM");
      expect(await closed).toBe(4200);
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      agent.destroy();
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
