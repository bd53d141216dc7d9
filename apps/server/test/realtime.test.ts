import { createHmac } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  type ChatEvent,
  chatEvent,
  shopChannel,
  userChannel,
} from "@market/contract";
import type { FastifyInstance } from "fastify";
import PusherServer from "pusher";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { channelAuth, httpApiError } from "../src/realtime/signature.ts";
import { newRegistration } from "./auth-helpers.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { connected, nextEvent, pusherClient, sellerOf } from "./chat-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const KEY = "marketplace-key";
const HOST = "127.0.0.1";

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: HOST });
  return { host: HOST, port: (app.server.address() as AddressInfo).port };
}

/** A raw WebSocket to the server, collecting every frame, for what pusher-js hides (close codes, errors). */
function rawSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Array<{ event: string; channel?: string; data: unknown }> = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on("message", (m) => frames.push(JSON.parse(m.toString())));
  /** The first `event` frame from the `since`th frame on. */
  const frame = async (event: string, since = 0, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const f = frames.slice(since).find((x) => x.event === event);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${event} frame; got ${JSON.stringify(frames)}`);
  };
  const send = (msg: unknown) => ws.send(JSON.stringify(msg));
  /** The server handles a socket's frames in order: once this ping is answered, all sent before it were handled. */
  const roundTrip = async () => {
    const since = frames.length;
    send({ event: "pusher:ping", data: {} });
    await frame("pusher:pong", since);
  };
  return { ws, frames, closed, frame, send, roundTrip };
}

describe("channel authorisation signatures", () => {
  it("passes the Pusher documentation's test vector", () => {
    expect(channelAuth("278d425bdf160c739803", "7ad3773142a6692b25b8", "1234.1234", "private-foobar")).toBe(
      "278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4",
    );
  });

  it("checks the HTTP API's signed query the way the pusher SDK signs it", () => {
    const creds = { key: "k", secret: "s3cr3t" };
    const base = { method: "POST", path: "/apps/1/events", body: "", nowSeconds: 1000 };
    const query = { auth_key: "k", auth_timestamp: "1000", auth_version: "1.0" };
    const sig = createHmac("sha256", "s3cr3t")
      .update("POST\n/apps/1/events\nauth_key=k&auth_timestamp=1000&auth_version=1.0")
      .digest("hex");
    expect(httpApiError(creds, { ...base, query: { ...query, auth_signature: sig } })).toBeNull();
    expect(httpApiError(creds, { ...base, query: { ...query, auth_signature: "0".repeat(64) } })).toBe(
      "Invalid signature",
    );
    expect(httpApiError(creds, { ...base, nowSeconds: 5000, query: { ...query, auth_signature: sig } })).toMatch(
      /Timestamp expired/,
    );
  });
});

/** What the server answers to a WebSocket upgrade of the raw request target `target`. */
function rawUpgrade(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST, () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
      ),
    );
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString();
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe.each(dbKinds)("realtime server on %s", (kind) => {
  let t: TestApp;
  let base: { host: string; port: number };
  const http = api(() => t.app);
  const clients: Pusher[] = [];
  const client = (token?: string, key = KEY) => {
    const c = pusherClient(base, key, token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    base = await listen(t.app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets pusher-js connect through the app's hooks and subscribe to the user's own private channel", async () => {
    const [me] = await newShoppers(t.dbh, 1);
    const c = client(me?.token);
    await connected(c);
    expect(c.connection.socket_id).toMatch(/^\d+\.\d+$/);
    const channel = c.subscribe(userChannel(me?.id as number));
    await nextEvent(channel, "pusher:subscription_succeeded");
    expect(channel.subscribed).toBe(true);
  });

  it("refuses another user's channel and a shop the user does not own", async () => {
    const [me, other] = await newShoppers(t.dbh, 2);
    const { shopId } = await sellerOf(t.dbh);
    const c = client(me?.token);
    await connected(c);
    const theirs = c.subscribe(userChannel(other?.id as number));
    expect(await nextEvent<{ status: number }>(theirs, "pusher:subscription_error")).toMatchObject({ status: 403 });
    const shop = c.subscribe(shopChannel(shopId));
    expect(await nextEvent<{ status: number }>(shop, "pusher:subscription_error")).toMatchObject({ status: 403 });
    expect(theirs.subscribed || shop.subscribed).toBe(false);

    // The endpoint itself: no token 401, a foreign channel 403, nothing signed for either.
    const body = { socket_id: "123.456", channel_name: userChannel(other?.id as number) };
    expect((await http.post("/api/broadcasting/auth", body)).status).toBe(401);
    expect((await http.post("/api/broadcasting/auth", body, me?.token)).status).toBe(403);
    // A socket id that would smuggle another channel into the signed text is refused.
    const sneaky = {
      socket_id: `1.1:${userChannel(other?.id as number)}`,
      channel_name: userChannel(me?.id as number),
    };
    expect((await http.post("/api/broadcasting/auth", sneaky, me?.token)).status).toBe(422);
  });

  it("refuses a pending shop's owner its shop channel, as the seller area does, until the shop is approved", async () => {
    const owner = newRegistration();
    const signup = await http.post("/api/shop/register", {
      ...owner,
      shop_name: `Pending Channel Shop ${process.pid}`,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const shopId = signup.body.data.shop.id as number;
    const token = (await http.post("/api/login", { phone: owner.email, password: owner.password })).body.data.access
      .token as string;
    const auth = { socket_id: "123.456", channel_name: shopChannel(shopId) };

    const c = client(token);
    await connected(c);
    const pending = c.subscribe(shopChannel(shopId));
    expect(await nextEvent<{ status: number }>(pending, "pusher:subscription_error")).toMatchObject({ status: 403 });
    expect((await http.post("/api/broadcasting/auth", auth, token)).status).toBe(403);
    expect((await http.get("/api/seller/unread-messages", token)).status).toBe(403);

    await t.dbh.db.updateTable("shops").set({ status: "active" }).where("id", "=", shopId).execute();
    expect((await http.post("/api/broadcasting/auth", auth, token)).status).toBe(200);
    expect((await http.get("/api/seller/unread-messages", token)).status).toBe(200);
  });

  it("delivers send-message-to-shop to the shop owner and send-message-to-user to the shopper, ids only", async () => {
    const [me] = await newShoppers(t.dbh, 1);
    const seller = await sellerOf(t.dbh, 1);
    const shopper = client(me?.token);
    const owner = client(seller.token);
    await Promise.all([connected(shopper), connected(owner)]);
    const shopSide = owner.subscribe(shopChannel(seller.shopId));
    const userSide = shopper.subscribe(userChannel(me?.id as number));
    await Promise.all([
      nextEvent(shopSide, "pusher:subscription_succeeded"),
      nextEvent(userSide, "pusher:subscription_succeeded"),
    ]);

    const toShop = nextEvent<ChatEvent>(shopSide, CHAT_EVENT_TO_SHOP);
    const sent = await http.post(
      "/api/send-message",
      { shop_id: seller.shopId, message: "Is it in stock?" },
      me?.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const event = await toShop;
    expect(chatEvent.strict().parse(event)).toEqual({
      message_id: sent.body.data.id,
      conversation_id: expect.any(Number),
      user_id: me?.id,
      shop_id: seller.shopId,
      type: "user",
    });
    expect(JSON.stringify(event)).not.toContain("stock");

    const toUser = nextEvent<ChatEvent>(userSide, CHAT_EVENT_TO_USER);
    const reply = await http.post(
      `/api/seller/conversations/${me?.id}/messages`,
      { message: "Yes, ships today" },
      seller.token,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await toUser).toMatchObject({ message_id: reply.body.data.id, type: "shop", user_id: me?.id });
  });

  it("accepts the pusher SDK's signed trigger and refuses a bad signature", async () => {
    const [me] = await newShoppers(t.dbh, 1);
    const c = client(me?.token);
    await connected(c);
    const channel = c.subscribe(userChannel(me?.id as number));
    await nextEvent(channel, "pusher:subscription_succeeded");
    const { appId, secret } = t.app.config.realtime;
    const sdk = (s: string) =>
      new PusherServer({ appId, key: KEY, secret: s, host: HOST, port: String(base.port), useTLS: false });

    const got = nextEvent<{ hello: string }>(channel, "from-sdk");
    const res = await sdk(secret).trigger(userChannel(me?.id as number), "from-sdk", { hello: "world" });
    expect(res.status).toBe(200);
    expect(await got).toEqual({ hello: "world" });

    const batch = nextEvent<{ n: number }>(channel, "from-batch");
    await sdk(secret).triggerBatch([{ channel: userChannel(me?.id as number), name: "from-batch", data: { n: 2 } }]);
    expect(await batch).toEqual({ n: 2 });

    const forged = nextEvent(channel, "forged", 500);
    await expect(
      sdk("not-the-secret-at-all").trigger(userChannel(me?.id as number), "forged", {}),
    ).rejects.toMatchObject({ status: 401 });
    await expect(forged).rejects.toThrow(/no forged/);
  });

  it("speaks the protocol: handshake, ping/pong, bad signatures, client events, unsubscribe", async () => {
    const s = rawSocket(`ws://${HOST}:${base.port}/app/${KEY}?protocol=7&client=js&version=8.6.0`);
    const hello = await s.frame("pusher:connection_established");
    const { socket_id, activity_timeout } = JSON.parse(hello.data as string);
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBe(120);

    s.send({ event: "pusher:ping", data: {} });
    await s.frame("pusher:pong");

    s.send({ event: "pusher:subscribe", data: { channel: "private-chat_user_1", auth: `${KEY}:${"0".repeat(64)}` } });
    expect((await s.frame("pusher:error")).data).toMatchObject({ message: expect.stringMatching(/Invalid signature/) });
    expect(s.frames.some((f) => f.event === "pusher_internal:subscription_succeeded")).toBe(false);

    s.send({ event: "client-typing", channel: "private-chat_user_1", data: {} });
    await s.roundTrip();
    expect(s.frames.filter((f) => f.event === "pusher:error")).toHaveLength(2);

    // A public channel needs no signature; after unsubscribing its events stop.
    const { realtime } = t.app;
    for (const channel of ["news", "weather"]) {
      const since = s.frames.length;
      s.send({ event: "pusher:subscribe", data: { channel } });
      expect(await s.frame("pusher_internal:subscription_succeeded", since)).toMatchObject({ channel });
    }
    await realtime.publish(["news"], "headline", { n: 1 });
    expect(await s.frame("headline")).toEqual({ event: "headline", channel: "news", data: '{"n":1}' });
    s.send({ event: "pusher:unsubscribe", data: { channel: "news" } });
    await s.roundTrip();
    await realtime.publish(["news"], "later", { n: 2 });
    // Events reach a socket in the order they are published: the next one on a channel still
    // subscribed arrives after "later" would have.
    await realtime.publish(["weather"], "forecast", { n: 3 });
    await s.frame("forecast");
    expect(s.frames.some((f) => f.event === "later")).toBe(false);
    s.ws.close();
  });

  it("closes an unknown app key with 4001 and a foreign Origin with 4009", async () => {
    const unknown = rawSocket(`ws://${HOST}:${base.port}/app/not-our-key?protocol=7`);
    expect((await unknown.frame("pusher:error")).data).toMatchObject({ code: 4001 });
    expect((await unknown.closed).code).toBe(4001);

    const foreign = rawSocket(`ws://${HOST}:${base.port}/app/${KEY}?protocol=7`, { Origin: "https://evil.example" });
    expect((await foreign.closed).code).toBe(4009);

    const local = rawSocket(`ws://${HOST}:${base.port}/app/${KEY}?protocol=7`, { Origin: "http://localhost:5173" });
    await local.frame("pusher:connection_established");
    local.ws.close();

    // A key that is not valid percent-encoding, and a request target that is not a URL, are refused
    // like any other; the server goes on serving.
    const malformed = rawSocket(`ws://${HOST}:${base.port}/app/%E0%A4?protocol=7`);
    expect((await malformed.closed).code).toBe(4001);
    expect(await rawUpgrade(base.port, "http://[bad/app/x")).toMatch(/^HTTP\/1\.1 404/);
    expect((await fetch(`http://${HOST}:${base.port}/healthz`)).status).toBe(200);

    // pusher-js gives up on a refused key instead of retrying.
    const c = client(undefined, "not-our-key");
    const failed = await nextEvent<{ error: { data: { code: number } } }>(c.connection, "error");
    expect(failed.error.data.code).toBe(4001);
  });
});

