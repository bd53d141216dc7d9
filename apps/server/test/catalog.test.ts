import {
  category,
  errorBody,
  flashSaleDetails,
  flashSalesAnswer,
  home,
  type ProductCard,
  paginated,
  productCard,
  productDetailsAnswer,
  productList,
  reviewsAnswer,
  shop,
  shopDetails,
} from "@market/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

const effective = (p: ProductCard) => (p.discount_price > 0 ? p.discount_price : p.price);

describe.each(dbKinds)("catalog API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, getOk } = getters(() => t.app);
  const list = (url: string, headers: Record<string, string> = {}) => getOk(url, productList, headers);
  const activeCount = async () =>
    Number(
      (
        await t.dbh.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("is_active", "=", 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("home and categories", () => {
    it("GET /api/home has banners, categories, the running flash sale and the product rows", async () => {
      const data = await getOk("/api/home", home);
      expect(data.banners.length).toBeGreaterThan(0);
      expect(data.categories.length).toBeGreaterThanOrEqual(10);
      expect(data.categories.some((c) => c.sub_categories.length > 0)).toBe(true);
      expect(data.flash_sale).not.toBeNull();
      expect(data.flash_sale?.products.length).toBeGreaterThan(0);
      expect(data.flash_sale?.products.length).toBeLessThanOrEqual(10);
      for (const row of [data.popular_products, data.best_deals, data.new_arrivals]) {
        expect(row.length).toBeGreaterThan(0);
        expect(row.length).toBeLessThanOrEqual(10);
      }
      const pct = data.best_deals.map((p) => p.discount_percentage);
      expect(pct.every((v) => v > 0)).toBe(true);
      expect(pct).toEqual([...pct].sort((a, b) => b - a));
      expect(data.shops.length).toBeGreaterThan(0);
      const ratings = data.shops.map((s) => s.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    });

    it("GET /api/categories lists categories with sub-categories and product counts", async () => {
      const data = await getOk("/api/categories", z.object({ categories: z.array(category) }));
      expect(data.categories.length).toBeGreaterThanOrEqual(10);
      expect(data.categories.reduce((n, c) => n + c.total_products, 0)).toBe(await activeCount());
      const first = data.categories[0];
      const subs = await t.dbh.db
        .selectFrom("sub_categories")
        .select("id")
        .where("category_id", "=", first?.id ?? 0)
        .execute();
      expect(first?.sub_categories.map((s) => s.id).sort()).toEqual(subs.map((s) => s.id).sort());
    });

    it("names follow Accept-Language: ar, falling back to English", async () => {
      const en = await getOk("/api/categories", z.object({ categories: z.array(category) }));
      const ar = await getOk("/api/categories", z.object({ categories: z.array(category) }), {
        "accept-language": "ar",
      });
      const row = await t.dbh.db
        .selectFrom("categories")
        .select(["id", "i18n"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const arName = (JSON.parse(row.i18n) as { ar: { name: string } }).ar.name;
      expect(ar.categories.find((c) => c.id === row.id)?.name).toBe(arName);
      expect(en.categories.find((c) => c.id === row.id)?.name).not.toBe(arName);
      const products = await list("/api/products?per_page=5", { "accept-language": "ar-EG,ar;q=0.9" });
      expect(products.data.every((p) => /[\u0600-\u06FF]/.test(p.name))).toBe(true);
      const unknown = await list("/api/products?per_page=5", { "accept-language": "de" });
      expect(unknown.data.every((p) => !/[\u0600-\u06FF]/.test(p.name))).toBe(true);
    });
  });

  describe("shops", () => {
    it("GET /api/shops pages through the shops", async () => {
      const all = await getOk("/api/shops?per_page=100", paginated(shop));
      expect(all.total).toBeGreaterThanOrEqual(8);
      const p1 = await getOk("/api/shops?per_page=3&page=1", paginated(shop));
      const p2 = await getOk("/api/shops?per_page=3&page=2", paginated(shop));
      expect(p1.total).toBe(all.total);
      expect(p1.last_page).toBe(Math.ceil(all.total / 3));
      expect(p1.data).toHaveLength(3);
      expect(p2.data.map((s) => s.id)).toEqual(all.data.slice(3, 6).map((s) => s.id));
    });

    it("GET /api/shops?search finds a shop by a word of its name, a prefix and a one-letter typo", async () => {
      const all = await getOk("/api/shops?per_page=100", paginated(shop));
      const target = all.data[all.data.length - 1] as (typeof all.data)[number];
      const word = target.name.split(" ").sort((a, b) => b.length - a.length)[0] as string;
      for (const q of [word, word.slice(0, 3), `${word.slice(0, 1)}${word.slice(2)}`]) {
        const found = await getOk(`/api/shops?search=${encodeURIComponent(q)}`, paginated(shop));
        expect(
          found.data.map((s) => s.id),
          q,
        ).toContain(target.id);
        expect(found.total).toBeLessThan(all.total);
      }
      const none = await getOk("/api/shops?search=zzzzqqq", paginated(shop));
      expect(none).toMatchObject({ total: 0, data: [] });
    });

    it("GET /api/shops/:id answers the shop and the categories it sells in; unknown id is 404", async () => {
      const data = await getOk("/api/shops/1", shopDetails);
      expect(data.shop.id).toBe(1);
      expect(data.shop.total_products).toBeGreaterThan(0);
      expect(data.categories.length).toBeGreaterThan(0);
      const products = await list(`/api/products?shop_id=1&per_page=100`);
      expect(products.total).toBe(data.shop.total_products);
      expect(new Set(products.data.map((p) => p.category.id))).toEqual(new Set(data.categories.map((c) => c.id)));
      const missing = await get("/api/shops/999999");
      expect(missing.status).toBe(404);
      expect(errorBody.parse(missing.body).message).toMatch(/not found/i);
    });
  });

  describe("product list", () => {
    it("defaults to the newest products with paging totals", async () => {
      const total = await activeCount();
      const p1 = await list("/api/products?per_page=7");
      const p2 = await list("/api/products?per_page=7&page=2");
      expect(p1.total).toBe(total);
      expect(p1).toMatchObject({ per_page: 7, current_page: 1, last_page: Math.ceil(total / 7) });
      expect(p1.data).toHaveLength(7);
      expect(p2.current_page).toBe(2);
      const ids1 = p1.data.map((p) => p.id);
      expect(p2.data.some((p) => ids1.includes(p.id))).toBe(false);
      const rows = await t.dbh.db
        .selectFrom("products")
        .select(["id", "created_at"])
        .where("id", "in", [...ids1, ...p2.data.map((p) => p.id)])
        .execute();
      const created = new Map(rows.map((r) => [r.id, r.created_at]));
      const dates = [...p1.data, ...p2.data].map((p) => created.get(p.id) as string);
      expect(dates).toEqual([...dates].sort().reverse());
      const beyond = await list(`/api/products?per_page=100&page=${Math.ceil(total / 100) + 1}`);
      expect(beyond.data).toEqual([]);
      expect(beyond.total).toBe(total);
    });

    it("carries facets of its scope", async () => {
      const data = await list("/api/products?category_id=1&per_page=100");
      expect(data.filters.categories.map((c) => c.id)).toEqual([1]);
      const brandIds = new Set(data.data.flatMap((p) => (p.brand ? [p.brand.id] : [])));
      expect(new Set(data.filters.brands.map((b) => b.id))).toEqual(brandIds);
      const colorIds = new Set(data.data.flatMap((p) => p.colors.map((c) => c.id)));
      expect(new Set(data.filters.colors.map((c) => c.id))).toEqual(colorIds);
      const prices = data.data.map(effective);
      expect(data.filters.min_price).toBe(Math.min(...prices));
      expect(data.filters.max_price).toBe(Math.max(...prices));
    });

    // The catalogue and a category ask each facet value for a product; a search reads its matches'.
    it.each(["", "&category_id=1", "&search=shirt", "&search=cotton%20shirts"])(
      "lists the categories, brands, sizes and colours of all the products of '%s' in their orders",
      async (scope) => {
        const first = await list(`/api/products?per_page=100${scope}`);
        const cards = [...first.data];
        for (let page = 2; page <= first.last_page; page++)
          cards.push(...(await list(`/api/products?per_page=100&page=${page}${scope}`)).data);
        expect(cards.length).toBeGreaterThan(1);
        expect(cards).toHaveLength(first.total);
        const inOrder = async (table: string, order: string, ids: number[]) => {
          const { rows } = await sql<{
            id: number;
          }>`select id from ${sql.table(table)} order by ${sql.raw(order)}`.execute(t.dbh.db);
          return rows.map((r) => Number(r.id)).filter((id) => ids.includes(id));
        };
        const { filters } = first;
        expect(filters.categories.map((c) => c.id)).toEqual(
          await inOrder(
            "categories",
            "sort, id",
            cards.map((c) => c.category.id),
          ),
        );
        expect(filters.brands.map((b) => b.id)).toEqual(
          await inOrder(
            "brands",
            "name, id",
            cards.flatMap((c) => (c.brand ? [c.brand.id] : [])),
          ),
        );
        expect(filters.sizes.map((z) => z.id)).toEqual(
          await inOrder(
            "sizes",
            "sort, id",
            cards.flatMap((c) => c.sizes.map((z) => z.id)),
          ),
        );
        expect(filters.colors.map((k) => k.id)).toEqual(
          await inOrder(
            "colors",
            "name, id",
            cards.flatMap((c) => c.colors.map((k) => k.id)),
          ),
        );
        expect(filters.sizes.length).toBeGreaterThan(0);
        expect(filters.colors.length).toBeGreaterThan(0);
        const prices = cards.map(effective);
        expect([filters.min_price, filters.max_price]).toEqual([Math.min(...prices), Math.max(...prices)]);
      },
    );

    it("gives the whole catalogue's price range with flash-sale prices counted", async () => {
      const first = await list("/api/products?per_page=100");
      const cards = [...first.data];
      for (let page = 2; page <= first.last_page; page++)
        cards.push(...(await list(`/api/products?per_page=100&page=${page}`)).data);
      expect(cards).toHaveLength(first.total);
      expect(cards.some((c) => c.flash_sale !== null)).toBe(true);
      const prices = cards.map(effective);
      expect(first.filters.min_price).toBe(Math.min(...prices));
      expect(first.filters.max_price).toBe(Math.max(...prices));
      // A sale price below every other price is the new lowest.
      const onSale = cards.find((c) => c.flash_sale !== null) as ProductCard;
      const item = { flash_sale_id: onSale.flash_sale?.id as number, product_id: onSale.id };
      const before = await t.dbh.db
        .selectFrom("flash_sale_items")
        .select("sale_price")
        .where("flash_sale_id", "=", item.flash_sale_id)
        .where("product_id", "=", item.product_id)
        .executeTakeFirstOrThrow();
      const setPrice = (sale_price: number) =>
        t.dbh.db
          .updateTable("flash_sale_items")
          .set({ sale_price })
          .where("flash_sale_id", "=", item.flash_sale_id)
          .where("product_id", "=", item.product_id)
          .execute();
      await setPrice(1);
      try {
        expect((await list("/api/products?per_page=1")).filters.min_price).toBe(0.01);
      } finally {
        await setPrice(before.sale_price);
      }
    });

    // The whole catalogue's range is read off an index of base prices (listedPriceRangeSql): only
    // listed products count, and a product on a sale counts at its sale price, whatever its base.
    it("reads the whole catalogue's price range off listed products, each at the price it sells for", async () => {
      const range = async () => {
        const { filters } = await list("/api/products?per_page=1");
        return [filters.min_price, filters.max_price];
      };
      const before = await range();
      const products = await t.dbh.db
        .selectFrom("products")
        .select(["id", "price", "discount_price", "is_active", "shop_id"])
        .execute();
      const now = new Date().toISOString();
      const onSale = await t.dbh.db
        .selectFrom("flash_sale_items as fi")
        .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
        .select("fi.product_id")
        .where("fs.start_date", "<=", now)
        .where("fs.end_date", ">", now)
        .whereRef("fi.sold", "<", "fi.quantity")
        .execute();
      const saleIds = new Set(onSale.map((r) => r.product_id));
      const plain = products.find((p) => !saleIds.has(p.id) && p.is_active === 1) as (typeof products)[number];
      const sale = products.find((p) => saleIds.has(p.id)) as (typeof products)[number];
      const set = (id: number, values: { price?: number; discount_price?: number; is_active?: number }) =>
        t.dbh.db.updateTable("products").set(values).where("id", "=", id).execute();
      try {
        await set(sale.id, { price: 99_999_999, discount_price: 0 });
        expect(await range()).toEqual(before);
        await set(plain.id, { price: 99_999_999, discount_price: 0 });
        expect(await range()).toEqual([before[0], 999_999.99]);
        await set(plain.id, { price: 1 });
        expect(await range()).toEqual([0.01, before[1]]);
        await set(plain.id, { is_active: 0 });
        expect(await range()).toEqual(before);
        await set(plain.id, { is_active: 1 });
        await t.dbh.db.updateTable("shops").set({ status: "suspended" }).where("id", "=", plain.shop_id).execute();
        // The shop's products leave the range: it can only narrow, and the 0.01 product is gone.
        const [min, max] = await range();
        expect(min).not.toBe(0.01);
        expect(min).toBeGreaterThanOrEqual(before[0] as number);
        expect(max).toBeLessThanOrEqual(before[1] as number);
      } finally {
        await t.dbh.db.updateTable("shops").set({ status: "active" }).where("id", "=", plain.shop_id).execute();
        for (const p of [plain, sale])
          await set(p.id, { price: p.price, discount_price: p.discount_price, is_active: p.is_active });
      }
      expect(await range()).toEqual(before);
    });

    it("color_id only returns products having that colour, all of them", async () => {
      const color = await t.dbh.db.selectFrom("colors").select("id").orderBy("id").executeTakeFirstOrThrow();
      const data = await list(`/api/products?color_id=${color.id}&per_page=100`);
      const expected = await t.dbh.db
        .selectFrom("product_colors as pc")
        .innerJoin("products as p", "p.id", "pc.product_id")
        .select("p.id")
        .where("pc.color_id", "=", color.id)
        .where("p.is_active", "=", 1)
        .execute();
      expect(data.total).toBe(expected.length);
      expect(data.total).toBeGreaterThan(0);
      for (const p of data.data) expect(p.colors.map((c) => c.id)).toContain(color.id);
    });

    it("size_id, brand_id, category_id, sub_category_id and shop_id filter what they name", async () => {
      const bySize = await list("/api/products?size_id=1&per_page=100");
      expect(bySize.total).toBeGreaterThan(0);
      for (const p of bySize.data) expect(p.sizes.map((s) => s.id)).toContain(1);

      const brand = await t.dbh.db.selectFrom("brands").select("id").orderBy("id").executeTakeFirstOrThrow();
      const byBrand = await list(`/api/products?brand_id=${brand.id}&per_page=100`);
      expect(byBrand.total).toBeGreaterThan(0);
      for (const p of byBrand.data) expect(p.brand?.id).toBe(brand.id);

      const byCategory = await list("/api/products?category_id=2&per_page=100");
      expect(byCategory.total).toBeGreaterThan(0);
      for (const p of byCategory.data) expect(p.category.id).toBe(2);

      const sub = await t.dbh.db
        .selectFrom("sub_categories")
        .select(["id", "category_id"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const bySub = await list(`/api/products?sub_category_id=${sub.id}&per_page=100`);
      const subRows = await t.dbh.db
        .selectFrom("products")
        .select("id")
        .where("sub_category_id", "=", sub.id)
        .where("is_active", "=", 1)
        .execute();
      expect(bySub.data.map((p) => p.id).sort()).toEqual(subRows.map((r) => r.id).sort());

      const byShop = await list("/api/products?shop_id=2&per_page=100");
      expect(byShop.total).toBeGreaterThan(0);
      for (const p of byShop.data) expect(p.shop.id).toBe(2);

      const none = await list("/api/products?brand_id=999999");
      expect(none).toMatchObject({ total: 0, data: [], last_page: 1 });
    });

    it("rating keeps products rated at least that", async () => {
      const data = await list("/api/products?rating=4&per_page=100");
      expect(data.total).toBeGreaterThan(0);
      expect(data.total).toBeLessThan(await activeCount());
      for (const p of data.data) expect(p.rating).toBeGreaterThanOrEqual(4);
    });

    it("min_price and max_price compare the effective price, in major units", async () => {
      const all = await list("/api/products?per_page=100&sort=low_to_high");
      const data = await list("/api/products?min_price=20&max_price=40.5&per_page=100");
      expect(data.total).toBeGreaterThan(0);
      for (const p of data.data) {
        expect(effective(p)).toBeGreaterThanOrEqual(20);
        expect(effective(p)).toBeLessThanOrEqual(40.5);
      }
      // a discounted product whose list price is above the range but whose discount price is in it
      const discounted = all.data.find((p) => p.discount_price > 0 && p.price > p.discount_price + 1);
      expect(discounted).toBeDefined();
      const d = discounted as ProductCard;
      const around = await list(
        `/api/products?min_price=${d.discount_price}&max_price=${d.discount_price}&per_page=100`,
      );
      expect(around.data.map((p) => p.id)).toContain(d.id);
      const atList = await list(`/api/products?min_price=${d.price}&max_price=${d.price}&per_page=100`);
      expect(atList.data.map((p) => p.id)).not.toContain(d.id);
    });

    it("sorts: prices ordered by effective price, top selling, popular", async () => {
      const high = await list("/api/products?sort=high_to_low&per_page=100");
      const h = high.data.map(effective);
      for (let i = 1; i < h.length; i++) expect(h[i]).toBeLessThanOrEqual(h[i - 1] as number);
      const low = await list("/api/products?sort=low_to_high&per_page=100&page=2");
      const l = low.data.map(effective);
      for (let i = 1; i < l.length; i++) expect(l[i]).toBeGreaterThanOrEqual(l[i - 1] as number);
      const top = await list("/api/products?sort=top_selling&per_page=50");
      const sold = top.data.map((p) => p.total_sold);
      expect(sold).toEqual([...sold].sort((a, b) => b - a));
      const popular = await list("/api/products?sort=popular_product&per_page=50");
      const rows = await t.dbh.db
        .selectFrom("products")
        .select(["id", "views"])
        .where(
          "id",
          "in",
          popular.data.map((p) => p.id),
        )
        .execute();
      const views = new Map(rows.map((r) => [r.id, r.views]));
      const v = popular.data.map((p) => views.get(p.id) as number);
      expect(v).toEqual([...v].sort((a, b) => b - a));
    });

    it("cards carry surcharges, stock and the running flash-sale price", async () => {
      const data = await list("/api/products?per_page=100&sort=top_selling");
      expect(data.data.some((p) => p.sizes.some((s) => s.price > 0))).toBe(true);
      expect(data.data.some((p) => p.colors.some((c) => c.price > 0))).toBe(true);
      const one = data.data[0] as ProductCard;
      const stock = await t.dbh.db
        .selectFrom("product_variants")
        .select("stock")
        .where("product_id", "=", one.id)
        .execute();
      expect(one.quantity).toBe(stock.reduce((n, r) => n + r.stock, 0));
      const sale = await getOk("/api/flash-sales", flashSalesAnswer);
      const details = await getOk(`/api/flash-sale/${sale.running?.id}/details?per_page=100`, flashSaleDetails);
      const item = await t.dbh.db
        .selectFrom("flash_sale_items")
        .selectAll()
        .where("flash_sale_id", "=", sale.running?.id ?? 0)
        .whereRef("sold", "<", "quantity")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const card = details.products.data.find((p) => p.id === item.product_id) as ProductCard;
      expect(card.flash_sale?.id).toBe(sale.running?.id);
      expect(card.discount_price).toBe(item.sale_price / 100);
      expect(card.discount_percentage).toBe(Math.round(((card.price - card.discount_price) / card.price) * 100));
    });
  });

  describe("search", () => {
    it("finds a product by an exact word, ranked, with relevance as the default order", async () => {
      const data = await list("/api/products?search=shirt&per_page=100");
      expect(data.total).toBeGreaterThan(0);
      expect(data.data[0]?.name.toLowerCase()).toContain("shirt");
      // every hit names shirt in its name, brand, shop or category
      const names = data.data.filter((p) => /shirt/i.test(p.name));
      expect(names.length).toBeGreaterThan(0);
    });

    it("finds the same shirts with a one-letter typo, a plural and a prefix", async () => {
      const exact = await list("/api/products?search=shirt&per_page=100");
      const exactIds = exact.data.filter((p) => /shirt/i.test(p.name)).map((p) => p.id);
      for (const q of ["shrit", "shirts", "shirr", "shi"]) {
        const data = await list(`/api/products?search=${q}&per_page=100`);
        expect(
          data.data.map((p) => p.id),
          q,
        ).toEqual(expect.arrayContaining(exactIds));
      }
    });

    it("a word still being typed, one known up to accents and a lone letter do not find the whole catalogue", async () => {
      const all = (await list("/api/products?per_page=1")).total;
      const ids = async (q: string) =>
        (await list(`/api/products?search=${encodeURIComponent(q)}&per_page=100`)).data.map((p) => p.id).sort();
      const totals: Record<string, number> = {};
      for (const q of ["shi", "lap", "jea", "café", "é", "e"]) {
        totals[q] = (await list(`/api/products?search=${encodeURIComponent(q)}&per_page=1`)).total;
      }
      // Descriptions share words ("ships", "carefully", "easy"): a prefix looks only at names,
      // brands, shops, categories and attributes; "café" is "cafe", not also "care" and "case".
      for (const [q, n] of Object.entries(totals)) expect(n, q).toBeLessThan(all / 5);
      expect(totals.shi).toBeGreaterThan(0);
      expect(await ids("café")).toEqual(await ids("cafe"));
      // "jea" is the start of jeans, not a typo of tea
      const jea = await list("/api/products?search=jea&per_page=100");
      expect(jea.total).toBeGreaterThan(0);
      for (const p of jea.data) expect(`${p.name} ${p.category.name}`, p.name).toMatch(/jea/i);
    });

    it("finds a product by a one-letter typo of a rarer word of its name", async () => {
      const product = await t.dbh.db
        .selectFrom("products")
        .select(["id", "name"])
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      const word = product.name.split(" ").sort((a, b) => b.length - a.length)[0] as string;
      const typo = `${word.slice(0, 2)}${word.slice(3)}`; // one letter dropped
      for (const q of [word, typo, word.toUpperCase()]) {
        const data = await list(`/api/products?search=${encodeURIComponent(q)}&per_page=100`);
        expect(
          data.data.map((p) => p.id),
          q,
        ).toContain(product.id);
      }
    });

    it("finds a product by its Arabic name and shows Arabic names to an Arabic reader", async () => {
      const row = await t.dbh.db
        .selectFrom("products")
        .select(["id", "i18n"])
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      const arName = (JSON.parse(row.i18n) as { ar: { name: string } }).ar.name;
      const data = await list(`/api/products?search=${encodeURIComponent(arName)}&per_page=100`, {
        "accept-language": "ar",
      });
      const hit = data.data.find((p) => p.id === row.id);
      expect(hit?.name).toBe(arName);
    });

    it("combines search with filters and other sorts, and treats FTS syntax as text", async () => {
      const data = await list("/api/products?search=shirt&category_id=1&sort=low_to_high&per_page=100");
      expect(data.total).toBeGreaterThan(0);
      for (const p of data.data) expect(p.category.id).toBe(1);
      const prices = data.data.map(effective);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const q of [
        '"shirt',
        "shirt*",
        "shirt OR NOT",
        "NEAR(a b)",
        "a:b",
        "(){}^",
        "'; drop table products",
        "\\",
      ]) {
        const res = await get(`/api/products?search=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
      }
      const none = await list("/api/products?search=qqxxzzvv");
      expect(none).toMatchObject({ total: 0, data: [] });
      const punct = await list("/api/products?search=%21%21%21");
      expect(punct.total).toBe(0);
    });
  });

  describe("bad input", () => {
    it.each([
      ["/api/products?page=0", "page"],
      ["/api/products?per_page=101", "per_page"],
      ["/api/products?sort=bogus", "sort"],
      [`/api/products?search=${"a".repeat(101)}`, "search"],
      ["/api/products?colour=1", ""],
      ["/api/products?color_id=abc", "color_id"],
      ["/api/products?rating=6", "rating"],
      ["/api/products?min_price=-1", "min_price"],
      ["/api/shops?per_page=0", "per_page"],
      [`/api/shops?search=${"b".repeat(101)}`, "search"],
      ["/api/most-popular?page=0", "page"],
      ["/api/best-deal?per_page=500", "per_page"],
      ["/api/flash-sale/1/details?category_id=x", "category_id"],
      ["/api/products/1/reviews?rating=0", "rating"],
      ["/api/products/abc/details", "id"],
      ["/api/shops/0", "id"],
    ])("%s -> 422 naming the field", async (url, field) => {
      const res = await get(url);
      expect(res.status).toBe(422);
      const body = errorBody.parse(res.body);
      if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
      else expect(body.message.length).toBeGreaterThan(0);
    });

    it.each(["/api/products/999999/details", "/api/products/999999/reviews", "/api/flash-sale/999999/details"])(
      "%s -> 404 JSON",
      async (url) => {
        const res = await get(url);
        expect(res.status).toBe(404);
        expect(errorBody.parse(res.body).message).toMatch(/not found/i);
      },
    );
  });

  describe("product details and reviews", () => {
    it("GET /api/products/:id/details answers the product, related and popular products and counts a view", async () => {
      const before = await t.dbh.db
        .selectFrom("products")
        .select(["views", "category_id"])
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      const data = await getOk("/api/products/1/details", productDetailsAnswer);
      // The view is written once the answer has gone out.
      const views = async () =>
        (await t.dbh.db.selectFrom("products").select("views").where("id", "=", 1).executeTakeFirstOrThrow()).views;
      await expect.poll(views).toBe(before.views + 1);
      expect(data.product.id).toBe(1);
      expect(data.product.thumbnails.length).toBeGreaterThan(0);
      expect(data.product.variants.length).toBeGreaterThan(0);
      expect(data.product.quantity).toBe(data.product.variants.reduce((n, v) => n + v.stock, 0));
      expect(data.product.review_summary.count).toBe(data.product.total_reviews);
      expect(data.related_products.length).toBeGreaterThan(0);
      for (const p of data.related_products) {
        expect(p.category.id).toBe(before.category_id);
        expect(p.id).not.toBe(1);
      }
      expect(data.popular_products.map((p) => p.id)).not.toContain(1);
    });

    it("a card lists its sizes in their set order and its colours by id, each with its surcharge", async () => {
      const sized = await t.dbh.db
        .selectFrom("product_sizes")
        .innerJoin("product_colors", "product_colors.product_id", "product_sizes.product_id")
        .select("product_sizes.product_id as id")
        .groupBy("product_sizes.product_id")
        .having((eb) => eb.fn.count("product_sizes.size_id").distinct(), ">", 1)
        .orderBy("product_sizes.product_id")
        .executeTakeFirstOrThrow();
      const sizes = await t.dbh.db
        .selectFrom("product_sizes as ps")
        .innerJoin("sizes as z", "z.id", "ps.size_id")
        .select(["z.id", "z.name", "ps.price"])
        .where("ps.product_id", "=", sized.id)
        .orderBy("z.sort")
        .orderBy("z.id")
        .execute();
      const colors = await t.dbh.db
        .selectFrom("product_colors as pc")
        .innerJoin("colors as k", "k.id", "pc.color_id")
        .select(["k.id", "k.color_code", "pc.price"])
        .where("pc.product_id", "=", sized.id)
        .orderBy("k.id")
        .execute();
      const { product } = await getOk(`/api/products/${sized.id}/details`, productDetailsAnswer);
      expect(product.sizes).toEqual(sizes.map((z) => ({ id: z.id, name: z.name, price: z.price / 100 })));
      expect(product.colors.map((k) => [k.id, k.color_code, k.price])).toEqual(
        colors.map((k) => [k.id, k.color_code, k.price / 100]),
      );
    });

    it("the product page names its VAT and sub-category, in the shopper's language, or null without them", async () => {
      const row = await t.dbh.db
        .selectFrom("products as p")
        .innerJoin("vat_taxes as v", "v.id", "p.vat_tax_id")
        .innerJoin("sub_categories as s", "s.id", "p.sub_category_id")
        .select([
          "p.id",
          "p.vat_tax_id",
          "v.name as vat",
          "v.rate_bp",
          "v.i18n as vat_i18n",
          "s.id as sub_id",
          "s.name as sub",
          "s.i18n",
        ])
        .where("p.is_active", "=", 1)
        .orderBy("p.id")
        .executeTakeFirstOrThrow();
      const en = await getOk(`/api/products/${row.id}/details`, productDetailsAnswer);
      expect(en.product.vat).toEqual({ name: row.vat, rate: row.rate_bp / 100 });
      expect(en.product.sub_category).toEqual({ id: row.sub_id, name: row.sub });
      const ar = await getOk(`/api/products/${row.id}/details`, productDetailsAnswer, { "accept-language": "ar" });
      const arName = (JSON.parse(row.i18n) as { ar?: { name?: string } }).ar?.name;
      expect(arName).toMatch(/[\u0600-\u06FF]/);
      expect(ar.product.sub_category).toEqual({ id: row.sub_id, name: arName });
      const arVat = (JSON.parse(row.vat_i18n) as { ar?: { name?: string } }).ar?.name;
      expect(arVat).toMatch(/[\u0600-\u06FF]/);
      expect(ar.product.vat).toEqual({ name: arVat, rate: row.rate_bp / 100 });

      await t.dbh.db
        .updateTable("products")
        .set({ vat_tax_id: null, sub_category_id: null })
        .where("id", "=", row.id)
        .execute();
      const bare = await getOk(`/api/products/${row.id}/details`, productDetailsAnswer);
      expect([bare.product.vat, bare.product.sub_category]).toEqual([null, null]);
      await t.dbh.db
        .updateTable("products")
        .set({ vat_tax_id: row.vat_tax_id, sub_category_id: row.sub_id })
        .where("id", "=", row.id)
        .execute();
    });

    it("sanitises the description HTML", async () => {
      await t.dbh.db
        .updateTable("products")
        .set({
          description:
            '<p onclick="x()">Soft <b>cotton</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
        })
        .where("id", "=", 2)
        .execute();
      const data = await getOk("/api/products/2/details", productDetailsAnswer);
      expect(data.product.description).toContain("<b>cotton</b>");
      expect(data.product.description).not.toMatch(/script|onclick|onerror|javascript:/i);
    });

    it("GET /api/products/:id/reviews pages the reviews with a summary and a star filter", async () => {
      const counts = await t.dbh.db
        .selectFrom("reviews")
        .select(["product_id", (eb) => eb.fn.countAll().as("n")])
        .groupBy("product_id")
        .orderBy("n", "desc")
        .executeTakeFirstOrThrow();
      const id = counts.product_id;
      const data = await getOk(`/api/products/${id}/reviews?per_page=2`, reviewsAnswer);
      expect(data.summary.count).toBe(Number(counts.n));
      expect(data.reviews.total).toBe(Number(counts.n));
      expect(data.reviews.data.length).toBeLessThanOrEqual(2);
      const pct = Object.values(data.summary.percentages).reduce((a, b) => a + b, 0);
      expect(pct).toBeGreaterThan(99);
      expect(pct).toBeLessThan(101);
      const star = data.reviews.data[0]?.rating ?? 5;
      const filtered = await getOk(`/api/products/${id}/reviews?rating=${star}&per_page=100`, reviewsAnswer);
      expect(filtered.reviews.total).toBeGreaterThan(0);
      for (const r of filtered.reviews.data) expect(r.rating).toBe(star);
    });
  });

  describe("most popular, best deals, flash sales", () => {
    it("GET /api/most-popular pages products by views", async () => {
      const data = await getOk("/api/most-popular?per_page=5&page=2", paginated(productCard));
      expect(data).toMatchObject({ per_page: 5, current_page: 2, total: await activeCount() });
      expect(data.data).toHaveLength(5);
    });

    it("GET /api/best-deal pages discounted products, largest discount first", async () => {
      const data = await getOk("/api/best-deal?per_page=100", paginated(productCard));
      expect(data.total).toBeGreaterThan(0);
      for (const p of data.data) expect(p.discount_price).toBeGreaterThan(0);
      const pct = data.data.map((p) => p.discount_percentage);
      expect(pct).toEqual([...pct].sort((a, b) => b - a));
    });

    it("GET /api/flash-sales answers the running and the incoming sale", async () => {
      const data = await getOk("/api/flash-sales", flashSalesAnswer);
      const now = new Date().toISOString();
      expect((data.running?.start_date ?? "") <= now && now < (data.running?.end_date ?? "")).toBe(true);
      expect((data.incoming?.start_date ?? "") > now).toBe(true);
    });

    it("GET /api/flash-sale/:id/details lists its products by category and page", async () => {
      const sales = await getOk("/api/flash-sales", flashSalesAnswer);
      const id = sales.running?.id as number;
      const all = await getOk(`/api/flash-sale/${id}/details?per_page=100`, flashSaleDetails);
      const items = await t.dbh.db
        .selectFrom("flash_sale_items")
        .select("product_id")
        .where("flash_sale_id", "=", id)
        .execute();
      expect(all.products.total).toBe(items.length);
      expect(all.products.data.map((p) => p.id).sort()).toEqual(items.map((i) => i.product_id).sort());
      const cat = all.categories[0]?.id as number;
      const byCat = await getOk(`/api/flash-sale/${id}/details?category_id=${cat}&per_page=100`, flashSaleDetails);
      expect(byCat.products.total).toBeGreaterThan(0);
      for (const p of byCat.products.data) expect(p.category.id).toBe(cat);
      const paged = await getOk(`/api/flash-sale/${id}/details?per_page=2&page=2`, flashSaleDetails);
      expect(paged.products.data.map((p) => p.id)).toEqual(all.products.data.slice(2, 4).map((p) => p.id));
    });

    it("a sold-out flash-sale item reverts to the product's own price", async () => {
      const sales = await getOk("/api/flash-sales", flashSalesAnswer);
      const item = await t.dbh.db
        .selectFrom("flash_sale_items")
        .selectAll()
        .where("flash_sale_id", "=", sales.running?.id ?? 0)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await t.dbh.db.updateTable("flash_sale_items").set({ sold: item.quantity }).where("id", "=", item.id).execute();
      const product = await t.dbh.db
        .selectFrom("products")
        .select(["price", "discount_price"])
        .where("id", "=", item.product_id)
        .executeTakeFirstOrThrow();
      const data = await getOk(`/api/products/${item.product_id}/details`, productDetailsAnswer);
      expect(data.product.flash_sale).toBeNull();
      expect(data.product.discount_price).toBe(product.discount_price / 100);
      expect(data.product.price).toBe(product.price / 100);
    });
  });
});
