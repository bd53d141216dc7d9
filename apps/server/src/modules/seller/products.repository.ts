import { type Insertable, sql, type Updateable } from "kysely";
import type { Db, DbHandle } from "../../db/index.ts";
import { contains, countRows, translated } from "../../db/queries.ts";
import type { ProductsTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";
import { basePriceSql } from "../pricing/pricing.service.ts";

// All SQL of the Seller Centre's catalogue. Every query is scoped by the shop it acts for.

export type SellerSort = "newest" | "oldest" | "name" | "price_asc" | "price_desc" | "stock_asc";

export interface SellerProductFilter {
  search?: string | undefined;
  categoryId?: number | undefined;
  status?: "published" | "draft" | undefined;
  stock?: "in" | "low" | "out" | undefined;
  threshold: number;
}

/** All variants' stock of the product `p` together. */
const totalStock = sql<number>`(select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id)`;

/** The product's name in the seller's language (the name as entered when it has no translation). */
const shownName = (pg: boolean, locale: string) => translated(pg, "p", "name", locale);

function sellerProducts(db: Db, pg: boolean, shopId: number, f: SellerProductFilter, locale: string) {
  return db
    .selectFrom("products as p")
    .where("p.shop_id", "=", shopId)
    .$if(f.search !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          contains("p.name", f.search as string),
          contains(shownName(pg, locale), f.search as string),
          eb.exists(
            eb
              .selectFrom("product_variants as sv")
              .select("sv.id")
              .whereRef("sv.product_id", "=", "p.id")
              .where(contains("sv.sku", f.search as string)),
          ),
        ]),
      ),
    )
    .$if(f.categoryId !== undefined, (q) => q.where("p.category_id", "=", f.categoryId as number))
    .$if(f.status !== undefined, (q) => q.where("p.is_active", "=", f.status === "published" ? 1 : 0))
    .$if(f.stock === "out", (q) => q.where(totalStock, "<=", 0))
    .$if(f.stock === "in", (q) => q.where(totalStock, ">", 0))
    .$if(f.stock === "low", (q) => q.where(totalStock, ">", 0).where(totalStock, "<=", f.threshold));
}

/** A page of a shop's products with their name and category (in `locale`) and total stock. */
export async function sellerProductPage(
  { db, pg }: Pick<DbHandle, "db" | "pg">,
  shopId: number,
  f: SellerProductFilter,
  sort: SellerSort,
  page: PageWindow,
  locale: string,
) {
  const base = sellerProducts(db, pg, shopId, f, locale);
  let q = base
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "p.id",
      shownName(pg, locale).as("name"),
      "p.thumbnail",
      translated(pg, "c", "name", locale).as("category"),
      "p.price",
      "p.discount_price",
      "p.is_active",
      "p.moderation",
      "p.moderation_reason",
      "p.total_sold",
      "p.updated_at",
      "p.created_at",
      totalStock.as("stock"),
    ]);
  switch (sort) {
    case "newest":
      q = q.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
      break;
    case "oldest":
      q = q.orderBy("p.created_at", "asc").orderBy("p.id", "asc");
      break;
    case "name":
      q = q.orderBy(shownName(pg, locale), "asc").orderBy("p.id", "asc");
      break;
    case "price_asc":
      q = q.orderBy(basePriceSql, "asc").orderBy("p.id", "asc");
      break;
    case "price_desc":
      q = q.orderBy(basePriceSql, "desc").orderBy("p.id", "desc");
      break;
    case "stock_asc":
      q = q.orderBy(totalStock, "asc").orderBy("p.id", "asc");
      break;
  }
  const [rows, total] = await Promise.all([q.limit(page.limit).offset(page.offset).execute(), countRows(base)]);
  return { rows, total };
}

// ---- the form's choices ----

