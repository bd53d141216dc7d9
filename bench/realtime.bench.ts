// npm run bench:realtime — 500 stock pusher-js clients, each on its shopper's private channel of
// the built-in realtime server, and 2,000 shop replies sent through the chat API; writes
// bench/results/realtime.json. Delivery is timed from the moment the server stored the message
// (its created_at) to the event at the client; the time through the API is reported beside it.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Pusher from "pusher-js";
import { openDb } from "../apps/server/src/db/index.ts";
import { startServer, stopProcess, writeResults } from "./lib.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
/** replies in flight at once; on 2 cores 4 already saturates the server (8 only adds queueing) */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const port = Number(process.env.BENCH_PORT ?? 3995);
const KEY = "marketplace-key";
const app = `http://127.0.0.1:${port}`;

// Another server already on the port would answer the readiness check and be measured instead.
if (
  await fetch(`${app}/api/master`).then(
    () => true,
    () => false,
  )
) {
  throw new Error(`port ${port} is in use; set BENCH_PORT`);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-bench-rt-"));
const server = await startServer(port, dataDir, {
  APP_URL: app,
  // In-process fan-out unless BENCH_REDIS_URL asks for the Redis adapter.
  REDIS_URL: process.env.BENCH_REDIS_URL ?? "",
  // Its own Redis topic, so servers of other runs on the same Redis never see these events.
  PUSHER_APP_ID: `bench-${process.pid}`,
});

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 100) / 100;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: percentile(s, 100) };
};

async function post(url: string, token: string, body: unknown): Promise<{ data: { id: number; created_at: string } }> {
  const res = await fetch(`${app}${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { id: number; created_at: string } };
}
/** Wall-clock milliseconds with sub-millisecond precision (server and clients share this machine's clock). */
const wallNow = () => performance.timeOrigin + performance.now();

/** Pool of `n` workers over `tasks`. */
async function pool<T>(tasks: T[], n: number, run: (task: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) await run(tasks[next++] as T);
    }),
  );
}

const clients: Pusher[] = [];
try {
  // Shoppers and the shop owners' sessions are written straight to the database: signing 500
  // accounts in would only measure password hashing.
  const dbh = openDb({ sqliteFile: path.join(dataDir, "marketplace.db") });
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const sessionFor = async (userId: number) => {
    const token = randomBytes(32).toString("base64url");
    const token_hash = createHash("sha256").update(token).digest("hex");
    await dbh.db
      .insertInto("access_tokens")
      .values({ user_id: userId, token_hash, expires_at: expires, created_at: now })
      .execute();
    return token;
  };
  const shops = await dbh.db.selectFrom("shops").select(["id", "user_id"]).where("status", "=", "active").execute();
  const owners = await Promise.all(shops.map(async (s) => ({ shopId: s.id, token: await sessionFor(s.user_id) })));
  const shoppers: Array<{ id: number; token: string; owner: (typeof owners)[number] }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const tag = `${Date.now()}-${i}`;
    const u = await dbh.db
      .insertInto("users")
      .values({ name: `Bench Shopper ${i}`, email: `bench.${tag}@example.org`, password_hash: "x", created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    shoppers.push({ id: u.id, token: await sessionFor(u.id), owner: owners[i % owners.length] as (typeof owners)[0] });
  }
  await dbh.db.destroy();

  // Each shopper writes to a shop first, so the shop has a conversation to answer.
  await pool(shoppers, CONCURRENCY, async (s) => {
    await post("/api/send-message", s.token, { shop_id: s.owner.shopId, message: "Hello, is this available?" });
  });

  // 500 pusher-js clients, each subscribed to its shopper's private channel.
  const receivedAt = new Map<number, number>(); // message id -> wall time its event reached the client
  let delivered = 0;
  let allDelivered: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    allDelivered = resolve;
  });
  const connectStart = performance.now();
  await Promise.all(
    shoppers.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          const c = new Pusher(KEY, {
            cluster: "mt1",
            wsHost: "127.0.0.1",
            wsPort: port,
            forceTLS: false,
            enabledTransports: ["ws"],
            channelAuthorization: {
              endpoint: `${app}/api/broadcasting/auth`,
              transport: "ajax",
              headers: { Authorization: `Bearer ${s.token}` },
            },
          });
          clients.push(c);
          const channel = c.subscribe(`private-chat_user_${s.id}`);
          channel.bind("send-message-to-user", (e: { message_id: number; user_id: number }) => {
            if (e.user_id !== s.id) throw new Error(`shopper ${s.id} got shopper ${e.user_id}'s event`);
            receivedAt.set(e.message_id, wallNow());
            delivered += 1;
            if (delivered === MESSAGES) allDelivered();
          });
          channel.bind("pusher:subscription_succeeded", () => resolve());
          channel.bind("pusher:subscription_error", (e: unknown) => reject(new Error(JSON.stringify(e))));
        }),
    ),
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;

  // 2,000 replies, round-robin over the shoppers (at most 4 per conversation, under the send limit).
  const tasks = Array.from({ length: MESSAGES }, (_, i) => shoppers[i % shoppers.length] as (typeof shoppers)[0]);
  const sent: Array<{ id: number; calledAt: number; storedAt: number; answeredAt: number }> = [];
  const start = performance.now();
  await pool(tasks, CONCURRENCY, async (s) => {
    const calledAt = wallNow();
    const { data } = await post(`/api/seller/conversations/${s.id}/messages`, s.owner.token, {
      message: "Yes, it ships today.",
    });
    sent.push({ id: data.id, calledAt, storedAt: Date.parse(data.created_at), answeredAt: wallNow() });
  });
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  const seconds = (performance.now() - start) / 1000;

  // delivery: from the server storing the message (its created_at, whole ms) to the client's event;
  // end to end: from the start of the API call to the client's event.
  const arrived = sent.filter((m) => receivedAt.has(m.id));
  const delivery = summary(arrived.map((m) => (receivedAt.get(m.id) as number) - m.storedAt));
  const results = {
    clients: CLIENTS,
    messages: MESSAGES,
    concurrency: CONCURRENCY,
    publisher: process.env.BENCH_REDIS_URL ? "redis" : "local",
    cpus: os.cpus().length,
    connect_and_subscribe_s: Math.round(connectSeconds * 100) / 100,
    delivered,
    load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
    delivery_ms: delivery,
    end_to_end_ms: summary(arrived.map((m) => (receivedAt.get(m.id) as number) - m.calledAt)),
    api_response_ms: summary(sent.map((m) => m.answeredAt - m.calledAt)),
    messages_per_sec: Math.round(delivered / seconds),
    target: { delivery_p95_ms: 10, met: delivered === MESSAGES && delivery.p95 <= 10 },
  };
  const file = writeResults("realtime", results);
  console.log(JSON.stringify(results, null, 2));
  console.log(`written ${path.relative(process.cwd(), file)}`);
} finally {
  for (const c of clients) c.disconnect();
  await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
