import { allEndpoints, type Endpoint, splitKey } from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { newStaff, tokenOf, userIdOf } from "./staff-helpers.ts";

// Every admin call, read from the contract: a call added later is in this matrix at once.
const adminCalls = Object.entries(allEndpoints as Record<string, Endpoint>)
  .map(([key]) => ({ key, ...splitKey(key as `GET /${string}`) }))
  .filter((c) => c.path.startsWith("/admin/"));

/** The path with every parameter filled with an id that names no record. */
const anyPath = (path: string) => path.replace(/:[A-Za-z]+/g, "999999");

describe.each(dbKinds)("the admin console's doors on %s", (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const send = async (method: string, url: string, token?: string) => {
    const res = await t.app.inject({
      method: method as InjectOptions["method"],
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.body };
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    tokens.shopper = await tokenOf(t.dbh, await userIdOf(t.dbh, "shopper@example.com"));
    tokens.seller = await tokenOf(t.dbh, await userIdOf(t.dbh, "owner1@example.com"));
    tokens.admin = await tokenOf(t.dbh, await userIdOf(t.dbh, "admin@example.com"));
    const shop = await t.dbh.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow();
    tokens.staff = await newStaff(t.dbh, shop.id, "all");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every admin call to visitors (401), shoppers, shop owners and shop staff (403), before reading input", async () => {
    expect(adminCalls.length).toBeGreaterThan(5);
    for (const c of adminCalls) {
      const url = anyPath(c.path);
      expect((await send(c.method, url)).status, `${c.key} without a session`).toBe(401);
      for (const who of ["shopper", "seller", "staff"]) {
        expect((await send(c.method, url, tokens[who])).status, `${c.key} as ${who}`).toBe(403);
      }
    }
  }, 60_000);

  it("lets the admin through every call, and never answers 500 to a bare request", async () => {
    for (const c of adminCalls) {
      const res = await send(c.method, anyPath(c.path), tokens.admin);
      expect([401, 403], `${c.key}: ${res.body.slice(0, 200)}`).not.toContain(res.status);
      expect(res.status, `${c.key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  }, 60_000);
});
