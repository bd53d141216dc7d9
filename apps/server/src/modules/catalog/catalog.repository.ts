import { type Expression, type RawBuilder, sql } from "kysely";
import { type Db, type DbHandle, writeTransaction } from "../../db/index.ts";
import { listedFlag, listedProduct } from "../../db/listing.ts";
import { prepared } from "../../db/prepared.ts";
import { countRows, translated } from "../../db/queries.ts";
import type { PageWindow } from "../../lib/paging.ts";
import { listedPriceRangeSql, unitPriceSql } from "../pricing/pricing.service.ts";
import type { SearchMatches } from "./search.repository.ts";

// All catalog SQL. Functions take the Kysely instance (or a transaction) first.
// Counts and sums come back as strings from PostgreSQL (bigint), so callers get them as numbers here.

/** Filters of a product list, money in minor units. */
export interface ProductFilter {
  /** the products a search matches (search.ts) */
  search?: SearchMatches | undefined;
  shopId?: number | undefined;
  categoryId?: number | undefined;
  subCategoryId?: number | undefined;
  brandId?: number | undefined;
  colorId?: number | undefined;
  sizeId?: number | undefined;
  rating?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** only products sold below their price */
  discounted?: boolean | undefined;
}

export type ProductOrder =
  | "relevance"
  | "newest"
  | "top_selling"
  | "popular_product"
  | "high_to_low"
  | "low_to_high"
  | "best_deal";

/**
 * A filter's tables (`products p`, and the search's `s`, with its `matched` and `rank` when
 * `ranked`) and conditions, apart for facet queries.
 */
