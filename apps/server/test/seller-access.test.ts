import {
  chatApi,
  type Endpoint,
  notificationsApi,
  reviewsApi,
  SELLER_AREAS_OF,
  SELLER_MESSAGES,
  type SellerArea,
  type SellerRole,
  sellerApi,
  sellerImportApi,
  sellerMarketingApi,
  sellerOrdersApi,
  sellerProductsApi,
  sellerShopApi,
  splitKey,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { otherShopCases } from "./seller-access.cases.ts";
import { newStaff, tokenOf, userIdOf } from "./staff-helpers.ts";

// Every Seller Centre call, read from the contract: a call added later is in these matrices at
// once, and one whose section or other-shop case is unknown fails here until it is added.
const sellerCalls = Object.entries({
  ...sellerApi,
  ...sellerProductsApi,
  ...sellerImportApi,
  ...sellerMarketingApi,
  ...sellerShopApi,
  ...sellerOrdersApi,
  ...chatApi,
  ...reviewsApi,
  ...notificationsApi,
} as Record<string, Endpoint>)
  .map(([key, endpoint]) => ({ key, ...splitKey(key as `GET /${string}`), endpoint }))
  .filter((c) => c.path.startsWith("/seller/"));

/** The section of the Seller Centre a call belongs to (null: every role may call it). */
export function areaOf(path: string): SellerArea | null {
  const first = path.split("/")[2] ?? "";
  const areas: Record<string, SellerArea | null> = {
    me: null,
    notifications: null, // each role reads its sections' notices
    products: "products",
    "product-options": "products",
    "product-images": "products",
    stock: "products",
    vouchers: "products",
    "flash-sales": "products",
    orders: "orders",
    conversations: "orders",
    "unread-messages": "orders",
    reviews: "orders",
    shop: "shop",
    dashboard: "shop",
    staff: "staff",
    invites: "staff",
  };
  if (!(first in areas)) throw new Error(`No Seller Centre section known for ${path}: add it to areaOf`);
  return areas[first] as SellerArea | null;
}

/** The path with every parameter filled with an id that names no record. */
const anyPath = (path: string) => path.replace(/:[A-Za-z]+/g, "999999");

describe.each(dbKinds)("the Seller Centre's doors on %s", (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const send = async (method: string, url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as InjectOptions["method"],
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
    });
    return { status: res.statusCode, body: res.json() as { message?: string } };
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    const shop1 = await t.dbh.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow();
    tokens.owner = await tokenOf(t.dbh, await userIdOf(t.dbh, "owner1@example.com"));
    tokens.shopper = await tokenOf(t.dbh, await userIdOf(t.dbh, "shopper@example.com"));
    tokens.admin = await tokenOf(t.dbh, await userIdOf(t.dbh, "admin@example.com"));
    for (const role of ["products", "orders", "all"] as const) tokens[role] = await newStaff(t.dbh, shop1.id, role);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("covers every seller call of the contract", () => {
    expect(sellerCalls.length).toBeGreaterThan(20);
    for (const c of sellerCalls) areaOf(c.path);
  });

  it("answers 401 without a session and 403 to shoppers and admins, before reading any input", async () => {
    for (const c of sellerCalls) {
      const url = anyPath(c.path);
      expect((await send(c.method, url)).status, `${c.key} without a session`).toBe(401);
      expect((await send(c.method, url, tokens.shopper)).status, `${c.key} as a shopper`).toBe(403);
      expect((await send(c.method, url, tokens.admin)).status, `${c.key} as an admin`).toBe(403);
    }
  });

  it("lets each staff role into its sections only, and says why elsewhere", async () => {
    for (const role of ["owner", "products", "orders", "all"] as SellerRole[]) {
      for (const c of sellerCalls) {
        const area = areaOf(c.path);
        const res = await send(c.method, anyPath(c.path), tokens[role]);
        if (area && !SELLER_AREAS_OF[role].includes(area)) {
          expect(res.status, `${c.key} as ${role}`).toBe(403);
          expect(res.body.message).toBe(SELLER_MESSAGES.notInRole);
        } else {
          expect(res.status, `${c.key} as ${role}: ${JSON.stringify(res.body).slice(0, 200)}`).not.toBe(403);
          expect(res.status, `${c.key} as ${role}`).not.toBe(401);
          expect(res.status, `${c.key} as ${role}`).toBeLessThan(500);
        }
      }
    }
  }, 60_000);

  it("answers 404 for another shop's records on every call that names one, and changes nothing", async () => {
    // Those naming a record in the path, and those naming one in the body (listed in the cases).
    const withParams = sellerCalls.filter((c) => c.path.includes(":") || c.key in otherShopCases);
    expect(withParams.map((c) => c.key)).toContain("PUT /seller/stock");
    for (const c of withParams) {
      const make = otherShopCases[c.key];
      if (make === "not-shop-owned") continue;
      expect(make, `no other-shop case for ${c.key}: add it to seller-access.cases.ts`).toBeDefined();
      if (!make) continue;
      const { url, payload, unchanged } = await make(t.dbh, tokens.owner as string);
      const before = await unchanged?.();
      const res = await send(c.method, url, tokens.owner, payload);
      expect(res.status, `${c.key} ${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(404);
      if (unchanged) expect(await unchanged()).toEqual(before);
    }
  }, 60_000);
});
