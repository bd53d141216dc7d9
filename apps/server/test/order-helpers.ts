import { addressData, envelope, placeOrderData } from "@market/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import type { DbHandle } from "../src/db/index.ts";
import { api, newShoppers } from "./cart-helpers.ts";

// Shared steps of the address, order, payment and seller-order suites.

export const HOME_ADDRESS = {
  name: "Ada Lovelace",
  phone: "5550107788",
  address_line: "12 Analytical Street",
  address_type: "home",
} as const;

export interface Variant {
  id: number;
  shop_id: number;
  size_id: number;
  color_id: number;
  stock: number;
}

/** In-stock variants of active products outside any flash sale, one per product, in id order. */
export async function variants(dbh: DbHandle, minStock = 5): Promise<Variant[]> {
  const rows = await dbh.db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select(["p.id", "p.shop_id", "v.size_id", "v.color_id", "v.stock"])
    .where("p.is_active", "=", 1)
    .where("s.status", "=", "active")
    .where("v.stock", ">=", minStock)
    .where("p.id", "not in", (eb) => eb.selectFrom("flash_sale_items").select("product_id"))
    .orderBy("p.id")
    .orderBy("v.id")
    .execute();
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export function setStock(dbh: DbHandle, v: Variant, stock: number) {
  return dbh.db
    .updateTable("product_variants")
    .set({ stock })
    .where("product_id", "=", v.id)
    .where("size_id", "=", v.size_id)
    .where("color_id", "=", v.color_id)
    .execute();
}

export function stockOf(dbh: DbHandle, v: Variant) {
  return dbh.db
    .selectFrom("product_variants")
    .select("stock")
    .where("product_id", "=", v.id)
    .where("size_id", "=", v.size_id)
    .where("color_id", "=", v.color_id)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.stock));
}

/** Calls with a bearer token and extra headers; answers status and parsed body. */
export function client(app: () => FastifyInstance) {
  const base = api(app);
  return {
    ...base,
    async send(
      method: "GET" | "POST",
      url: string,
      payload: unknown,
      token?: string,
      headers: Record<string, string> = {},
    ) {
      const res = await app().inject({
        method,
        url,
        ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
        headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
      });
      return { status: res.statusCode, headers: res.headers, text: res.body };
    },
  };
}

export interface Shopper {
  id: number;
  token: string;
  addressId: number;
}

/** Fresh shoppers, each with one saved address. */
export async function shoppersWithAddress(app: () => FastifyInstance, dbh: DbHandle, n: number): Promise<Shopper[]> {
  const http = api(app);
  const out: Shopper[] = [];
  for (const s of await newShoppers(dbh, n)) {
    const res = await http.post("/api/address/store", HOME_ADDRESS, s.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push({ ...s, addressId: envelope(addressData).parse(res.body).data.address.id });
  }
  return out;
}

/**
 * `n` shoppers with an address and `v` (one unit) in the cart, written straight to the database
 * like the first one's line: the race tests are about placing, not about filling carts.
 */
export async function shoppersWithLine(
  app: () => FastifyInstance,
  dbh: DbHandle,
  n: number,
  v: Variant,
): Promise<Shopper[]> {
  const [first] = await shoppersWithAddress(app, dbh, 1);
  if (!first) throw new Error("no shopper");
  await addToCart(app, first.token, v, 1);
  const line = await dbh.db.selectFrom("carts").selectAll().where("user_id", "=", first.id).executeTakeFirstOrThrow();
  const address = await dbh.db
    .selectFrom("addresses")
    .selectAll()
    .where("id", "=", first.addressId)
    .executeTakeFirstOrThrow();
  const rest = await newShoppers(dbh, n - 1);
  const { id: _l, ...lineRow } = line;
  const { id: _a, ...addressRow } = address;
  await dbh.db
    .insertInto("carts")
    .values(rest.map((s) => ({ ...lineRow, user_id: s.id })))
    .execute();
  const ids = await dbh.db
    .insertInto("addresses")
    .values(rest.map((s) => ({ ...addressRow, user_id: s.id })))
    .returning(["id", "user_id"])
    .execute();
  const byUser = new Map(ids.map((r) => [Number(r.user_id), Number(r.id)]));
  return [first, ...rest.map((s) => ({ ...s, addressId: byUser.get(s.id) as number }))];
}

export async function addToCart(app: () => FastifyInstance, token: string, v: Variant, quantity = 1, buyNow = false) {
  const res = await api(app).post(
    "/api/cart/store",
    {
      product_id: v.id,
      quantity,
      ...(v.size_id && { size: v.size_id }),
      ...(v.color_id && { color: v.color_id }),
      ...(buyNow && { is_buy_now: true }),
    },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export const placedOf = (body: unknown) => envelope(placeOrderData).parse(body).data;

/** Pays a placement's payment on the test gateway as a browser does: its card form, then the signed callback. */
export async function payWithTestCard(
  app: () => FastifyInstance,
  placed: { payment_id: number; order_payment_url: string | null },
) {
  const raw = client(app);
  const sig = new URL(placed.order_payment_url as string).searchParams.get("sig") as string;
  const card = { sig, name: "Ada Lovelace", card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
  const paid = await raw.send(
    "POST",
    `/api/payments/${placed.payment_id}/test-charge`,
    new URLSearchParams(card).toString(),
    undefined,
    {
      "content-type": "application/x-www-form-urlencoded",
    },
  );
  expect(paid.status, paid.text).toBe(303);
  const callback = new URL(paid.headers.location as string);
  expect((await raw.send("GET", `${callback.pathname}${callback.search}`, undefined)).status).toBe(303);
}

/** A token for a seeded account (password "password"), by logging in. */
export async function login(app: () => FastifyInstance, email: string): Promise<string> {
  const res = await api(app).post("/api/login", { phone: email, password: "password" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.access.token as string;
}

/** The id of the shop `email` owns. */
export async function shopIdOf(dbh: DbHandle, email: string): Promise<number> {
  const row = await dbh.db
    .selectFrom("shops as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select("s.id")
    .where("u.email", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
