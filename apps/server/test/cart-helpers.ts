import { randomBytes } from "node:crypto";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { DbHandle } from "../src/db/index.ts";
import { clock } from "../src/lib/clock.ts";
import { sha256 } from "../src/modules/auth/tokens.ts";

let seq = 0;

/**
 * `n` fresh shoppers with bearer tokens live by the app's clock, written straight to the database: the login path
 * has its own tests, and hashing 50 passwords would only slow the race tests down.
 */
export async function newShoppers(dbh: DbHandle, n: number): Promise<{ id: number; token: string }[]> {
  const now = clock.iso();
  const expires = new Date(clock.ms() + 30 * 86_400_000).toISOString();
  const out: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    seq += 1;
    const tag = `${process.pid}-${seq}-${randomBytes(3).toString("hex")}`;
    const user = await dbh.db
      .insertInto("users")
      .values({ name: `Cart Shopper ${tag}`, email: `cart.${tag}@example.org`, password_hash: "x", created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString("base64url");
    await dbh.db
      .insertInto("access_tokens")
      .values({ user_id: user.id, token_hash: sha256(token), expires_at: expires, created_at: now })
      .execute();
    out.push({ id: Number(user.id), token });
  }
  return out;
}

/** GET/POST through inject with an optional bearer token and headers; answers status and parsed body. */
export function api(app: () => FastifyInstance) {
  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await app().inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, headers: res.headers, body: res.json() as any };
  };
  return {
    get: (url: string, token?: string) => call("GET", url, undefined, token),
    post: (url: string, payload: unknown, token?: string) => call("POST", url, payload, token),
    send: call,
  };
}
