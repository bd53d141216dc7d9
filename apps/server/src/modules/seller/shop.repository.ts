import type { Updateable } from "kysely";
import type { Db, DbHandle } from "../../db/index.ts";
import { translated } from "../../db/queries.ts";
import type { ShopsTable } from "../../db/schema.ts";

// All SQL of the Seller Centre's shop profile and dashboard. Every query is scoped by the shop id.

export function shopProfile(db: Db, shopId: number) {
  return db
    .selectFrom("shops")
    .select([
      "id",
      "name",
      "slug",
      "logo",
      "banner",
      "description",
      "i18n",
      "delivery_charge",
      "estimated_delivery_time",
      "is_open",
      "phone",
      "email",
      "low_stock_threshold",
    ])
    .where("id", "=", shopId)
    .executeTakeFirst();
}
export type ShopProfileRow = NonNullable<Awaited<ReturnType<typeof shopProfile>>>;

export async function updateShop(db: Db, shopId: number, patch: Updateable<ShopsTable>): Promise<void> {
  await db.updateTable("shops").set(patch).where("id", "=", shopId).execute();
}

// ---- dashboard ----
// A shop's figures, or with `shopId` null the whole marketplace's (the admin's overview).

/**
 * Non-cancelled sales and orders since `from`, per stretch of time and per currency charged in (the
 * orders' stored `currency`). A stretch is the first `slot` characters of the UTC timestamp: 10 a
 * day ("2026-12-07"), 15 ten minutes ("2026-12-07T16:4").
 */
export async function salesBySlot(db: Db, shopId: number | null, from: string, slot: 10 | 15) {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      eb.fn<string>("substr", ["created_at", eb.lit(1), eb.lit(slot)]).as("slot"),
      "currency",
      eb.fn.sum<number | string>("payable_amount").as("amount"),
      eb.fn.countAll<number | string>().as("orders"),
    ])
    .$if(shopId !== null, (q) => q.where("shop_id", "=", shopId as number))
    .where("order_status", "!=", "Cancelled")
    .where("created_at", ">=", from)
    .groupBy((eb) => [eb.fn("substr", ["created_at", eb.lit(1), eb.lit(slot)]), "currency"])
    .execute();
  return rows.map((r) => ({
    slot: String(r.slot),
    currency: r.currency,
    amount: Number(r.amount ?? 0),
    orders: Number(r.orders),
  }));
}

/** What each of `productIds` sold for since `from` in each currency charged in (non-cancelled orders). */
export async function productSalesByCurrency(db: Db, shopId: number | null, from: string, productIds: number[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom("order_products as op")
    .innerJoin("orders as o", "o.id", "op.order_id")
    .select((eb) => [
      "op.product_id",
      "o.currency",
      eb.fn.sum<number | string>(eb("op.price", "*", eb.ref("op.quantity"))).as("amount"),
    ])
    .$if(shopId !== null, (q) => q.where("o.shop_id", "=", shopId as number))
    .where("op.product_id", "in", productIds)
    .where("o.order_status", "!=", "Cancelled")
    .where("o.created_at", ">=", from)
    .groupBy(["op.product_id", "o.currency"])
    .execute();
  return rows.map((r) => ({ product_id: Number(r.product_id), currency: r.currency, amount: Number(r.amount ?? 0) }));
}

/** How many of the shop's orders are in each status (all time). */
export async function ordersByStatus(db: Db, shopId: number | null) {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => ["order_status", eb.fn.countAll<number | string>().as("n")])
    .$if(shopId !== null, (q) => q.where("shop_id", "=", shopId as number))
    .groupBy("order_status")
    .execute();
  return rows.map((r) => ({ status: r.order_status, count: Number(r.n) }));
}

/** The products with the most units in non-cancelled orders since `from`, named in `locale` (a removed one as ordered). */
export async function topProducts(
  { db, pg }: Pick<DbHandle, "db" | "pg">,
  shopId: number | null,
  from: string,
  limit: number,
  locale: string,
) {
  const rows = await db
    .selectFrom("order_products as op")
    .innerJoin("orders as o", "o.id", "op.order_id")
    .leftJoin("products as p", "p.id", "op.product_id")
    .select((eb) => [
      "op.product_id",
      eb.fn.coalesce(eb.fn.max(translated(pg, "p", "name", locale)), eb.fn.max("op.name")).as("name"),
      eb.fn.max("p.thumbnail").as("thumbnail"),
      eb.fn.sum<number | string>("op.quantity").as("units"),
      eb.fn.sum<number | string>(eb("op.price", "*", eb.ref("op.quantity"))).as("amount"),
    ])
    .$if(shopId !== null, (q) => q.where("o.shop_id", "=", shopId as number))
    .where("o.order_status", "!=", "Cancelled")
    .where("o.created_at", ">=", from)
    .groupBy("op.product_id")
    .orderBy("units", "desc")
    .orderBy("op.product_id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    product_id: Number(r.product_id),
    name: String(r.name ?? ""),
    thumbnail: r.thumbnail === null || r.thumbnail === undefined ? null : String(r.thumbnail),
    units: Number(r.units),
    amount: Number(r.amount ?? 0),
  }));
}
