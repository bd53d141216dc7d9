import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CHAT_EVENT_TO_SHOP, shopChannel } from "@market/contract";
import pg from "pg";
import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script of the repository
import { startCluster } from "../../../scripts/cluster.mjs";
import { connected, nextEvent, pusherClient } from "./chat-helpers.ts";
import { HOME_ADDRESS } from "./order-helpers.ts";

// `npm run cluster` end to end: two PostgreSQL-backed instances with Redis behind the proxy.
// Shoppers log in, place orders and chat through the proxy while each instance in turn is
// stopped and started again: no request fails, chat keeps delivering, limits stay shared.

interface Cluster {
  url: string;
  instances: { n: number; stop(): Promise<void>; start(): void }[];
  healthy(): number[];
  close(): Promise<void>;
}

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe.skipIf(!enabled)("a cluster of two instances behind the proxy", () => {
  const adminUrl = process.env.DATABASE_URL as string;
  const dbName = `t_${process.pid}_${Date.now()}_cluster`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-cluster-"));
  let cluster: Cluster;
  let start: () => Promise<Cluster>;
  let proxyPort: number;
  const logs: string[] = [];

  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${cluster.url}${url}`, {
      method,
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const login = async (email: string) => {
    const res = await call("POST", "/api/login", { phone: email, password: "password" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.access.token as string;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    proxyPort = await freePort();
    start = () =>
      startCluster({
        size: 2,
        port: proxyPort,
        databaseUrl: url.toString(),
        redisUrl: process.env.REDIS_URL,
        dataDir,
        // Its own realtime topic and rate-limit keys on the shared Redis.
        env: { APP_ENV: "local", LOG_LEVEL: "warn", PUSHER_APP_ID: `cluster-${process.pid}`, WEB_DIST: dataDir },
        log: (line: string) => {
          logs.push(line);
          if (process.env.CLUSTER_DEBUG) console.log(line);
        },
      });
    cluster = await start();
  }, 240_000);

  afterAll(async () => {
    await cluster?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("keeps serving logins, orders and chat while each instance is stopped and started again", async () => {
    const shopper = await login("shopper@example.com");
    // A product added without choosing a size or colour, with plenty in stock, and its shop's owner.
    const list = await call("GET", "/api/products?per_page=100&sort=top_selling");
    type Card = { id: number; quantity: number; sizes: unknown[]; colors: unknown[]; shop: { id: number } };
    const product = (list.body.data.data as Card[])
      .filter((p) => p.sizes.length === 0 && p.colors.length === 0)
      .sort((a, b) => b.quantity - a.quantity)[0] as Card;
    const shopId = product.shop.id;
    let owner = "";
    for (let n = 1; n <= 8 && !owner; n++) {
      const token = await login(`owner${n}@example.com`);
      if ((await call("GET", "/api/seller/me", undefined, token)).body.data.shop.id === shopId) owner = token;
    }
    expect(owner).not.toBe("");
    const address = await call("POST", "/api/address/store", HOME_ADDRESS, shopper);
    expect(address.status).toBe(200);
    const addressId = address.body.data.address.id as number;

    // The seller listens on the shop's channel through the proxy, as the Seller Centre does.
    const seller: Pusher = pusherClient({ host: "127.0.0.1", port: proxyPort }, "marketplace-key", owner);
    const channel = seller.subscribe(shopChannel(shopId));
    await nextEvent(channel, "pusher:subscription_succeeded", 10_000);
    const chatReaches = async (text: string) => {
      const heard = nextEvent<{ message_id: number; shop_id: number }>(channel, CHAT_EVENT_TO_SHOP, 15_000);
      const sent = await call("POST", "/api/send-message", { shop_id: shopId, message: text }, shopper);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(await heard).toMatchObject({ message_id: sent.body.data.id, shop_id: shopId });
    };
    await chatReaches("Hello before the restarts");

    // Shoppers keep working the whole time: logins, catalogue reads, carts and orders.
    const failures: string[] = [];
    let orders = 0;
    let running = true;
    const traffic = (async () => {
      while (running) {
        const steps = [
          await call("POST", "/api/login", { phone: "shopper@example.com", password: "password" }),
          await call("GET", "/api/home"),
          await call("POST", "/api/cart/store", { product_id: product.id, quantity: 1 }, shopper),
        ];
        const placed = await call(
          "POST",
          "/api/place-order",
          { shop_ids: [shopId], address_id: addressId, payment_method: "cash" },
          shopper,
        );
        for (const r of [...steps, placed]) if (r.status >= 500) failures.push(`${r.status} ${JSON.stringify(r.body)}`);
        if (placed.status === 200) orders += 1;
      }
    })();

    for (const inst of cluster.instances) {
      await inst.stop();
      expect(cluster.healthy()).not.toContain(inst.n);
      await new Promise((r) => setTimeout(r, 1000));
      inst.start();
      await expect.poll(() => cluster.healthy(), { timeout: 60_000, interval: 250 }).toContain(inst.n);
    }
    running = false;
    await traffic;
    expect(failures).toEqual([]);
    expect(orders).toBeGreaterThan(3);

    // The seller's socket was on one of the stopped instances: it reconnected and still hears.
    await connected(seller, 15_000);
    await chatReaches("Hello after the restarts");
    seller.disconnect();
  }, 240_000);

  it("keeps limits shared: a second code for one address within a minute is refused by the other instance", async () => {
    const email = `cluster.${Date.now()}@example.org`;
    const country = (await call("GET", "/api/countries")).body.data.countries[0] as {
      name: string;
      phone_code: string;
    };
    const reg = await call("POST", "/api/registration", {
      name: "Cluster Shopper",
      email,
      phone: String(Date.now()).slice(-9),
      password: "secret-pass-1",
      country: country.name,
      phone_code: country.phone_code,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call("POST", "/api/send-otp", { phone: email, forgot_password: 1 })).status);
    }
    // Round robin spreads these over both instances; the limit is one a minute all the same.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
  it("keeps answering after a WebSocket client's connection is reset", async () => {
    const socket = net.connect(proxyPort, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const upgraded = new Promise<string>((resolve) => socket.once("data", (d) => resolve(String(d))));
    socket.write(
      "GET /app/marketplace-key?protocol=7&client=js&version=8.4.0 HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    );
    expect(await upgraded).toMatch(/^HTTP\/1\.1 101 /);
    socket.resetAndDestroy();
    await new Promise((r) => setTimeout(r, 500));
    expect((await call("GET", "/healthz")).status).toBe(200);
  });

  it("starts an instance again that was stopped from outside", async () => {
    const pidOf = (n: number) => {
      const started = logs.filter((l) => l.startsWith(`[api ${n}] started on`)).at(-1);
      return Number(started?.match(/\(pid (\d+)\)/)?.[1]);
    };
    const before = pidOf(1);
    process.kill(before, "SIGTERM");
    await expect.poll(() => cluster.healthy(), { timeout: 20_000, interval: 250 }).not.toContain(1);
    await expect.poll(() => cluster.healthy(), { timeout: 60_000, interval: 250 }).toContain(1);
    expect(pidOf(1)).not.toBe(before);
  }, 90_000);

  it("keeps the links it signed when the whole cluster is started again", async () => {
    const shopper = await login("shopper@example.com");
    const orders = await call("GET", "/api/orders?per_page=1", undefined, shopper);
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    const [order] = orders.body.data.orders.data as { id: number }[];
    const details = await call("GET", `/api/orders/${order?.id}`, undefined, shopper);
    const link = new URL(details.body.data.order.invoice_url as string);
    const open = async () => (await fetch(`${cluster.url}${link.pathname}${link.search}`)).status;
    expect(await open()).toBe(200);
    await cluster.close();
    cluster = await start();
    expect(await open()).toBe(200);
    expect(fs.existsSync(path.join(dataDir, ".app-secret"))).toBe(true);
  }, 240_000);
});
