import { home, productDetailsAnswer, productList } from "@market/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOWN_PRODUCT_COLUMNS } from "../src/db/migrations/024-shown-version.ts";
import { clock } from "../src/lib/clock.ts";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

// The catalogue keeps the cards and product pages it built until the product's shown_version moves
// (modules/catalog/shown.ts); triggers move it (migration 024). The test app has no catalogue cache
// (CATALOG_CACHE_SECONDS 0), so every answer below is what a signed-in shopper gets.

describe.each(dbKinds)("products' shown version on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t?.close());

  const { getOk } = getters(() => t.app);
  const db = () => t.dbh.db;
  const versionOf = async (id: number) =>
    Number(
      (await db().selectFrom("products").select("shown_version").where("id", "=", id).executeTakeFirstOrThrow())
        .shown_version,
    );
  /** Whether each of `ids` has a new version after `write`. */
  const moved = async (ids: number[], write: () => Promise<unknown>) => {
    const before = await Promise.all(ids.map(versionOf));
    await write();
    const after = await Promise.all(ids.map(versionOf));
    return after.map((v, i) => v > (before[i] ?? 0));
  };
  const details = (id: number, locale = "en") =>
    getOk(`/api/products/${id}/details`, productDetailsAnswer, { "accept-language": locale });
  /**
   * A listed product with sizes, colours and a review, another of its shop, and a stranger: of
   * another shop and category, not reviewed by the same shopper.
   */
  const sample = async () => {
    const row = await db()
      .selectFrom("products as p")
      .innerJoin("product_sizes as ps", "ps.product_id", "p.id")
      .innerJoin("product_colors as pc", "pc.product_id", "p.id")
      .innerJoin("reviews as r", "r.product_id", "p.id")
      .select(["p.id", "p.shop_id", "p.category_id", "ps.size_id", "pc.color_id", "r.id as review_id", "r.user_id"])
      .where("p.is_active", "=", 1)
      .where("p.moderation", "=", "approved")
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    const other = await db()
      .selectFrom("products")
      .select("id")
      .where("shop_id", "=", row.shop_id)
      .where("id", "!=", row.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const stranger = await db()
      .selectFrom("products")
      .select("id")
      .where("shop_id", "!=", row.shop_id)
      .where("category_id", "!=", row.category_id)
      .where("id", "not in", (eb) => eb.selectFrom("reviews").select("product_id").where("user_id", "=", row.user_id))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return { ...row, other: other.id, stranger: stranger.id };
  };

  // A migration that adds a column to products names it in the trigger too (a new list, here).
  it("names every column of products that a shopper can see, so a new column cannot be missed", async () => {
    const columns =
      kind === "sqlite"
        ? (await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db())).rows
        : (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'products' and table_schema = current_schema()`.execute(db())
          ).rows;
    const unseen = ["id", "views", "shown_version"];
    expect(columns.map((c) => c.name).filter((c) => !unseen.includes(c))).toEqual(
      expect.arrayContaining(SHOWN_PRODUCT_COLUMNS),
    );
    expect(SHOWN_PRODUCT_COLUMNS).toHaveLength(columns.length - unseen.length);
  });

  it("moves with every write to what a product shows, and only for the products it shows on", async () => {
    const s = await sample();
    const one = [true, false, false];
    const none = [false, false, false];
    const maybeOther = [true, expect.any(Boolean), false];
    // a size's or colour's name moves every product that has it
    const itself = [true, expect.any(Boolean), expect.any(Boolean)];
    // [what, the write, which of (product, another of its shop, a stranger) it moves]
    const writes: Array<[string, () => Promise<unknown>, unknown[]]> = [
      ["its price", () => db().updateTable("products").set({ price: 1234 }).where("id", "=", s.id).execute(), one],
      [
        "its views (counted every 200 ms)",
        () =>
          db()
            .updateTable("products")
            .set((eb) => ({ views: eb("views", "+", 5) }))
            .where("id", "=", s.id)
            .execute(),
        none,
      ],
      [
        "its stock",
        () => db().updateTable("product_variants").set({ stock: 3 }).where("product_id", "=", s.id).execute(),
        one,
      ],
      [
        "a size's surcharge",
        () =>
          db()
            .updateTable("product_sizes")
            .set({ price: 250 })
            .where("product_id", "=", s.id)
            .where("size_id", "=", s.size_id)
            .execute(),
        one,
      ],
      [
        "a colour taken off",
        () =>
          db().deleteFrom("product_colors").where("product_id", "=", s.id).where("color_id", "=", s.color_id).execute(),
        one,
      ],
      [
        "a colour added",
        () => db().insertInto("product_colors").values({ product_id: s.id, color_id: s.color_id, price: 0 }).execute(),
        one,
      ],
      [
        "an image added",
        () =>
          db().insertInto("product_images").values({ product_id: s.id, url: "/uploads/products/x-800.webp" }).execute(),
        one,
      ],
      [
        "a review's votes",
        () => db().updateTable("reviews").set({ helpful_count: 9 }).where("id", "=", s.review_id).execute(),
        one,
      ],
      [
        "a review's photo",
        () =>
          db().insertInto("review_photos").values({ review_id: s.review_id, url: "/uploads/reviews/x.webp" }).execute(),
        one,
      ],
      [
        "its reviewer's name",
        () => db().updateTable("users").set({ name: "Renamed Reviewer" }).where("id", "=", s.user_id).execute(),
        maybeOther,
      ],
      [
        "its category's name",
        () => db().updateTable("categories").set({ name: "Renamed" }).where("id", "=", s.category_id).execute(),
        maybeOther,
      ],
      [
        "its size's name",
        () => db().updateTable("sizes").set({ name: "XS" }).where("id", "=", s.size_id).execute(),
        itself,
      ],
      [
        "its colour's names",
        () => db().updateTable("colors").set({ i18n: "{}" }).where("id", "=", s.color_id).execute(),
        itself,
      ],
      // a shop's name moves every product of the shop; its last visit moves none
      [
        "its shop's name",
        () => db().updateTable("shops").set({ name: "Renamed Shop" }).where("id", "=", s.shop_id).execute(),
        [true, true, false],
      ],
      [
        "its shop's last visit",
        () => db().updateTable("shops").set({ last_online: clock.iso() }).where("id", "=", s.shop_id).execute(),
        none,
      ],
    ];
    for (const [what, write, expected] of writes) {
      expect(await moved([s.id, s.other, s.stranger], write), what).toEqual(expected);
    }
  });

  it("answers what was just written on every page that shows the product, in each language", async () => {
    const s = await sample();
    const card = async (url: string) =>
      (await getOk(url, productList)).data.find((p) => p.id === s.id) ?? expect.fail(`${s.id} not on ${url}`);
    const listUrl = `/api/products?shop_id=${s.shop_id}&per_page=100`;
    // Built once, then kept.
    const first = await details(s.id);
    expect((await details(s.id)).product).toEqual(first.product);
    await card(listUrl);
    await details(s.id, "ar");

    await db().updateTable("product_variants").set({ stock: 7 }).where("product_id", "=", s.id).execute();
    const stocked = await details(s.id);
    expect(stocked.product.variants.every((v) => v.stock === 7)).toBe(true);
    expect(stocked.product.quantity).toBe(7 * stocked.product.variants.length);
    expect((await card(listUrl)).quantity).toBe(stocked.product.quantity);

    await db().updateTable("shops").set({ name: "A Shop Renamed" }).where("id", "=", s.shop_id).execute();
    expect((await details(s.id)).product.shop.name).toBe("A Shop Renamed");
    expect((await card(listUrl)).shop.name).toBe("A Shop Renamed");

    await db()
      .updateTable("colors")
      .set({ i18n: JSON.stringify({ ar: { name: "لون جديد" } }) })
      .where("id", "=", s.color_id)
      .execute();
    const ar = await details(s.id, "ar");
    expect(ar.product.colors.find((c) => c.id === s.color_id)?.name).toBe("لون جديد");

    await db().updateTable("users").set({ name: "Reviewer Renamed" }).where("id", "=", s.user_id).execute();
    expect((await details(s.id)).product.reviews.map((r) => r.user.name)).toContain("Reviewer Renamed");

    await db().updateTable("products").set({ price: 4321, discount_price: 0 }).where("id", "=", s.id).execute();
    const repriced = await details(s.id);
    expect(repriced.product.price).toBe(43.21);
    expect((await card(listUrl)).price).toBe(43.21);
    expect(repriced.product.variants.every((v) => v.price >= 43.21)).toBe(true);

    // Hidden by its seller: gone at once, from its page and from the other pages' rows.
    await db().updateTable("products").set({ is_active: 0 }).where("id", "=", s.id).execute();
    expect((await t.app.inject({ url: `/api/products/${s.id}/details` })).statusCode).toBe(404);
    const neighbour = await details(s.other);
    expect([...neighbour.related_products, ...neighbour.popular_products].map((p) => p.id)).not.toContain(s.id);
    await db().updateTable("products").set({ is_active: 1 }).where("id", "=", s.id).execute();
  });

  it("keeps home's rows for a minute, but shows their cards as of now and drops a product taken off", async () => {
    const first = await getOk("/api/home", home);
    const id = first.new_arrivals[0]?.id as number;
    // a deal of the product's own discount, not of a flash sale
    const deal = first.best_deals.find((p) => p.flash_sale === null && p.id !== id)?.id as number;
    expect(deal).toBeDefined();
    const rowsOf = (h: typeof first) =>
      [h.popular_products, h.best_deals, h.new_arrivals, h.flash_sale?.products ?? []].map((row) =>
        row.map((p) => p.id),
      );
    const before = await db()
      .selectFrom("products")
      .select(["price", "discount_price"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await db().updateTable("products").set({ price: 5678, discount_price: 0 }).where("id", "=", id).execute();
    const repriced = await getOk("/api/home", home);
    expect(repriced.new_arrivals.find((p) => p.id === id)?.price).toBe(56.78);
    await db().updateTable("products").set({ is_active: 0 }).where("id", "=", id).execute();
    const hidden = await getOk("/api/home", home);
    expect(rowsOf(hidden).flat()).not.toContain(id);
    expect(rowsOf(hidden)).toEqual(rowsOf(first).map((row) => row.filter((p) => p !== id)));
    await db().updateTable("products").set({ is_active: 1 }).where("id", "=", id).execute();
    expect(rowsOf(await getOk("/api/home", home))).toEqual(rowsOf(first));

    const own = db().selectFrom("products").select("discount_price").where("id", "=", deal);
    const { discount_price } = await own.executeTakeFirstOrThrow();
    await db().updateTable("products").set({ discount_price: 0 }).where("id", "=", deal).execute();
    const ended = await getOk("/api/home", home);
    expect(ended.best_deals.map((p) => p.id)).toEqual(first.best_deals.map((p) => p.id).filter((p) => p !== deal));
    await db().updateTable("products").set({ discount_price }).where("id", "=", deal).execute();
    await db().updateTable("products").set(before).where("id", "=", id).execute();
  });

  it("prices a kept card with the flash sale running now, and without it once it ends", async () => {
    const s = await sample();
    await db().updateTable("products").set({ price: 10_000, discount_price: 0 }).where("id", "=", s.id).execute();
    expect((await details(s.id)).product.discount_price).toBe(0);
    const now = clock.ms();
    const sale = await db()
      .insertInto("flash_sales")
      .values({
        name: "Kept-card sale",
        thumbnail: "",
        start_date: new Date(now - 60_000).toISOString(),
        end_date: new Date(now + 3_600_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("flash_sale_items")
      .values({ flash_sale_id: sale.id, product_id: s.id, sale_price: 6_000, quantity: 5, sold: 0 })
      .execute();
    const onSale = await details(s.id);
    expect(onSale.product.discount_price).toBe(60);
    expect(onSale.product.flash_sale?.id).toBe(sale.id);
    expect(onSale.product.variants.every((v) => v.discount_price >= 60)).toBe(true);

    await db()
      .updateTable("flash_sales")
      .set({ end_date: new Date(now - 1000).toISOString() })
      .where("id", "=", sale.id)
      .execute();
    const ended = await details(s.id);
    expect(ended.product.discount_price).toBe(0);
    expect(ended.product.flash_sale).toBeNull();
  });

  it("shows a signed-in shopper's own new review on the product page at once", async () => {
    const s = await sample();
    const before = (await details(s.id)).product.review_summary.count;
    const [shopper] = await newShoppers(t.dbh, 1);
    await db()
      .insertInto("reviews")
      .values({
        product_id: s.id,
        user_id: shopper?.id as number,
        rating: 5,
        comment: "Kept pages show this at once",
        created_at: new Date(clock.ms() + 60_000).toISOString(),
      })
      .execute();
    const page = await details(s.id);
    expect(page.product.reviews[0]?.comment).toBe("Kept pages show this at once");
    expect(page.product.review_summary.count).toBe(before + 1);
  });
});