describe("realtime origins and shutdown", () => {
  it("allows only the site's own origin in production, and closes sockets with 4200 when the app closes", async () => {
    const t = await openTestApp("sqlite", {
      seed: false,
      env: {
        APP_ENV: "production",
        APP_URL: "https://shop.example.com",
        APP_SECRET: "x".repeat(40),
        LOG_LEVEL: "silent",
      },
    });
    try {
      const base = await listen(t.app);
      const url = `ws://${HOST}:${base.port}/app/${KEY}?protocol=7`;
      const local = rawSocket(url, { Origin: "http://localhost:5173" });
      expect((await local.closed).code).toBe(4009);
      const own = rawSocket(url, { Origin: "https://shop.example.com" });
      await own.frame("pusher:connection_established");

      const master = await t.app.inject({ method: "GET", url: "/api/master" });
      expect(master.json().data).toMatchObject({
        pusher_app_key: KEY,
        pusher_host: "shop.example.com",
        pusher_port: 443,
        pusher_scheme: "https",
      });

      await t.app.close();
      expect((await own.closed).code).toBe(4200);
    } finally {
      await t.close();
    }
  });

  it("points /api/master at a Pusher-compatible service when PUSHER_HOST is set", async () => {
    const t = await openTestApp("sqlite", {
      seed: false,
      env: {
        PUSHER_HOST: "soketi.internal",
        PUSHER_WS_HOST: "ws.example.com",
        PUSHER_PORT: "6001",
        PUSHER_SCHEME: "http",
        PUSHER_APP_ID: "app-1",
        PUSHER_KEY: "soketi-key",
        PUSHER_SECRET: "soketi-secret-0123456789",
        PUSHER_CLUSTER: "eu",
      },
    });
    try {
      expect(t.app.realtime.publisher.kind).toBe("pusher");
      const master = await t.app.inject({ method: "GET", url: "/api/master" });
      expect(master.json().data).toMatchObject({
        pusher_app_key: "soketi-key",
        pusher_app_cluster: "eu",
        pusher_host: "ws.example.com",
        pusher_port: 6001,
        pusher_scheme: "http",
      });
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ PUSHER_HOST: "soketi.internal" })).toThrow(/PUSHER_HOST needs/);
  });
});

