import type { Kysely } from "kysely";
import type { Database, ReturnStatus } from "../../db/schema.ts";

// All returns SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

/** A request still waiting for the shop: the order takes no other one meanwhile. */
export const OPEN_STATUSES: ReturnStatus[] = ["Requested", "Approved"];

export function insertReturn(
  db: Q,
  row: { order_id: number; user_id: number; shop_id: number; reason: string; created_at: string },
): Promise<number> {
  return db
    .insertInto("returns")
    .values({ ...row, updated_at: row.created_at })
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
}

export async function insertItems(db: Q, returnId: number, items: { order_product_id: number; quantity: number }[]) {
  if (items.length)
    await db
      .insertInto("return_items")
      .values(items.map((i) => ({ ...i, return_id: returnId })))
      .execute();
}

export async function insertPhotos(db: Q, returnId: number, urls: string[]) {
  if (urls.length)
    await db
      .insertInto("return_photos")
      .values(urls.map((url, sort) => ({ return_id: returnId, url, sort })))
      .execute();
}

export function returnById(db: Q, id: number) {
  return db.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirst();
}
export type ReturnRow = NonNullable<Awaited<ReturnType<typeof returnById>>>;

export function returnsOfOrder(db: Q, orderId: number) {
  return db.selectFrom("returns").selectAll().where("order_id", "=", orderId).orderBy("id", "desc").execute();
}

export async function hasOpen(db: Q, orderId: number): Promise<boolean> {
  const r = await db
    .selectFrom("returns")
    .select("id")
    .where("order_id", "=", orderId)
    .where("status", "in", OPEN_STATUSES)
    .executeTakeFirst();
  return r !== undefined;
}

/** The requests' items with their order lines (name, price, variant). */
export function itemsOf(db: Q, returnIds: number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("return_items as ri")
    .innerJoin("order_products as op", "op.id", "ri.order_product_id")
    .innerJoin("products as p", "p.id", "op.product_id")
    .select([
      "p.i18n",
      "ri.return_id",
      "ri.order_product_id",
      "ri.quantity",
      "op.product_id",
      "op.size_id",
      "op.color_id",
      "op.unit_id",
      "op.name",
      "op.price",
      "op.flash_sale_item_id",
      "op.flash_sale_qty",
    ])
    .where("ri.return_id", "in", returnIds)
    .orderBy("ri.id")
    .execute();
}
export type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export function photosOf(db: Q, returnIds: number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("return_photos")
    .select(["return_id", "url"])
    .where("return_id", "in", returnIds)
    .orderBy("sort")
    .execute();
}

/** Each line's quantity named by the order's requests in the given states. */
export async function quantitiesOf(db: Q, orderId: number, statuses: ReturnStatus[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("return_items as ri")
    .innerJoin("returns as r", "r.id", "ri.return_id")
    .select((eb) => ["ri.order_product_id", eb.fn.sum<number | string>("ri.quantity").as("n")])
    .where("r.order_id", "=", orderId)
    .where("r.status", "in", statuses)
    .groupBy("ri.order_product_id")
    .execute();
  return new Map(rows.map((r) => [r.order_product_id, Number(r.n)]));
}

export function orderLines(db: Q, orderId: number) {
  return db
    .selectFrom("order_products")
    .select(["id", "price", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

export function deliveredAt(db: Q, orderId: number) {
  return db
    .selectFrom("order_status_history")
    .select("created_at")
    .where("order_id", "=", orderId)
    .where("status", "=", "Delivered")
    .orderBy("id", "desc")
    .executeTakeFirst()
    .then((r) => r?.created_at ?? null);
}

export function refundsOf(db: Q, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("refunds").select(["id", "status", "method", "refunded_at"]).where("id", "in", ids).execute();
}

/** Moves a request from one state to the next; answers whether it was still in `from`. */
export async function moveReturn(
  db: Q,
  id: number,
  from: ReturnStatus,
  set: {
    status: ReturnStatus;
    updated_at: string;
    reject_reason?: string;
    decided_at?: string;
    received_at?: string;
    refund_amount?: number;
    refund_id?: number | null;
  },
): Promise<boolean> {
  const res = await db
    .updateTable("returns")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The order, when it is the shopper's (`userId`) or the shop's (`shopId`). */
export function orderOf(db: Q, scope: { userId?: number; shopId?: number }, id: number) {
  return db
    .selectFrom("orders")
    .select(["id", "order_status", "payment_status", "payable_amount", "delivery_charge"])
    .where("id", "=", id)
    .$if(scope.userId !== undefined, (q) => q.where("user_id", "=", scope.userId as number))
    .$if(scope.shopId !== undefined, (q) => q.where("shop_id", "=", scope.shopId as number))
    .executeTakeFirst();
}

/** Returned units are no longer sold. */
export function takeSold(db: Q, productId: number, quantity: number) {
  return db
    .updateTable("products")
    .set((eb) => ({ total_sold: eb("total_sold", "-", quantity) }))
    .where("id", "=", productId)
    .where("total_sold", ">=", quantity)
    .execute();
}
