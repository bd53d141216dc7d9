import zlib from "node:zlib";
import { type ProductBody, sellerProductData } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesIfNoneMatch, weakEtag } from "../src/lib/http-cache.ts";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { login, shopIdOf } from "./order-helpers.ts";

const SELLER = "owner1@example.com";

describe.each(dbKinds)("cacheable catalogue answers on %s", (kind) => {
  let t: TestApp;
  let productId: number;
  let shopper: string;

  beforeAll(async () => {
    t = await openTestApp(kind, { env: { CATALOG_CACHE_SECONDS: "60" } });
    const shopId = await shopIdOf(t.dbh, SELLER);
    const row = await t.dbh.db
      .selectFrom("products")
      .select("id")
      .where("shop_id", "=", shopId)
      .where("is_active", "=", 1)
      .where("moderation", "=", "approved")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = row.id;
    shopper = ((await newShoppers(t.dbh, 1))[0] as { token: string }).token;
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const detailsUrl = () => `/api/products/${productId}/details`;
  const views = async () =>
    (await t.dbh.db.selectFrom("products").select("views").where("id", "=", productId).executeTakeFirstOrThrow()).views;

  it("tags product details, answers 304 to a matching If-None-Match, and counts that view", async () => {
    const before = await views();
    const first = await get(detailsUrl());
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(String(first.headers.vary).split(", ")).toEqual(expect.arrayContaining(["accept-language"]));

    const again = await get(detailsUrl(), { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    // A browser may send several tags, or the strong form of the weak one.
    expect((await get(detailsUrl(), { "if-none-match": `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(detailsUrl(), { "if-none-match": '"other"' })).statusCode).toBe(200);
    await expect.poll(views).toBe(before + 4);
  });

  it("gives another tag after the seller changes the price, and another per language", async () => {
    const old = String((await get(detailsUrl())).headers.etag);
    const seller = await login(() => t.app, SELLER);
    const auth = { authorization: `Bearer ${seller}` };
    const mine = await t.app.inject({ url: `/api/seller/products/${productId}`, headers: auth });
    const { id, slug, url, moderation, moderation_reason, ...form } = sellerProductData.parse(mine.json().data).product;
    const price = form.price === 123.45 ? 234.56 : 123.45;
    const body: ProductBody = { ...form, price, discount_price: 0 };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/seller/products/${productId}`,
      payload: body,
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const changed = await get(detailsUrl(), { "if-none-match": old });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.product.price).toBe(price);
    expect(changed.headers.etag).not.toBe(old);

    const ar = await get(detailsUrl(), { "accept-language": "ar", "if-none-match": String(changed.headers.etag) });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers.etag).not.toBe(changed.headers.etag);
  });

  it("gives a signed-in shopper the visitor's answer, with no favourite flags", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/favorite-add-or-remove",
      payload: { product_id: productId },
      headers: { authorization: `Bearer ${shopper}` },
    });
    for (const url of [detailsUrl(), "/api/products?per_page=50", "/api/home"]) {
      const visitor = await get(url);
      const signedIn = await get(url, { authorization: `Bearer ${shopper}` });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toBe(visitor.body);
      expect(signedIn.headers.etag).toBe(visitor.headers.etag);
      expect(signedIn.headers["cache-control"]).toMatch(/^public,/);
      expect(signedIn.body).not.toContain("is_favorite");
    }
    const ids = await get("/api/favorites/ids", { authorization: `Bearer ${shopper}` });
    expect(ids.json().data).toEqual({ product_ids: [productId] });
    expect((await get("/api/favorites/ids")).statusCode).toBe(401);
  });

  it("keeps a signed-in shopper's reviews private: their own helpful votes are in them", async () => {
    const url = `/api/products/${productId}/reviews`;
    const visitor = await get(url);
    expect(visitor.headers["cache-control"]).toMatch(/^public,/);
    expect(String(visitor.headers.vary)).toContain("authorization");
    const signedIn = await get(url, {
      authorization: `Bearer ${shopper}`,
      "if-none-match": String(visitor.headers.etag),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
  });

  it("tags the other public answers the same way, and never an error", async () => {
    for (const url of [
      "/api/home",
      "/api/categories",
      "/api/shops",
      "/api/brands",
      "/api/most-popular",
      "/api/flash-sales",
      "/api/search/suggestions?q=sh",
      "/api/blogs",
      "/api/pages/terms-and-conditions",
      "/api/master",
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers["cache-control"], url).toMatch(/^public, max-age=0, s-maxage=60/);
      // the tag of what was sent, also where it was kept with the answer (settings)
      expect(first.headers.etag, url).toBe(weakEtag(first.body));
      expect((await get(url, { "if-none-match": String(first.headers.etag) })).statusCode, url).toBe(304);
    }
    const missing = await get("/api/products/999999/details");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers["cache-control"]).toBeUndefined();
  });

  it.each([
    ["a kept product answer", () => ({ url: detailsUrl(), headers: {} })],
    ["settings, made afresh", () => ({ url: "/api/master", headers: {} })],
    [
      "a signed-in shopper's product answer",
      () => ({ url: detailsUrl(), headers: { authorization: `Bearer ${shopper}` } }),
    ],
  ])("sends %s compressed as the browser asks, the same answer in every encoding", async (_, request) => {
    const { url, headers } = request();
    const fresh = await get(url, { ...headers, "accept-encoding": "gzip, deflate, br" });
    expect(fresh.headers["content-encoding"]).toBe("br");
    const plain = zlib.brotliDecompressSync(fresh.rawPayload).toString();
    expect(JSON.parse(plain).message).toBe("Success");
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["br;q=0.5, gzip", "gzip", zlib.gunzipSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["identity", undefined, (b: Buffer) => b],
    ] as const) {
      // Twice: the second is answered from the compressed form made the first time.
      for (let i = 0; i < 2; i++) {
        const again = await get(url, { ...headers, "accept-encoding": accepted });
        expect(again.statusCode, accepted).toBe(200);
        expect(again.headers["content-encoding"], accepted).toBe(encoding);
        expect(again.headers.etag).toBe(fresh.headers.etag);
        expect(String(again.headers.vary)).toContain("accept-encoding");
        expect(decode(again.rawPayload).toString(), accepted).toBe(plain);
      }
    }
    expect((await get(url, headers)).body).toBe(plain);
  });
});

describe("If-None-Match", () => {
  it("compares weakly, in a list, and matches *", () => {
    expect(matchesIfNoneMatch('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b" , W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch("*", 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"ab"', 'W/"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"a"')).toBe(false);
  });
});