describe.each(dbKinds)("publisher adapters on %s", (kind) => {
  let t: TestApp;
  const others: FastifyInstance[] = [];
  const clients: Pusher[] = [];
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    for (const a of others.splice(0)) await a.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Another server instance on the same database with its own configuration, listening. */
  async function instance(env: Record<string, string>) {
    const config = loadConfig({ APP_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "market-test-data"), ...env });
    const app = await buildApp({ config, dbh: t.dbh, serveWeb: false });
    others.push(app);
    return { app, base: await listen(app) };
  }

  /** A seller listening on `base`, a shopper sending through `sender`; resolves with the seller's event. */
  async function roundTrip(base: { host: string; port: number }, sender: FastifyInstance, key = KEY) {
    const [me] = await newShoppers(t.dbh, 1);
    const seller = await sellerOf(t.dbh, 2);
    const owner = pusherClient(base, key, seller.token);
    clients.push(owner);
    await connected(owner);
    const channel = owner.subscribe(shopChannel(seller.shopId));
    await nextEvent(channel, "pusher:subscription_succeeded");
    const got = nextEvent<ChatEvent>(channel, CHAT_EVENT_TO_SHOP);
    const sent = await api(() => sender).post(
      "/api/send-message",
      { shop_id: seller.shopId, message: "across instances" },
      me?.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await got).message_id).toBe(sent.body.data.id);
  }

  it.skipIf(!process.env.REDIS_URL)(
    "fans out over Redis: a message sent through one instance reaches a client on another",
    async () => {
      // A topic of this run only, so parallel runs on the same Redis never cross.
      const env = { REDIS_URL: process.env.REDIS_URL as string, PUSHER_APP_ID: `test-${process.pid}-${Date.now()}` };
      const a = await instance(env);
      const b = await instance(env);
      expect(a.app.realtime.publisher.kind).toBe("redis");
      await roundTrip(b.base, a.app);
    },
  );

  it("publishes through the pusher SDK to a Pusher-compatible server (our own, standing in for Soketi)", async () => {
    const creds = {
      PUSHER_APP_ID: "stand-in",
      PUSHER_KEY: "stand-in-key",
      PUSHER_SECRET: "stand-in-secret-0123456789",
    };
    const service = await instance(creds);
    const a = await instance({
      ...creds,
      PUSHER_HOST: HOST,
      PUSHER_PORT: String(service.base.port),
      PUSHER_SCHEME: "http",
    });
    expect(a.app.realtime.publisher.kind).toBe("pusher");
    await roundTrip(service.base, a.app, "stand-in-key");
  });
});