export async function formOptions(db: Db) {
  const [categories, subs, brands, units, vat, sizes, colors, languages] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "i18n"]).orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("sub_categories")
      .select(["id", "name", "i18n", "category_id"])
      .orderBy("sort")
      .orderBy("id")
      .execute(),
    db.selectFrom("brands").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("units").select(["id", "name", "i18n"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("vat_taxes").select(["id", "name", "i18n", "rate_bp"]).orderBy("rate_bp").orderBy("id").execute(),
    db.selectFrom("sizes").select(["id", "name"]).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("colors").select(["id", "name", "i18n", "color_code"]).orderBy("name").orderBy("id").execute(),
    db
      .selectFrom("languages")
      .select(["locale", "title", "direction"])
      .where("is_default", "=", 0)
      .orderBy("sort")
      .orderBy("id")
      .execute(),
  ]);
  return { categories, subs, brands, units, vat, sizes, colors, languages };
}

/** The locales of the shipped languages other than the default. */
export async function otherLocales(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("languages").select("locale").where("is_default", "=", 0).execute();
  return rows.map((r) => r.locale);
}

// ---- references a product names ----

export const categoryExists = (db: Db, id: number) =>
  db.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst();

export const subCategoryById = (db: Db, id: number) =>
  db.selectFrom("sub_categories").select(["id", "category_id"]).where("id", "=", id).executeTakeFirst();

export const brandExists = (db: Db, id: number) =>
  db.selectFrom("brands").select("id").where("id", "=", id).executeTakeFirst();

export const unitExists = (db: Db, id: number) =>
  db.selectFrom("units").select("id").where("id", "=", id).executeTakeFirst();

export const vatExists = (db: Db, id: number) =>
  db.selectFrom("vat_taxes").select("id").where("id", "=", id).executeTakeFirst();