function scopeOf(
  f: ProductFilter,
  now: string,
  ranked = false,
): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  const conds: RawBuilder<unknown>[] = [listedProduct("p")];
  if (f.shopId !== undefined) conds.push(sql`p.shop_id = ${f.shopId}`);
  if (f.categoryId !== undefined) conds.push(sql`p.category_id = ${f.categoryId}`);
  if (f.subCategoryId !== undefined) conds.push(sql`p.sub_category_id = ${f.subCategoryId}`);
  if (f.brandId !== undefined) conds.push(sql`p.brand_id = ${f.brandId}`);
  if (f.colorId !== undefined) {
    conds.push(sql`exists (select 1 from product_colors pc where pc.product_id = p.id and pc.color_id = ${f.colorId})`);
  }
  if (f.sizeId !== undefined) {
    conds.push(sql`exists (select 1 from product_sizes ps where ps.product_id = p.id and ps.size_id = ${f.sizeId})`);
  }
  // Ratings are shown rounded to one decimal, so 3.96 counts as the 4.0 the shopper sees.
  if (f.rating !== undefined) conds.push(sql`p.rating >= ${f.rating - 0.05}`);
  if (f.minPrice !== undefined) conds.push(sql`${unitPriceSql(now)} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conds.push(sql`${unitPriceSql(now)} <= ${f.maxPrice}`);
  if (f.discounted) conds.push(sql`${unitPriceSql(now)} < p.price`);
  return {
    from: f.search ? sql`products p join ${f.search(ranked)} s on s.product_id = p.id` : sql`products p`,
    where: sql.join(conds, sql` and `),
  };
}

function fromWhere(f: ProductFilter, now: string, ranked = false): RawBuilder<unknown> {
  const { from, where } = scopeOf(f, now, ranked);
  return sql`from ${from} where ${where}`;
}

/** A search lists the products matching more of its words (`s.matched`) first, in `order` within. */
const searchOrder = (order: RawBuilder<unknown>) => sql`s.matched desc, ${order}`;

function orderBy(order: ProductOrder, now: string): RawBuilder<unknown> {
  switch (order) {
    case "relevance":
      return sql`s.rank asc, s.product_id desc`;
    case "newest":
      return sql`p.created_at desc, p.id desc`;
    case "top_selling":
      return sql`p.total_sold desc, p.id desc`;
    case "popular_product":
      return sql`p.views desc, p.rating desc, p.id desc`;
    case "high_to_low":
      return sql`${unitPriceSql(now)} desc, p.id desc`;
    case "low_to_high":
      return sql`${unitPriceSql(now)} asc, p.id asc`;
    case "best_deal":
      return sql`(p.price - ${unitPriceSql(now)}) * 1.0 / p.price desc, p.id desc`;
  }
}

/** A page of a filter's products in `order`: their ids in that order, with their versions (shownVersions). */
export async function productPage(
  db: Db,
  f: ProductFilter,
  order: ProductOrder,
  page: PageWindow,
  now: string,
): Promise<ShownVersions> {
  const sort = f.search ? searchOrder(orderBy(order, now)) : orderBy(order, now);
  const { rows } = await sql<{ id: number; shown_version: number }>`select p.id, p.shown_version
    ${fromWhere(f, now, true)} order by ${sort} limit ${page.limit} offset ${page.offset}`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), { version: Number(r.shown_version), listed: true }]));
}

export async function productIds(db: Db, f: ProductFilter, order: ProductOrder, page: PageWindow, now: string) {
  return [...(await productPage(db, f, order, page, now)).keys()];
}

export async function countProducts(db: Db, f: ProductFilter, now: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n ${fromWhere(f, now)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A row of `productFacets`' query: a facet value and its place in its list, or the scope's totals. */
type FacetRow = {
  kind: "category" | "brand" | "size" | "color" | "scope" | "page";
  id: number;
  name: string;
  i18n: string;
  color_code: string;
  lo: number | string | null;
  hi: number | string | null;
  total: number | string;
};

/**
 * Categories, brands, sizes, colours, the price range and the number of the products of a filter, in
 * one query that asks of each facet value whether a product of the scope has it: the indexes
 * answer that after a row or two, where collecting the scope's ids first read all 10,000 products'
 * sizes and colours (10 ms on SQLite; issue 18's bench:scale). A search's matches are found once
 * (`materialized`) and asked instead of the catalogue; before, each facet ran the search again.
 * `page`: a search's page of its scope by relevance too, as `pageIds`, read off those matches
 * rather than by a query that would find them again (productIds).
 */
export async function productFacets(db: Db, f: ProductFilter, now: string, page?: PageWindow) {
  const ranked = f.search !== undefined && page !== undefined;
  const { from, where } = scopeOf(f, now, ranked);
  const unitPrice = unitPriceSql(now);
  const relevance = searchOrder(orderBy("relevance", now));
  const [source, cond, price] = f.search ? [sql`m p`, sql`1 = 1`, sql`p.u`] : [from, where, unitPrice];
  const has = (condition: RawBuilder<unknown>, table?: RawBuilder<unknown>) =>
    sql`exists (select 1 from ${table ? sql`${table}, ` : sql``}${source} where ${condition} and ${cond})`;
  // The whole catalogue's price range comes off an index rather than from pricing every product.
  const totals = Object.values(f).every((v) => v === undefined)
    ? sql`select 'scope', 0, '', '{}', '', 0, '', r.lo, r.hi, (select count(*) from ${source} where ${cond})
        from (${listedPriceRangeSql(now)}) r`
    : sql`select 'scope', 0, '', '{}', '', 0, '', min(${price}), max(${price}), count(*) from ${source} where ${cond}`;
  // Categories and sizes keep their set order, brands and colours go by name: `o`, then `n`.
  const facets = sql<FacetRow>`select * from (
      select 'category' as kind, c.id, c.name, c.i18n, '' as color_code, c.sort as o, '' as n,
          cast(null as bigint) as lo, cast(null as bigint) as hi, 0 as total
        from categories c where ${has(sql`p.category_id = c.id`)}
      union all select 'brand', b.id, b.name, '{}', '', 0, b.name, null, null, 0
        from brands b where ${has(sql`p.brand_id = b.id`)}
      union all select 'size', z.id, z.name, '{}', '', z.sort, '', null, null, 0
        from sizes z where ${has(sql`ps.product_id = p.id and ps.size_id = z.id`, sql`product_sizes ps`)}
      union all select 'color', k.id, k.name, k.i18n, k.color_code, 0, k.name, null, null, 0
        from colors k where ${has(sql`pc.product_id = p.id and pc.color_id = k.id`, sql`product_colors pc`)}
      union all ${totals}${
        ranked
          ? sql` union all select * from (select 'page', s.product_id, '', '{}', '', row_number() over (order by ${relevance}),
              '', cast(null as bigint), cast(null as bigint), 0 from m s order by ${relevance} limit ${page.limit} offset ${page.offset}) pg`
          : sql``
      }
    ) v order by kind, o, n, id`;
  const query = f.search
    ? sql<FacetRow>`with m as materialized (select p.id, p.category_id, p.brand_id, ${unitPrice} as u${
        ranked ? sql`, s.product_id, s.matched, s.rank` : sql``
      } from ${from} where ${where}) ${facets}`
    : facets;
  const { rows } = await query.execute(db);
  const of = (kind: FacetRow["kind"]) => rows.filter((r) => r.kind === kind);
  const scope = of("scope")[0];
  return {
    categories: of("category").map(({ id, name, i18n }) => ({ id, name, i18n })),
    brands: of("brand").map(({ id, name }) => ({ id, name })),
    sizes: of("size").map(({ id, name }) => ({ id, name })),
    colors: of("color").map(({ id, name, color_code, i18n }) => ({ id, name, color_code, i18n })),
    minPrice: Number(scope?.lo ?? 0),
    maxPrice: Number(scope?.hi ?? 0),
    total: Number(scope?.total ?? 0),
    pageIds: of("page").map((r) => Number(r.id)),
  };
}

/**
 * Everything the cards of `ids` show but their flash sales, in two queries; the product's name in
 * `locale`.
 */
export async function cardRows({ db, pg }: DbHandle, ids: number[], locale: string) {
  if (ids.length === 0) return { products: [], sizes: [], colors: [] };
  const [{ rows: products }, { rows: variants }] = await Promise.all([
    prepared(db, `card rows ${locale}`, { ids }, (q) =>
      db
        .selectFrom("products as p")
        .innerJoin("shops as s", "s.id", "p.shop_id")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .leftJoin("brands as b", "b.id", "p.brand_id")
        .leftJoin("units as u", "u.id", "p.unit_id")
        .select((eb) => [
          "p.id",
          translated(pg, "p", "name", locale).as("name"),
          "p.slug",
          "p.thumbnail",
          "p.price",
          "p.discount_price",
          "p.rating",
          "p.total_reviews",
          "p.total_sold",
          "c.id as category_id",
          "c.name as category_name",
          "c.slug as category_slug",
          "c.i18n as category_i18n",
          "b.id as brand_id",
          "b.name as brand_name",
          "b.slug as brand_slug",
          "u.id as unit_id",
          "u.name as unit_name",
          "u.i18n as unit_i18n",
          "s.id as shop_id",
          "s.name as shop_name",
          "s.slug as shop_slug",
          "s.logo as shop_logo",
          "s.rating as shop_rating",
          "s.estimated_delivery_time as shop_estimated_delivery_time",
          "s.delivery_charge as shop_delivery_charge",
          "s.i18n as shop_i18n",
          "s.is_open as shop_is_open",
          eb
            .selectFrom("product_variants as v")
            .whereRef("v.product_id", "=", "p.id")
            .select((v) => v.fn.sum<number | string>("v.stock").as("n"))
            .as("quantity"),
        ])
        .where("p.id", "in", q.ids),
    ),
    // sizes in their set order, then colours by id, in one query
    prepared(db, "card variants", { ids }, (q) =>
      db
        .selectFrom("product_sizes as ps")
        .innerJoin("sizes as z", "z.id", "ps.size_id")
        .select([
          sql.lit(0).as("colour"),
          "ps.product_id",
          "z.id as id", // named, so the union's order can name it on SQLite
          "z.name",
          sql.lit("").as("color_code"),
          sql.lit("{}").as("i18n"),
          "ps.price",
          "z.sort as o",
        ])
        .where("ps.product_id", "in", q.ids)
        .unionAll(
          db
            .selectFrom("product_colors as pc")
            .innerJoin("colors as k", "k.id", "pc.color_id")
            .select([
              sql.lit(1).as("colour"),
              "pc.product_id",
              "k.id as id",
              "k.name",
              "k.color_code",
              "k.i18n",
              "pc.price",
              sql.lit(0).as("o"),
            ])
            .where("pc.product_id", "in", q.ids),
        )
        .orderBy("colour")
        .orderBy("o")
        .orderBy("id"),
    ),
  ]);
  return {
    products,
    sizes: variants.filter((v) => Number(v.colour) === 0),
    colors: variants.filter((v) => Number(v.colour) === 1),
  };
}
export type CardRows = Awaited<ReturnType<typeof cardRows>>;

/** A listed product, with its VAT's and sub-category's names (the product page shows them). */
export async function productById(db: Db, id: number) {
  const { rows } = await prepared(db, "product by id", { id }, (q) =>
    db
      .selectFrom("products as p")
      .leftJoin("vat_taxes as vt", "vt.id", "p.vat_tax_id")
      .leftJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
      .selectAll("p")
      .select([
        "vt.name as vat_name",
        "vt.i18n as vat_i18n",
        "vt.rate_bp as vat_rate_bp",
        "sc.name as sub_category_name",
        "sc.i18n as sub_category_i18n",
      ])
      .where("p.id", "=", q.id)
      .where(listedProduct("p")),
  );
  return rows[0];
}

export async function productExtras(db: Db, product: { id: number }) {
  const values = { id: product.id };
  const [{ rows: images }, { rows: variants }] = await Promise.all([
    prepared(db, "product images", values, (q) =>
      db.selectFrom("product_images").select("url").where("product_id", "=", q.id).orderBy("sort").orderBy("id"),
    ),
    prepared(db, "product variants", values, (q) =>
      db
        .selectFrom("product_variants as v")
        .leftJoin("product_sizes as ps", (j) =>
          j.onRef("ps.product_id", "=", "v.product_id").onRef("ps.size_id", "=", "v.size_id"),
        )
        .leftJoin("product_colors as pc", (j) =>
          j.onRef("pc.product_id", "=", "v.product_id").onRef("pc.color_id", "=", "v.color_id"),
        )
        .select(["v.size_id", "v.color_id", "v.stock", "ps.price as size_surcharge", "pc.price as color_surcharge"])
        .where("v.product_id", "=", q.id)
        .orderBy("v.size_id")
        .orderBy("v.color_id"),
    ),
  ]);
  return { images, variants };
}

/** Adds each product's new views to its count, in one transaction (in id order, so two never deadlock). */
export async function addProductViews(dbh: DbHandle, counts: ReadonlyMap<number, number>): Promise<void> {
  await writeTransaction(dbh, async (trx) => {
    for (const [id, n] of [...counts].sort((a, b) => a[0] - b[0])) {
      await trx
        .updateTable("products")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("id", "=", id)
        .execute();
    }
  });
}

/** The catalogue's version (migration 025): it moves whenever a product list may change. */
export async function catalogVersion(db: Db): Promise<number> {
  const { rows } = await prepared(db, "catalog version", {}, () =>
    db.selectFrom("catalog_version").select("version").where("id", "=", 1),
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * When a kept answer next changes by the clock alone, after `now` (ISO text), or null when none
 * will: a flash sale or a banner starts or ends.
 */
export async function nextClockChange(db: Db, now: string): Promise<string | null> {
  const { rows } = await sql<{ at: string | null }>`select min(t) as at from (
      select start_date as t from flash_sales where start_date > ${now}
      union all select end_date from flash_sales where end_date > ${now}
      union all select starts_at from banners where starts_at > ${now}
      union all select ends_at from banners where ends_at > ${now}) x`.execute(db);
  return rows[0]?.at ?? null;
}

/** Each product's `shown_version` (migration 024), and whether the storefront lists it. */
export async function shownVersions(db: Db, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : (
          await prepared(db, "shown versions", { ids }, (q) =>
            db
              .selectFrom("products as p")
              .select(["p.id", "p.shown_version", listedFlag("p").as("listed")])
              .where("p.id", "in", q.ids),
          )
        ).rows;
  return new Map(rows.map((r) => [r.id, { version: Number(r.shown_version), listed: Number(r.listed) === 1 }]));
}
export type ShownVersions = Awaited<ReturnType<typeof shownVersions>>;

/** Other products of the product's category, best rated first. */
export async function relatedProductIds(db: Db, productId: number, limit: number) {
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("category_id", "=", (eb) => eb.selectFrom("products").select("category_id").where("id", "=", productId))
    .where("id", "!=", productId)
    .where(listedProduct())
    .orderBy("rating", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

// --- categories -------------------------------------------------------------------------------

/** Brands with their listed products' count, those with none left out. */
export async function brandsWithCounts(db: Db) {
  const rows = await db
    .selectFrom("brands as b")
    .innerJoin("products as p", "p.brand_id", "b.id")
    .select((eb) => ["b.id", "b.name", "b.slug", "b.logo", eb.fn.countAll<number | string>().as("n")])
    .where(listedProduct("p"))
    .groupBy(["b.id", "b.name", "b.slug", "b.logo"])
    .orderBy("b.name")
    .orderBy("b.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, logo: r.logo, total_products: Number(r.n) }));
}

export async function categoriesWithSubs(db: Db) {
  const [{ rows: categories }, { rows: subs }, { rows: counts }] = await Promise.all([
    prepared(db, "categories", {}, () => db.selectFrom("categories").selectAll().orderBy("sort").orderBy("id")),
    prepared(db, "sub-categories", {}, () => db.selectFrom("sub_categories").selectAll().orderBy("sort").orderBy("id")),
    prepared(db, "category counts", {}, () =>
      db
        .selectFrom("products")
        .select((eb) => ["category_id", eb.fn.countAll<number | string>().as("n")])
        .where(listedProduct())
        .groupBy("category_id"),
    ),
  ]);
  return { categories, subs, counts: new Map(counts.map((c) => [c.category_id, Number(c.n)])) };
}

// --- shops ------------------------------------------------------------------------------------

/** Id, names and rating of every active shop, best rated first: the input of the shop search. */
export async function activeShopNames(db: Db) {
  const { rows } = await prepared(db, "active shop names", {}, () =>
    db
      .selectFrom("shops")
      .select(["id", "name", "i18n", "rating"])
      .where("status", "=", "active")
      .orderBy("rating", "desc")
      .orderBy("total_reviews", "desc")
      .orderBy("id"),
  );
  return rows;
}

export async function shopsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await prepared(db, "shops by ids", { ids }, (q) =>
    db
      .selectFrom("shops as s")
      .selectAll("s")
      .select((eb) =>
        eb
          .selectFrom("products as p")
          .whereRef("p.shop_id", "=", "s.id")
          .where(listedProduct("p"))
          .select((p) => p.fn.countAll<number | string>().as("n"))
          .as("total_products"),
      )
      .where("s.id", "in", q.ids)
      .where("s.status", "=", "active"),
  );
  return rows;
}

export async function shopCategories(db: Db, shopId: number) {
  return db
    .selectFrom("categories as c")
    .select(["c.id", "c.name", "c.i18n"])
    .where("c.id", "in", (eb) =>
      eb.selectFrom("products").select("category_id").where("shop_id", "=", shopId).where(listedProduct()),
    )
    .orderBy("c.sort")
    .orderBy("c.id")
    .execute();
}

// --- banners and flash sales ------------------------------------------------------------------

/** The banners showing at `now`: inside their schedule (either end may be open; ISO UTC text compares in order). */
export async function banners(db: Db, now: string) {
  const { rows } = await prepared(db, "banners", { now }, (q) =>
    db
      .selectFrom("banners")
      .selectAll()
      .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", q.now)]))
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", q.now)]))
      .orderBy("sort")
      .orderBy("id"),
  );
  return rows;
}

export async function runningFlashSale(db: Db, now: string) {
  const { rows } = await prepared(db, "running flash sale", { now }, (q) =>
    db
      .selectFrom("flash_sales")
      .selectAll()
      .where("start_date", "<=", q.now)
      .where("end_date", ">", q.now)
      .orderBy("end_date")
      .orderBy("id")
      .limit(1),
  );
  return rows[0];
}

export async function incomingFlashSale(db: Db, now: string) {
  const { rows } = await prepared(db, "incoming flash sale", { now }, (q) =>
    db
      .selectFrom("flash_sales")
      .selectAll()
      .where("start_date", ">", q.now)
      .orderBy("start_date")
      .orderBy("id")
      .limit(1),
  );
  return rows[0];
}

export function flashSaleById(db: Db, id: number) {
  return db.selectFrom("flash_sales").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A flash sale's listed products, in one category or all. */
const flashSaleItems = (
  db: Db,
  flashSaleId: number | Expression<number>,
  categoryId: number | Expression<number> | undefined,
) =>
  db
    .selectFrom("flash_sale_items as fi")
    .innerJoin("products as p", "p.id", "fi.product_id")
    .where("fi.flash_sale_id", "=", flashSaleId)
    .where(listedProduct("p"))
    .$if(categoryId !== undefined, (q) => q.where("p.category_id", "=", categoryId as number));

export async function flashSaleProductIds(
  db: Db,
  flashSaleId: number,
  categoryId: number | undefined,
  page: PageWindow,
) {
  const values = { flashSaleId, categoryId, limit: page.limit, offset: page.offset };
  const { rows } = await prepared(db, "flash sale product ids", values, (q) =>
    flashSaleItems(db, q.flashSaleId, categoryId === undefined ? undefined : q.categoryId)
      .select("p.id")
      .orderBy("fi.id")
      .limit(q.limit)
      .offset(q.offset),
  );
  return rows.map((r) => r.id);
}

export const countFlashSaleProducts = (db: Db, flashSaleId: number, categoryId: number | undefined) =>
  countRows(flashSaleItems(db, flashSaleId, categoryId));

export function flashSaleCategories(db: Db, flashSaleId: number) {
  return db
    .selectFrom("categories as c")
    .select(["c.id", "c.name", "c.i18n"])
    .where("c.id", "in", (eb) =>
      eb
        .selectFrom("flash_sale_items as fi")
        .innerJoin("products as p", "p.id", "fi.product_id")
        .select("p.category_id")
        .where("fi.flash_sale_id", "=", flashSaleId)
        .where(listedProduct("p")),
    )
    .orderBy("c.sort")
    .orderBy("c.id")
    .execute();
}
