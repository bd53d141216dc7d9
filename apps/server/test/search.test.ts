import { brandsAnswer, productList, SUGGESTION_LIMIT, searchSuggestions } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

describe.each(dbKinds)("product search on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, getOk } = getters(() => t.app);
  const list = (q: string, extra = "") =>
    getOk(`/api/products?search=${encodeURIComponent(q)}&per_page=100${extra}`, productList);
  const suggest = (q: string, headers: Record<string, string> = {}) =>
    getOk(`/api/search/suggestions?q=${encodeURIComponent(q)}`, searchSuggestions, headers);

  /** Ids of listed products in the given colour. */
  async function inColour(colour: string): Promise<Set<number>> {
    const rows = await t.dbh.db
      .selectFrom("product_colors as pc")
      .innerJoin("colors as k", "k.id", "pc.color_id")
      .select("pc.product_id")
      .where("k.name", "=", colour)
      .execute();
    return new Set(rows.map((r) => Number(r.product_id)));
  }

  it('"black jacket" lists black jackets first, then other jackets and other black things', async () => {
    const black = await inColour("Black");
    const data = await list("black jacket");
    const isJacket = (name: string) => /jacket/i.test(name);
    const blackJackets = data.data.filter((p) => black.has(p.id) && isJacket(p.name));
    expect(blackJackets.length).toBeGreaterThan(1);
    // the products with both words come first
    expect(data.data.slice(0, blackJackets.length).map((p) => p.id)).toEqual(blackJackets.map((p) => p.id));
    // one matched word is still a hit: jackets of other colours and black non-jackets follow
    expect(data.data.some((p) => isJacket(p.name) && !black.has(p.id))).toBe(true);
    expect(data.data.some((p) => !isJacket(p.name) && black.has(p.id))).toBe(true);
  });

  it('"red shirt" finds red shirts first', async () => {
    const red = await inColour("Red");
    const data = await list("red shirt");
    expect(data.total).toBeGreaterThan(0);
    const first = data.data[0];
    expect(first && red.has(first.id) && /shirt/i.test(first.name)).toBe(true);
  });

  it("a word that matches nothing does not empty the results", async () => {
    const jackets = await list("jacket");
    const withNoise = await list("jacket qqxxzzvv");
    expect(jackets.total).toBeGreaterThan(0);
    expect(withNoise.total).toBe(jackets.total);
    expect((await list("qqxxzzvv")).total).toBe(0);
  });

  it("finds products by brand, size and description words", async () => {
    const brand = await t.dbh.db
      .selectFrom("products as p")
      .innerJoin("brands as b", "b.id", "p.brand_id")
      .select(["p.id", "b.name"])
      .where("p.is_active", "=", 1)
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    expect((await list(brand.name)).data.map((p) => p.id)).toContain(brand.id);
    // "carefully" only appears in descriptions, "xxl" only as a size
    expect((await list("carefully")).total).toBeGreaterThan(0);
    const xxl = await list("xxl");
    expect(xxl.total).toBeGreaterThan(0);
    expect(xxl.data.every((p) => !/xxl/i.test(p.name))).toBe(true);
  });

  it("finds a product by a colour added later, once its queued re-indexing ran", async () => {
    const { queueIndexing } = await import("../src/modules/catalog/search.ts");
    const white = await t.dbh.db
      .selectFrom("colors")
      .select("id")
      .where("name", "=", "White")
      .executeTakeFirstOrThrow();
    const whites = await inColour("White");
    const product = await t.dbh.db
      .selectFrom("products")
      .select(["id"])
      .where("is_active", "=", 1)
      .where("name", "not like", "%hite%")
      .orderBy("id")
      .execute()
      .then((rows) => rows.find((r) => !whites.has(Number(r.id))));
    if (!product) return expect.fail("a product that is not white");
    expect((await list("white")).data.map((p) => p.id)).not.toContain(product.id);
    await t.dbh.db.insertInto("product_colors").values({ product_id: product.id, color_id: white.id }).execute();
    await queueIndexing({ dbh: t.dbh, jobs: t.app.jobs }, [product.id]);
    await t.app.jobs.idle();
    expect((await list("white")).data.map((p) => p.id)).toContain(product.id);
  });

  it("suggests products, categories and shops, bounded", async () => {
    const s = await suggest("jacket");
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    expect(s.products.every((p) => /jacket/i.test(p.name))).toBe(true);
    expect(s.categories.some((c) => /jacket/i.test(c.name))).toBe(true);
    expect(s.did_you_mean).toBeNull();
    const shop = await t.dbh.db
      .selectFrom("shops")
      .select(["id", "name"])
      .where("status", "=", "active")
      .executeTakeFirstOrThrow();
    const byShop = await suggest(shop.name.split(" ")[0] as string);
    expect(byShop.shops.map((x) => x.id)).toContain(shop.id);
    // a broad prefix is still cut to the limit
    const broad = await suggest("s");
    for (const part of [broad.products, broad.categories, broad.shops]) {
      expect(part.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    }
    // Arabic names for an Arabic reader
    const ar = await suggest("جاكيت", { "accept-language": "ar" });
    expect(ar.products.length).toBeGreaterThan(0);
    expect(ar.products.every((p) => /جاكيت/.test(p.name))).toBe(true);
  });

  it('offers "did you mean" for a typo, from the indexed words', async () => {
    expect((await suggest("jakcet")).did_you_mean).toBe("jacket");
    expect((await suggest("blakc jakcet")).did_you_mean).toBe("black jacket");
    expect((await suggest("black jack")).did_you_mean).toBeNull(); // a word being typed is a prefix
    expect((await suggest("qqxxzzvvww")).did_you_mean).toBeNull();
    // "café" is the indexed "cafe" up to its accent: nothing to correct
    expect((await suggest("café")).did_you_mean).toBeNull();
  });

  it("suggests the categories a word being typed starts, and a typo's only when it starts none", async () => {
    // "jea" starts "jeans": not the "tea" of Coffee & Tea, one letter away
    const jea = await suggest("jea");
    expect(jea.categories.length).toBeGreaterThan(0);
    expect(jea.categories.every((c) => /jea/i.test(c.name))).toBe(true);
    // "jakcet" starts nothing: its typo finds the jackets
    expect((await suggest("jakcet")).categories.some((c) => /jacket/i.test(c.name))).toBe(true);
  });

  it("pages through a search by relevance: every match once, in the order a filtered search lists them", async () => {
    const all = await list("black jacket");
    expect(all.total).toBeGreaterThan(10);
    expect(all.data).toHaveLength(all.total);
    // A narrowing filter that keeps every product takes the page query of its own (productIds); on
    // PostgreSQL no filter reads the page off the facets' matches (productFacets' `page`).
    for (const extra of ["", "&min_price=0"]) {
      const pages = [];
      for (let page = 1; page <= Math.ceil(all.total / 4) + 1; page++) {
        const p = await getOk(`/api/products?search=black%20jacket&per_page=4&page=${page}${extra}`, productList);
        expect(p.total).toBe(all.total);
        pages.push(...p.data.map((c) => c.id));
      }
      expect(pages).toEqual(all.data.map((c) => c.id));
    }
  });

  it("answers a page past the end with no products and the last page number", async () => {
    const first = await getOk("/api/products?per_page=20", productList);
    const past = await getOk("/api/products?per_page=20&page=999", productList);
    expect(past).toMatchObject({ data: [], total: first.total, last_page: first.last_page });
    const last = await getOk(`/api/products?per_page=20&page=${first.last_page}`, productList);
    expect(last.data.length).toBeGreaterThan(0);
  });

  it("lists deals (discounted only) with the filters and sorts of /products", async () => {
    const deals = await getOk("/api/products?discounted=1&sort=best_deal&per_page=100", productList);
    expect(deals.total).toBeGreaterThan(0);
    const pct = deals.data.map((p) => p.discount_percentage);
    expect(pct.every((v) => v > 0)).toBe(true);
    expect(pct).toEqual([...pct].sort((a, b) => b - a));
    const all = await getOk("/api/products?per_page=1", productList);
    expect(deals.total).toBeLessThan(all.total);
    const category = deals.data[0]?.category.id as number;
    const cheap = await getOk(
      `/api/products?discounted=1&category_id=${category}&sort=low_to_high&per_page=100`,
      productList,
    );
    expect(cheap.data.every((p) => p.category.id === category && p.discount_percentage > 0)).toBe(true);
    const prices = cheap.data.map((p) => p.discount_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(deals.filters.categories.map((c) => c.id)).toContain(category);
  });

  it("lists brands with their product counts; cards link their brand's slug", async () => {
    const { brands } = await getOk("/api/brands", brandsAnswer);
    expect(brands.length).toBeGreaterThan(0);
    const brand = brands[0] as (typeof brands)[number];
    const products = await getOk(`/api/products?brand_id=${brand.id}&per_page=100`, productList);
    expect(products.total).toBe(brand.total_products);
    expect(products.data.every((p) => p.brand?.slug === brand.slug)).toBe(true);
  });

  it("bounds the suggestions' text", async () => {
    for (const url of [
      "/api/search/suggestions",
      "/api/search/suggestions?q=",
      `/api/search/suggestions?q=${"a".repeat(101)}`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(422);
    }
  });
});
