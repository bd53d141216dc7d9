import { randomBytes } from "node:crypto";
import Pusher from "pusher-js";
import type { DbHandle } from "../src/db/index.ts";
import { sha256 } from "../src/modules/auth/tokens.ts";

/** A live bearer token for an existing user (a seeded shop owner, say), written straight to the database. */
export async function tokenFor(dbh: DbHandle, userId: number): Promise<string> {
  const now = new Date().toISOString();
  const token = randomBytes(32).toString("base64url");
  await dbh.db
    .insertInto("access_tokens")
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: now,
    })
    .execute();
  return token;
}

/** The `n`th active seeded shop with its owner's id and a token for them. */
export async function sellerOf(dbh: DbHandle, n = 0): Promise<{ shopId: number; ownerId: number; token: string }> {
  const shop = await dbh.db
    .selectFrom("shops")
    .select(["id", "user_id"])
    .where("status", "=", "active")
    .orderBy("id")
    .offset(n)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { shopId: shop.id, ownerId: shop.user_id, token: await tokenFor(dbh, shop.user_id) };
}

/**
 * The stock pusher-js client as the storefront configures it for our server: plain ws on the
 * app's port, private channels authorised at /api/broadcasting/auth with the bearer token.
 */
export function pusherClient(base: { host: string; port: number }, key: string, token?: string): Pusher {
  return new Pusher(key, {
    cluster: "mt1",
    wsHost: base.host,
    wsPort: base.port,
    forceTLS: false,
    enabledTransports: ["ws"],
    channelAuthorization: {
      endpoint: `http://${base.host}:${base.port}/api/broadcasting/auth`,
      transport: "ajax",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  });
}

/** Resolves with the first `event` a pusher-js channel or connection emits, or rejects after `ms`. */
export function nextEvent<T = unknown>(
  target: {
    bind(event: string, cb: (data: T) => void): unknown;
    unbind(event: string, cb: (data: T) => void): unknown;
  },
  event: string,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.unbind(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (data: T) => {
      clearTimeout(timer);
      target.unbind(event, on);
      resolve(data);
    };
    target.bind(event, on);
  });
}

/** Resolves once the client is connected. */
export function connected(client: Pusher, ms = 5000): Promise<void> {
  if (client.connection.state === "connected") return Promise.resolve();
  return nextEvent(client.connection, "connected", ms).then(() => undefined);
}
