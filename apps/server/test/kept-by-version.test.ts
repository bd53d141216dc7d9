import { categoriesAnswer, home, paginated, productCard, productDetailsAnswer, productList } from "@market/contract";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { queueIndexing } from "../src/modules/catalog/search.ts";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

// Home, lists, searches and product pages are kept by the catalogue's version (migrations 025 and 026), which
// triggers move on every write those answers show; the test app has no catalogue cache
// (CATALOG_CACHE_SECONDS 0), so every answer below comes from the kept answers or is built.

describe.each(dbKinds)("answers kept by the catalogue's version on %s", (kind) => {
  let t: TestApp;
  let unkept: TestApp;
  beforeAll(async () => {
    [t, unkept] = await Promise.all([openTestApp(kind), openTestApp(kind, { env: { CATALOG_KEPT_SECONDS: "0" } })]);
  });
  afterAll(() => Promise.all([t?.close(), unkept?.close()]));
  afterEach(() => clock.reset());

  const { getOk } = getters(() => t.app);
  const db = () => t.dbh.db;
  const version = async () =>
    Number((await db().selectFrom("catalog_version").select("version").executeTakeFirstOrThrow()).version);
  /** How far the catalogue's version moved over `write`. */
  const moves = async (write: () => Promise<unknown>) => {
    const before = await version();
    await write();
    return (await version()) - before;
  };
  const listed = () =>
    db()
      .selectFrom("products")
      .select(["id", "shop_id", "price"])
      .where("is_active", "=", 1)
      .where("moderation", "=", "approved")
      .orderBy("id");
  const popular = (app = t.app) => getters(() => app).getOk("/api/most-popular?per_page=5", paginated(productCard));

  it("moves on every write a list shows, once per transaction, and not on views or a shop's last visit", async () => {
    const [a, b] = await listed().limit(2).execute();
    if (!a || !b) return expect.fail("two listed products");
    const product = (id: number) => db().updateTable("products").where("id", "=", id);
    expect(
      await moves(() =>
        product(a.id)
          .set({ price: a.price + 1 })
          .execute(),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moves(() =>
        db().updateTable("product_variants").set({ stock: 9 }).where("product_id", "=", a.id).execute(),
      ),
    ).toBeGreaterThan(0);
    const shop = db().updateTable("shops").where("id", "=", a.shop_id);
    expect(await moves(() => shop.set({ status: "suspended" }).execute())).toBeGreaterThan(0);
    expect(await moves(() => shop.set({ status: "active" }).execute())).toBeGreaterThan(0);
    const now = clock.ms();
    const sale = db()
      .insertInto("flash_sales")
      .values({
        name: "Version sale",
        thumbnail: "",
        start_date: new Date(now + 3_600_000).toISOString(),
        end_date: new Date(now + 7_200_000).toISOString(),
      })
      .returning("id");
    let saleId = 0;
    expect(await moves(async () => ({ id: saleId } = await sale.executeTakeFirstOrThrow()))).toBeGreaterThan(0);
    expect(
      await moves(() =>
        db()
          .insertInto("flash_sale_items")
          .values({ flash_sale_id: saleId, product_id: b.id, sale_price: 1, quantity: 1, sold: 0 })
          .execute(),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moves(() => queueIndexing({ dbh: t.dbh, jobs: t.app.jobs }, [a.id]).then(() => t.app.jobs.idle())),
    ).toBeGreaterThan(0);

    // What home shows beyond products (migration 026): the admin's banners and categories, a shop's face.
    const category = await db().selectFrom("categories").select(["id", "name"]).executeTakeFirstOrThrow();
    const categoryRow = db().updateTable("categories").where("id", "=", category.id);
    expect(await moves(() => categoryRow.set({ name: `${category.name}!` }).execute())).toBeGreaterThan(0);
    expect(await moves(() => categoryRow.set({ name: category.name }).execute())).toBeGreaterThan(0);
    expect(await moves(() => db().updateTable("sub_categories").set({ sort: sql`sort` }).execute())).toBeGreaterThan(0);
    let bannerId = 0;
    const newBanner = db()
      .insertInto("banners")
      .values({ title: "Version banner", image: "", url: "/" })
      .returning("id");
    expect(await moves(async () => ({ id: bannerId } = await newBanner.executeTakeFirstOrThrow()))).toBeGreaterThan(0);
    expect(await moves(() => db().deleteFrom("banners").where("id", "=", bannerId).execute())).toBeGreaterThan(0);
    expect(await moves(() => shop.set({ is_open: 0 }).execute())).toBeGreaterThan(0);
    expect(await moves(() => shop.set({ is_open: 1 }).execute())).toBeGreaterThan(0);

    expect(await moves(() => product(a.id).set({ views: sql`views + 5` }).execute())).toBe(0);
    expect(await moves(() => shop.set({ last_online: new Date(now + 60_000).toISOString() }).execute())).toBe(0);
    expect(await moves(() => shop.set({ status: "active" }).execute())).toBe(0);
    // On PostgreSQL it moves as the transaction commits, once, however many rows it wrote.
    const many = await moves(() =>
      db()
        .transaction()
        .execute((trx) =>
          trx.updateTable("products").set({ price: sql`price + 1` }).where("id", "in", [a.id, b.id]).execute(),
        ),
    );
    expect(many).toBe(kind === "postgres" ? 1 : 2);
    await db().deleteFrom("flash_sale_items").where("flash_sale_id", "=", saleId).execute();
    await db().deleteFrom("flash_sales").where("id", "=", saleId).execute();
  });

  it("keeps an answer while nothing it shows changed, at most CATALOG_KEPT_SECONDS for what no trigger follows", async () => {
    const first = await popular();
    const last = (await listed().execute()).find((p) => !first.data.some((c) => c.id === p.id));
    if (!last) return expect.fail("a product outside the most popular");
    const before = await db()
      .selectFrom("products")
      .select("views")
      .where("id", "=", last.id)
      .executeTakeFirstOrThrow();
    await popular(unkept.app);
    // Views move no version (the counter writes them every 200 ms): the kept answer stays for a while.
    await db().updateTable("products").set({ views: 1_000_000_000 }).where("id", "=", last.id).execute();
    await unkept.dbh.db.updateTable("products").set({ views: 1_000_000_000 }).where("id", "=", last.id).execute();
    expect((await popular()).data.map((p) => p.id)).toEqual(first.data.map((p) => p.id));
    expect((await popular(unkept.app)).data[0]?.id).toBe(last.id);
    const now = clock.ms();
    clock.set(() => now + 61_000);
    expect((await popular()).data[0]?.id).toBe(last.id);
    await db().updateTable("products").set(before).where("id", "=", last.id).execute();
    await unkept.dbh.db.updateTable("products").set(before).where("id", "=", last.id).execute();
  });

  it("ends a flash sale on kept pages when its time is up, with no write", async () => {
    const [p] = await listed().limit(1).execute();
    if (!p) return expect.fail("a listed product");
    await db().updateTable("products").set({ price: 10_000, discount_price: 0 }).where("id", "=", p.id).execute();
    const now = clock.ms();
    const sale = await db()
      .insertInto("flash_sales")
      .values({
        name: "Clock sale",
        thumbnail: "",
        start_date: new Date(now - 60_000).toISOString(),
        end_date: new Date(now + 30_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("flash_sale_items")
      .values({ flash_sale_id: sale.id, product_id: p.id, sale_price: 6_000, quantity: 5, sold: 0 })
      .execute();
    const page = () => getOk(`/api/products/${p.id}/details`, productDetailsAnswer);
    const card = async () =>
      (await getOk(`/api/products?shop_id=${p.shop_id}&per_page=100`, productList)).data.find((c) => c.id === p.id);
    expect((await page()).product.discount_price).toBe(60);
    expect((await card())?.discount_price).toBe(60);
    clock.set(() => now + 31_000); // within CATALOG_KEPT_SECONDS: only the sale's end can tell
    expect((await page()).product.flash_sale).toBeNull();
    expect((await card())?.discount_price).toBe(0);
    await db().deleteFrom("flash_sale_items").where("flash_sale_id", "=", sale.id).execute();
    await db().deleteFrom("flash_sales").where("id", "=", sale.id).execute();
  });

  it("keeps home while nothing it shows changed, and shows a banner, a category or a shop changed at once", async () => {
    const getHome = () => getOk("/api/home", home);
    const first = await getHome();
    const [category] = first.categories;
    const [shop] = first.shops;
    if (!category || !shop) return expect.fail("home shows a category and a shop");
    const now = clock.ms();
    // A shop's last visit moves no version: whether it is online lags by at most CATALOG_KEPT_SECONDS.
    const { last_online } = await db()
      .selectFrom("shops")
      .select("last_online")
      .where("id", "=", shop.id)
      .executeTakeFirstOrThrow();
    const visit = shop.is_online ? null : new Date(now + 600_000).toISOString();
    await db().updateTable("shops").set({ last_online: visit }).where("id", "=", shop.id).execute();
    expect(await getHome()).toEqual(first);
    // Home reads no query: a URL with one is the same kept answer, not another one to build and keep.
    expect(await getOk("/api/home?utm_source=mail", home)).toEqual(first);
    clock.set(() => now + 61_000);
    expect((await getHome()).shops.find((s) => s.id === shop.id)?.is_online).toBe(!shop.is_online);
    await db().updateTable("shops").set({ last_online }).where("id", "=", shop.id).execute();
    clock.reset();

    const banner = await db()
      .insertInto("banners")
      .values({
        title: "Ends by the clock",
        image: "/media/banners/1-1200.webp",
        url: "/products",
        sort: -1,
        ends_at: new Date(now + 30_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await getHome()).banners[0]).toMatchObject({ id: banner.id, title: "Ends by the clock" });
    clock.set(() => now + 31_000); // within CATALOG_KEPT_SECONDS: only the banner's end can tell
    expect((await getHome()).banners.map((b) => b.id)).not.toContain(banner.id);
    await db().deleteFrom("banners").where("id", "=", banner.id).execute();
    await db().updateTable("categories").set({ name: "Renamed category" }).where("id", "=", category.id).execute();
    await db().updateTable("shops").set({ name: "Renamed shop" }).where("id", "=", shop.id).execute();
    const renamed = await getHome();
    expect(renamed.categories.find((c) => c.id === category.id)?.name).toBe("Renamed category");
    expect(renamed.shops.find((s) => s.id === shop.id)?.name).toBe("Renamed shop");
    expect((await getOk("/api/categories", categoriesAnswer)).categories[0]?.name).toBe("Renamed category");
    await db().updateTable("categories").set({ name: category.name }).where("id", "=", category.id).execute();
    await db().updateTable("shops").set({ name: shop.name }).where("id", "=", shop.id).execute();
    expect(await getHome()).toEqual(first);
  });

  it("finds a renamed product once its search row is rewritten, even if the search was asked in between", async () => {
    const [p] = await listed().limit(1).execute();
    if (!p) return expect.fail("a listed product");
    const search = async () => (await getOk("/api/products?search=zanzibarite", productList)).data.map((c) => c.id);
    expect(await search()).toEqual([]);
    await db().updateTable("products").set({ name: "Zanzibarite lamp" }).where("id", "=", p.id).execute();
    expect(await search()).toEqual([]); // its search row is rewritten by a job
    await queueIndexing({ dbh: t.dbh, jobs: t.app.jobs }, [p.id]);
    await t.app.jobs.idle();
    expect(await search()).toEqual([p.id]);
  });

  it("answers the last write after writers and readers raced", async () => {
    const [p] = await listed().limit(1).execute();
    if (!p) return expect.fail("a listed product");
    const url = `/api/products?shop_id=${p.shop_id}&per_page=100`;
    const priceOn = async (path: string) =>
      path.includes("details")
        ? (await getOk(path, productDetailsAnswer)).product.price
        : (await getOk(path, productList)).data.find((c) => c.id === p.id)?.price;
    const prices = Array.from({ length: 12 }, (_, i) => 2_000 + i);
    await Promise.all([
      ...prices.map((price) =>
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("products").set({ price, discount_price: 0 }).where("id", "=", p.id).execute();
            if (kind === "postgres") await sql`select pg_sleep(0.01)`.execute(trx);
          }),
      ),
      ...prices.flatMap(() => [priceOn(url), priceOn(`/api/products/${p.id}/details`)]),
    ]);
    const { price } = await db()
      .selectFrom("products")
      .select("price")
      .where("id", "=", p.id)
      .executeTakeFirstOrThrow();
    expect(await priceOn(url)).toBe(price / 100);
    expect(await priceOn(`/api/products/${p.id}/details`)).toBe(price / 100);
  });
});
