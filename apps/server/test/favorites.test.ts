import { envelope, favoriteIdsData, favoritesData, favoriteToggleData } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

describe.each(dbKinds)("favourites API on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let productIds: number[];

  beforeAll(async () => {
    t = await openTestApp(kind);
    productIds = (
      await t.dbh.db.selectFrom("products").select("id").where("is_active", "=", 1).orderBy("id").limit(3).execute()
    ).map((p) => p.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const fresh = async () => (await newShoppers(t.dbh, 1))[0] as { token: string; id: number };
  const toggle = async (product_id: number, tok: string) => {
    const res = await http.post("/api/favorite-add-or-remove", { product_id }, tok);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { message: res.body.message as string, data: envelope(favoriteToggleData).parse(res.body).data };
  };
  const list = async (tok: string, query = "") => {
    const res = await http.get(`/api/favorite-products${query}`, tok);
    expect(res.status).toBe(200);
    return envelope(favoritesData).parse(res.body).data;
  };
  const ids = async (tok: string) => {
    const res = await http.get("/api/favorites/ids", tok);
    expect(res.status).toBe(200);
    return envelope(favoriteIdsData).parse(res.body).data.product_ids;
  };

  it("needs the token", async () => {
    expect((await http.get("/api/favorite-products")).status).toBe(401);
    expect((await http.get("/api/favorites/ids")).status).toBe(401);
    expect((await http.post("/api/favorite-add-or-remove", { product_id: 1 })).status).toBe(401);
  });

  it("toggles a product in and out of the favourites with the count in the answer", async () => {
    const me = await fresh();
    const [a, b] = productIds as [number, number];
    expect(await toggle(a, me.token)).toEqual({
      message: "Product added to favorites",
      data: { product_id: a, is_favorite: true, count: 1 },
    });
    expect((await toggle(b, me.token)).data).toEqual({ product_id: b, is_favorite: true, count: 2 });
    const both = await list(me.token);
    expect(both.count).toBe(2);
    expect(both.products.map((p) => p.id)).toEqual([b, a]);
    expect((await http.get(`/api/products/${a}/details`)).body.data.product.name).toBe(both.products[1]?.name);

    expect(await toggle(a, me.token)).toEqual({
      message: "Product removed from favorites",
      data: { product_id: a, is_favorite: false, count: 1 },
    });
    expect((await list(me.token)).products.map((p) => p.id)).toEqual([b]);
    expect(await ids(me.token)).toEqual([b]);
  });

  it("pages the list and keeps the total count", async () => {
    const me = await fresh();
    for (const id of productIds) await toggle(id, me.token);
    const page = await list(me.token, "?page=2&per_page=2");
    expect(page).toMatchObject({ count: 3, current_page: 2, last_page: 2 });
    expect(page.products.map((p) => p.id)).toEqual([productIds[0]]);
    expect((await http.get("/api/favorite-products?per_page=1000", me.token)).status).toBe(422);
  });

  it("keeps each shopper's favourites private", async () => {
    const [me, other] = [await fresh(), await fresh()];
    await toggle(productIds[0] as number, me.token);
    expect(await list(other.token)).toMatchObject({ count: 0, products: [] });
    expect(await ids(other.token)).toEqual([]);
    // The other shopper toggling the same product only changes their own list.
    expect((await toggle(productIds[0] as number, other.token)).data.is_favorite).toBe(true);
    expect((await list(me.token)).count).toBe(1);
  });

  it("rejects unknown products and bad input", async () => {
    const me = await fresh();
    expect((await http.post("/api/favorite-add-or-remove", { product_id: 999_999 }, me.token)).status).toBe(404);
    expect((await http.post("/api/favorite-add-or-remove", { product_id: "1" }, me.token)).status).toBe(422);
    expect((await http.post("/api/favorite-add-or-remove", {}, me.token)).body.errors.product_id).toEqual([
      "The product_id field is required.",
    ]);
    expect((await list(me.token)).count).toBe(0);
  });

  it("parallel toggles of one product end in a consistent state", async () => {
    const me = await fresh();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        http.post("/api/favorite-add-or-remove", { product_id: productIds[1] }, me.token),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // An even number of toggles leaves it out of the favourites.
    expect((await list(me.token)).count).toBe(0);
  });

  it("lists the shopper's favourite ids, newest first, and leaves catalog answers the same for everyone", async () => {
    const me = await fresh();
    const [a, b, c] = productIds as [number, number, number];
    for (const id of [a, c, b]) await toggle(id, me.token);
    expect(await ids(me.token)).toEqual([b, c, a]);
    // A product taken off sale leaves the hearts' list with it.
    await t.dbh.db.updateTable("products").set({ is_active: 0 }).where("id", "=", c).execute();
    expect(await ids(me.token)).toEqual([b, a]);
    await t.dbh.db.updateTable("products").set({ is_active: 1 }).where("id", "=", c).execute();

    const details = async (tok?: string) => (await http.get(`/api/products/${a}/details`, tok)).body.data.product;
    const mine = await details(me.token);
    expect(mine).not.toHaveProperty("is_favorite");
    expect(mine).toEqual(await details());
  });
});