export async function existingSizes(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("sizes").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function existingColors(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("colors").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The SKUs among `skus` that another product of the shop already uses. */
export async function skusTaken(
  db: Db,
  shopId: number,
  productId: number | null,
  skus: string[],
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select("v.sku")
    .where("p.shop_id", "=", shopId)
    .$if(productId !== null, (q) => q.where("p.id", "!=", productId as number))
    .where("v.sku", "in", skus)
    .execute();
  return new Set(rows.flatMap((r) => (r.sku === null ? [] : [r.sku])));
}

export async function slugTaken(db: Db, slug: string, productId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", slug)
    .$if(productId !== null, (q) => q.where("id", "!=", productId as number))
    .executeTakeFirst();
  return row !== undefined;
}

// ---- one product ----

/** A shop's product (locked on PostgreSQL when `lock`), or undefined for another shop's. */
export function productOfShop(db: Db, shopId: number, id: number, lock = false) {
  return db
    .selectFrom("products")
    .selectAll()
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The lowest sale price the product has in a flash sale that has not ended, or undefined. */
export async function lowestOpenSalePrice(db: Db, productId: number, now: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("flash_sale_items as fi")
    .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
    .select((eb) => eb.fn.min<number>("fi.sale_price").as("lowest"))
    .where("fi.product_id", "=", productId)
    .where("fs.end_date", ">", now)
    .executeTakeFirst();
  return row?.lowest ?? undefined;
}

export async function productParts(db: Db, id: number) {
  const [sizes, colors, variants, images] = await Promise.all([
    db
      .selectFrom("product_sizes as ps")
      .innerJoin("sizes as z", "z.id", "ps.size_id")
      .select(["ps.size_id", "ps.price"])
      .where("ps.product_id", "=", id)
      .orderBy("z.sort")
      .orderBy("z.id")
      .execute(),
    db.selectFrom("product_colors").select(["color_id", "price"]).where("product_id", "=", id).orderBy("id").execute(),
    db
      .selectFrom("product_variants")
      .select(["size_id", "color_id", "stock", "sku"])
      .where("product_id", "=", id)
      .orderBy("size_id")
      .orderBy("color_id")
      .execute(),
    db.selectFrom("product_images").select("url").where("product_id", "=", id).orderBy("sort").orderBy("id").execute(),
  ]);
  return { sizes, colors, variants, images: images.map((i) => i.url) };
}

export async function insertProduct(db: Db, row: Insertable<ProductsTable>): Promise<number> {
  const { id } = await db.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}

export function updateProduct(db: Db, id: number, set: Updateable<ProductsTable>) {
  return db.updateTable("products").set(set).where("id", "=", id).execute();
}

export async function replaceOptions(
  db: Db,
  productId: number,
  sizes: { size_id: number; price: number }[],
  colors: { color_id: number; price: number }[],
) {
  await db.deleteFrom("product_sizes").where("product_id", "=", productId).execute();
  await db.deleteFrom("product_colors").where("product_id", "=", productId).execute();
  if (sizes.length) {
    await db
      .insertInto("product_sizes")
      .values(sizes.map((s) => ({ product_id: productId, ...s })))
      .execute();
  }
  if (colors.length) {
    await db
      .insertInto("product_colors")
      .values(colors.map((c) => ({ product_id: productId, ...c })))
      .execute();
  }
}

export function deleteVariant(db: Db, productId: number, sizeId: number, colorId: number) {
  return db
    .deleteFrom("product_variants")
    .where("product_id", "=", productId)
    .where("size_id", "=", sizeId)
    .where("color_id", "=", colorId)
    .execute();
}

/** A new variant row with no stock yet (the stock service sets and logs its stock). */
export function insertVariant(db: Db, productId: number, sizeId: number, colorId: number, sku: string | null) {
  return db
    .insertInto("product_variants")
    .values({ product_id: productId, size_id: sizeId, color_id: colorId, stock: 0, sku })
    .execute();
}

export function setVariantSku(db: Db, productId: number, sizeId: number, colorId: number, sku: string | null) {
  return db
    .updateTable("product_variants")
    .set({ sku })
    .where("product_id", "=", productId)
    .where("size_id", "=", sizeId)
    .where("color_id", "=", colorId)
    .execute();
}

export async function replaceImages(db: Db, productId: number, urls: string[]) {
  await db.deleteFrom("product_images").where("product_id", "=", productId).execute();
  if (urls.length) {
    await db
      .insertInto("product_images")
      .values(urls.map((url, sort) => ({ product_id: productId, url, sort })))
      .execute();
  }
}

/** Whether any product still shows an image (before its files are removed). */
export async function imageInUse(db: Db, url: string): Promise<boolean> {
  const [image, thumb] = await Promise.all([
    db.selectFrom("product_images").select("id").where("url", "=", url).executeTakeFirst(),
    db.selectFrom("products").select("id").where("thumbnail", "=", url).executeTakeFirst(),
  ]);
  return image !== undefined || thumb !== undefined;
}

// ---- bulk ----

/** The ids among `ids` that belong to the shop. */
export async function ownedIds(db: Db, shopId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

export async function orderedIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("order_products")
    .select("product_id")
    .distinct()
    .where("product_id", "in", ids)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export function setProducts(db: Db, ids: number[], set: Updateable<ProductsTable>) {
  return db.updateTable("products").set(set).where("id", "in", ids).execute();
}

/** Removes products with their cart lines, favourites, sale items and (by cascade) their other rows. */
export async function deleteProducts(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom("carts").where("product_id", "in", ids).execute();
  await db.deleteFrom("favorites").where("product_id", "in", ids).execute();
  await db.deleteFrom("flash_sale_items").where("product_id", "in", ids).execute();
  for (const t of ["product_variants", "product_sizes", "product_colors", "product_images", "reviews"] as const) {
    await db.deleteFrom(t).where("product_id", "in", ids).execute();
  }
  await db.deleteFrom("products").where("id", "in", ids).execute();
}

export async function imagesOf(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("product_images").select("url").where("product_id", "in", ids).execute();
  return rows.map((r) => r.url);
}
