import type { Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import { countRows } from "../../db/queries.ts";
import type { StockMovementsTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All SQL of stock: the variants' stock column and its log, stock_movements.

export interface VariantKey {
  product_id: number;
  size_id: number;
  color_id: number;
}

export type MovementRow = Insertable<StockMovementsTable>;

/** Takes `quantity` from a variant's stock only if that many are there; answers the stock left, or null. */
export async function takeStock(db: Db, k: VariantKey, quantity: number): Promise<number | null> {
  const row = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .where("stock", ">=", quantity)
    .returning("stock")
    .executeTakeFirst();
  return row ? Number(row.stock) : null;
}

/**
 * Puts `quantity` back, only while the stock stays at most `max` when one is given; answers the
 * stock after, or null when nothing was written (the variant is gone, or `max` would be passed).
 */
export async function returnStock(db: Db, k: VariantKey, quantity: number, max?: number): Promise<number | null> {
  const row = await db
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .$if(max !== undefined, (q) => q.where("stock", "<=", (max as number) - quantity))
    .returning("stock")
    .executeTakeFirst();
  return row ? Number(row.stock) : null;
}

/** A variant's stock (locked on PostgreSQL), or null when it has no row. */
export async function variantStock(db: Db, k: VariantKey, pg: boolean): Promise<number | null> {
  const row = await db
    .selectFrom("product_variants")
    .select("stock")
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .$if(pg, (q) => q.forUpdate())
    .executeTakeFirst();
  return row ? Number(row.stock) : null;
}

export function writeStock(db: Db, k: VariantKey, stock: number) {
  return db
    .updateTable("product_variants")
    .set({ stock })
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .execute();
}

export async function shopOfProduct(db: Db, productId: number): Promise<number | null> {
  const row = await db.selectFrom("products").select("shop_id").where("id", "=", productId).executeTakeFirst();
  return row ? row.shop_id : null;
}

export function insertMovement(db: Db, row: MovementRow) {
  return db.insertInto("stock_movements").values(row).execute();
}

export function deleteMovementsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve();
  return db.deleteFrom("stock_movements").where("product_id", "in", productIds).execute();
}

export async function lowStockThreshold(db: Db, shopId: number): Promise<number> {
  const row = await db
    .selectFrom("shops")
    .select("low_stock_threshold")
    .where("id", "=", shopId)
    .executeTakeFirstOrThrow();
  return Number(row.low_stock_threshold);
}

/** A shop's variants at or under `threshold`, lowest stock first. */
export async function lowStockPage(db: Db, shopId: number, threshold: number, page: PageWindow) {
  const base = db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .where("p.shop_id", "=", shopId)
    .where("v.stock", "<=", threshold);
  const [rows, total] = await Promise.all([
    base
      .leftJoin("sizes as z", "z.id", "v.size_id")
      .leftJoin("colors as k", "k.id", "v.color_id")
      .select([
        "p.id as product_id",
        "p.name as product_name",
        "p.i18n as product_i18n",
        "p.thumbnail",
        "v.size_id",
        "v.color_id",
        "z.name as size",
        "k.name as color",
        "k.i18n as color_i18n",
        "v.sku",
        "v.stock",
      ])
      .orderBy("v.stock")
      .orderBy("p.id")
      .orderBy("v.size_id")
      .orderBy("v.color_id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}

/** A shop's stock log, newest first, with the product, size, colour and the user's name. */
export async function movementPage(
  db: Db,
  shopId: number,
  f: { productId?: number | undefined; reason?: StockMovementsTable["reason"] | undefined },
  page: PageWindow,
) {
  const base = db
    .selectFrom("stock_movements as m")
    .where("m.shop_id", "=", shopId)
    .$if(f.productId !== undefined, (q) => q.where("m.product_id", "=", f.productId as number))
    .$if(f.reason !== undefined, (q) => q.where("m.reason", "=", f.reason as StockMovementsTable["reason"]));
  const [rows, total] = await Promise.all([
    base
      .innerJoin("products as p", "p.id", "m.product_id")
      .leftJoin("sizes as z", "z.id", "m.size_id")
      .leftJoin("colors as k", "k.id", "m.color_id")
      .leftJoin("users as u", "u.id", "m.user_id")
      .select([
        "m.id",
        "m.product_id",
        "p.name as product_name",
        "p.i18n as product_i18n",
        "z.name as size",
        "k.name as color",
        "k.i18n as color_i18n",
        "m.change",
        "m.stock_after",
        "m.reason",
        "m.ref",
        "u.name as user_name",
        "u.erased_at as user_erased_at",
        "m.created_at",
      ])
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}

/** PostgreSQL: locks every variant row of the products, in the order every transaction locks them. */
export async function lockVariantsOf(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .selectFrom("product_variants")
    .select("id")
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("size_id")
    .orderBy("color_id")
    .forUpdate()
    .execute();
}
