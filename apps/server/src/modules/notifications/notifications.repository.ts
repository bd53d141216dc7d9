import type { Notification } from "@market/contract";
import type { ExpressionBuilder, Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { Database, NotificationsTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

/** A notification's parameters as written: a low-stock notice keeps its colour's id, named in the reader's language when read. */
export type StoredParams = Omit<Notification["params"], "color"> & { color_id?: number };

/** Who a notification is written to: a shopper or a shop. */
export type Recipient = { userId: number } | { shopId: number };
/** Whose notifications are read: a shopper's own, or a shop's of the kinds the reader's role covers. */
export type Audience = { userId: number } | { shopId: number; kinds: readonly string[] };

const whose = (a: Audience) => (eb: ExpressionBuilder<Database, "notifications">) =>
  "userId" in a ? eb("user_id", "=", a.userId) : eb.and([eb("shop_id", "=", a.shopId), eb("kind", "in", a.kinds)]);

/** What a notification and its mails are made from: the order, its shopper and its shop's owner. */
export function orderFacts(db: Db, orderId: number) {
  return db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .innerJoin("users as owner", "owner.id", "s.user_id")
    .select([
      "o.id",
      "o.order_code",
      "o.order_status",
      "o.payment_method",
      "o.payable_amount",
      "o.currency",
      "o.contact_email",
      "o.contact_phone",
      "o.shipment_carrier",
      "o.shipment_tracking_number",
      "o.shipment_tracking_url",
      "o.user_id",
      "o.shop_id",
      "s.name as shop_name",
      "s.i18n as shop_i18n",
      "u.email as user_email",
      "u.phone as user_phone",
      "u.phone_code as user_phone_code",
      "u.is_guest as user_is_guest",
      "u.locale as user_locale",
      "owner.id as owner_id",
      "owner.email as owner_email",
      "owner.locale as owner_locale",
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
}
export type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

/**
 * What an order took from its shop's stock, by the stock log: each variant (its size's name, its
 * colour's id) with its units left after it, how many it took, and the shop's low-stock alert.
 */
export function stockTaken(db: Db, order: { id: number; order_code: string; shop_id: number }) {
  return db
    .selectFrom("stock_movements as m")
    .innerJoin("shops as s", "s.id", "m.shop_id")
    .innerJoin("products as p", "p.id", "m.product_id")
    .leftJoin("sizes as z", "z.id", "m.size_id")
    .leftJoin("colors as k", "k.id", "m.color_id")
    .select([
      "p.id",
      "p.name",
      "z.name as size",
      "k.id as color_id",
      "m.stock_after",
      "m.change",
      "s.low_stock_threshold",
    ])
    .where("m.product_id", "in", (eb) =>
      eb.selectFrom("order_products").select("product_id").where("order_id", "=", order.id),
    )
    .where("m.ref", "=", order.order_code)
    .where("m.reason", "=", "order")
    .where("m.shop_id", "=", order.shop_id)
    .execute();
}

/** The colours named by `ids`, with their translations. */
export function colorsOf(db: Db, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom("colors").select(["id", "name", "i18n"]).where("id", "in", ids).execute();
}

export function productsOf(db: Db, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom("products").select(["id", "name", "i18n"]).where("id", "in", ids).execute();
}

export function returnStatus(db: Db, returnId: number, orderId: number) {
  return db
    .selectFrom("returns")
    .select("status")
    .where("id", "=", returnId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

export async function insertNotification(db: Db, row: Insertable<NotificationsTable>): Promise<number> {
  const { id } = await db.insertInto("notifications").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function unreadCount(db: Db, a: Audience): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(whose(a))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function page(db: Db, a: Audience, w: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("notifications")
      .selectAll()
      .where(whose(a))
      .orderBy("id", "desc")
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(whose(a))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return { rows, total };
}

/** Marks one notification read; answers whether it is the audience's. */
export async function markRead(db: Db, a: Audience, notificationId: number, now: string): Promise<boolean> {
  const mine = await db
    .selectFrom("notifications")
    .select("id")
    .where("id", "=", notificationId)
    .where(whose(a))
    .executeTakeFirst();
  if (!mine) return false;
  await db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("id", "=", notificationId)
    .where("read_at", "is", null)
    .execute();
  return true;
}

export async function markAllRead(db: Db, a: Audience, now: string): Promise<void> {
  await db.updateTable("notifications").set({ read_at: now }).where(whose(a)).where("read_at", "is", null).execute();
}

export async function optOuts(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom("mail_opt_outs").select("topic").where("user_id", "=", userId).execute();
  return rows.map((r) => r.topic);
}

export async function setOptOut(db: Db, userId: number, topic: string, off: boolean): Promise<void> {
  if (off) {
    await db
      .insertInto("mail_opt_outs")
      .values({ user_id: userId, topic })
      .onConflict((oc) => oc.columns(["user_id", "topic"]).doNothing())
      .execute();
  } else await db.deleteFrom("mail_opt_outs").where("user_id", "=", userId).where("topic", "=", topic).execute();
}

export async function ownsShop(db: Db, userId: number): Promise<boolean> {
  return !!(await db.selectFrom("shops").select("id").where("user_id", "=", userId).executeTakeFirst());
}

export async function setUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ locale })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("locale", "is", null), eb("locale", "!=", locale)]))
    .execute();
}

/** What a refund gives back (minor units) and the return it pays back, if any. */
export function refundFacts(db: Db, refundId: number) {
  return db
    .selectFrom("refunds")
    .leftJoin("returns", "returns.refund_id", "refunds.id")
    .select(["refunds.amount", "returns.id as return_id"])
    .where("refunds.id", "=", refundId)
    .executeTakeFirst();
}

/** Whether the shopper was already told about this refund (a settle and the returns flow both say so). */
export async function toldRefunded(db: Db, orderId: number, returnId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom("notifications")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "refunded")
    .where("return_id", returnId === null ? "is" : "=", returnId)
    .executeTakeFirst();
  return !!row;
}
