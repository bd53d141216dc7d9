import { type Insertable, type Kysely, sql } from "kysely";
import { contains, countRows } from "../../db/queries.ts";
import type { Database, OrderProductsTable, OrdersTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All order SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;
export type OrderStatus = OrdersTable["order_status"];

export interface VariantKey {
  product_id: number;
  size_id: number;
  color_id: number;
}

/** Sorts variants by product, size, colour: every transaction locks stock rows in this one order. */
export const byVariant = (a: VariantKey, b: VariantKey) =>
  a.product_id - b.product_id || a.size_id - b.size_id || a.color_id - b.color_id;

/** The cart lines of the selected shops, as they are before the cart is re-read. */
export function selectedLines(db: Q, userId: number, isBuyNow: boolean, shopIds: number[]) {
  return db
    .selectFrom("carts as c")
    .innerJoin("products as p", "p.id", "c.product_id")
    .select([
      "c.id",
      "c.product_id",
      "c.size_id",
      "c.color_id",
      "c.unit_id",
      "c.quantity",
      "c.unit_price_at_add",
      "p.shop_id",
    ])
    .where("c.user_id", "=", userId)
    .where("c.is_buy_now", "=", isBuyNow ? 1 : 0)
    .where("p.shop_id", "in", shopIds)
    .orderBy("c.id")
    .execute();
}

/** PostgreSQL: locks the variants' stock rows, in the fixed order of `byVariant`. */
export async function lockVariants(db: Q, keys: VariantKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .selectFrom("product_variants")
    .select("id")
    .where((eb) =>
      eb.or(
        keys.map((k) =>
          eb.and([eb("product_id", "=", k.product_id), eb("size_id", "=", k.size_id), eb("color_id", "=", k.color_id)]),
        ),
      ),
    )
    .orderBy("product_id")
    .orderBy("size_id")
    .orderBy("color_id")
    .forUpdate()
    .execute();
}

export function addSold(db: Q, productId: number, quantity: number) {
  return db
    .updateTable("products")
    .set((eb) => ({ total_sold: eb("total_sold", "+", quantity) }))
    .where("id", "=", productId)
    .execute();
}

export function insertPayment(db: Q, row: { user_id: number; method: string; amount: number; created_at: string }) {
  return db
    .insertInto("payments")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
}

/** An order's code: the shop's prefix and the order id. */
export const orderCodeOf = (prefix: string, id: number) => `#${prefix}${String(id).padStart(6, "0")}`;

export async function insertOrder(db: Q, row: Insertable<OrdersTable>, prefix: string): Promise<number> {
  const { id } = await db.insertInto("orders").values(row).returning("id").executeTakeFirstOrThrow();
  const code = orderCodeOf(prefix, Number(id));
  await db.updateTable("orders").set({ order_code: code }).where("id", "=", Number(id)).execute();
  return Number(id);
}

export function insertOrderProducts(db: Q, rows: Insertable<OrderProductsTable>[]) {
  return db.insertInto("order_products").values(rows).execute();
}

export function insertHistory(
  db: Q,
  orderId: number,
  status: OrderStatus,
  by: "customer" | "seller" | "system",
  now: string,
) {
  return db
    .insertInto("order_status_history")
    .values({ order_id: orderId, status, changed_by: by, created_at: now })
    .execute();
}

/**
 * The names in the default language of products, colours and units, by id: what an order's lines
 * keep, whatever language the shopper placed it in (each reader sees them translated).
 */
export async function defaultNames(db: Q, ids: { products: number[]; colors: number[]; units: number[] }) {
  const byId = async (table: "products" | "colors" | "units", list: number[]) =>
    new Map(
      list.length === 0
        ? []
        : (
            await db
              .selectFrom(table)
              .select(["id", "name"])
              .where("id", "in", [...new Set(list)])
              .execute()
          ).map((r) => [r.id, r.name] as const),
    );
  return {
    products: await byId("products", ids.products),
    colors: await byId("colors", ids.colors),
    units: await byId("units", ids.units),
  };
}

export function shopsOf(db: Q, ids: number[]) {
  return db
    .selectFrom("shops")
    .select(["id", "prefix", "estimated_delivery_time", "status"])
    .where("id", "in", ids)
    .execute();
}

export async function countCouponUse(db: Q, couponId: number, userId: number, orderRef: string, now: string) {
  await db
    .insertInto("coupon_usages")
    .values({ coupon_id: couponId, user_id: userId, order_ref: orderRef, created_at: now })
    .execute();
  await db
    .updateTable("coupons")
    .set((eb) => ({ used_count: eb("used_count", "+", 1) }))
    .where("id", "=", couponId)
    .execute();
}

/** Gives a cancelled order's coupon back to its shopper. */
export async function releaseCouponUse(db: Q, couponId: number, userId: number): Promise<void> {
  const res = await db
    .deleteFrom("coupon_usages")
    .where("coupon_id", "=", couponId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) > 0) {
    await db
      .updateTable("coupons")
      .set((eb) => ({ used_count: eb("used_count", "-", 1) }))
      .where("id", "=", couponId)
      .where("used_count", ">", 0)
      .execute();
  }
}

export function deleteCartLines(db: Q, ids: number[]) {
  return db.deleteFrom("carts").where("id", "in", ids).execute();
}

// ---- idempotency ----

export function idempotentAnswer(db: Q, userId: number, key: string) {
  return db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response"])
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
}

export function saveIdempotentAnswer(
  db: Q,
  row: { user_id: number; key: string; request_hash: string; response: string; created_at: string },
) {
  return db.insertInto("idempotency_keys").values(row).execute();
}

// ---- reading orders ----

const listColumns = [
  "o.id",
  "o.user_id",
  "o.shop_id",
  "o.payment_id",
  "o.order_code",
  "o.order_status",
  "o.payment_status",
  "o.payment_method",
  "o.quantity",
  "o.total_amount",
  "o.discount",
  "o.coupon_id",
  "o.coupon_discount",
  "o.delivery_charge",
  "o.tax_amount",
  "o.payable_amount",
  "o.currency",
  "o.vat_taxes",
  "o.note",
  "o.address",
  "o.estimated_delivery_date",
  "o.created_at",
  "s.name as shop_name",
  "s.i18n as shop_i18n",
  "s.logo as shop_logo",
  "s.rating as shop_rating",
  "u.name as customer_name",
  "u.erased_at as customer_erased_at",
  "u.email as customer_email",
  "u.phone as customer_phone",
  "u.phone_code as customer_phone_code",
  "o.contact_email",
  "o.contact_phone",
  "o.shipment_carrier",
  "o.shipment_tracking_number",
  "o.shipment_tracking_url",
] as const;

export interface OrderScope {
  /** the shopper's orders */
  userId?: number;
  /** a shop's orders */
  shopId?: number;
}

/** The scope's orders alone: counts need no joined rows (every order has its shop and user). */
function scopedOrders(db: Q, scope: OrderScope) {
  return db
    .selectFrom("orders as o")
    .$if(scope.userId !== undefined, (q) => q.where("o.user_id", "=", scope.userId as number))
    .$if(scope.shopId !== undefined, (q) => q.where("o.shop_id", "=", scope.shopId as number));
}

function scoped(db: Q, scope: OrderScope) {
  return scopedOrders(db, scope)
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .innerJoin("users as u", "u.id", "o.user_id");
}

export function orderRow(db: Q, scope: OrderScope, id: number) {
  return scoped(db, scope).select(listColumns).where("o.id", "=", id).executeTakeFirst();
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof orderRow>>>;

/**
 * The returns the shop still has to act on or see through: to approve or reject, to receive, or
 * received with a refund not yet settled (a cash one to mark refunded, a failed one). A received
 * return whose refund settled, or that had nothing to give back, shows as Refunded.
 */
function openReturns(db: Q) {
  return db
    .selectFrom("returns as r")
    .where((eb) =>
      eb.or([
        eb("r.status", "in", ["Requested", "Approved"]),
        eb.and([
          eb("r.status", "=", "Received"),
          eb.exists(
            eb
              .selectFrom("refunds as f")
              .select("f.id")
              .whereRef("f.id", "=", "r.refund_id")
              .where("f.status", "!=", "Succeeded"),
          ),
        ]),
      ]),
    );
}

export interface ListFilter {
  status?: OrderStatus | undefined;
  search?: string | undefined;
  /** only orders with an open return */
  openReturns?: boolean;
  /** the admin's search: also the shopper's email and the shop's name */
  wide?: boolean;
}

function withOpenReturn<T extends ReturnType<typeof scopedOrders>>(db: Q, q: T, f: ListFilter): T {
  if (!f.openReturns) return q;
  return q.where(({ exists }) =>
    exists(openReturns(db).select("r.id").where("r.order_id", "=", sql.ref<number>("o.id"))),
  ) as T;
}

function filtered(db: Q, scope: OrderScope, f: ListFilter) {
  let q = withOpenReturn(db, scoped(db, scope), f);
  if (f.status) q = q.where("o.order_status", "=", f.status);
  const search = f.search;
  if (search) {
    const own = ["o.order_code", "u.name", "o.shipment_tracking_number"];
    const fields = f.wide ? [...own, "u.email", "s.name"] : own;
    q = q.where((eb) => eb.or(fields.map((c) => contains(c, search))));
  }
  return q;
}

export function orderPage(db: Q, scope: OrderScope, f: ListFilter, page: PageWindow) {
  return filtered(db, scope, f)
    .select(listColumns)
    .orderBy("o.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function countOrders(db: Q, scope: OrderScope, f: ListFilter) {
  // Only a search reads the joined shop and customer; a count over a shop's thousands of orders
  // would otherwise look up each one's customer (issue 18's scale benchmark).
  if (!f.search)
    return countRows(
      withOpenReturn(db, scopedOrders(db, scope), f).$if(!!f.status, (q) =>
        q.where("o.order_status", "=", f.status as OrderStatus),
      ),
    );
  return countRows(filtered(db, scope, f));
}

/** How many of a shop's orders have an open return. */
export async function openReturnCount(db: Q, shopId: number): Promise<number> {
  const r = await openReturns(db)
    .select((e) => e.fn.count<number | string>("r.order_id").distinct().as("n"))
    .where("r.shop_id", "=", shopId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function statusCounts(db: Q, scope: OrderScope) {
  return scopedOrders(db, scope)
    .select((e) => ["o.order_status", e.fn.countAll<number | string>().as("n")])
    .groupBy("o.order_status")
    .execute();
}

export function orderProducts(db: Q, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_products as op")
    .innerJoin("products as p", "p.id", "op.product_id")
    .leftJoin("colors as k", "k.id", "op.color_id")
    .leftJoin("units as u", "u.id", "op.unit_id")
    .select([
      "op.id",
      "op.order_id",
      "op.product_id",
      "op.size_id",
      "op.color_id",
      "op.unit_id",
      "op.name",
      "op.size_name",
      "op.color_name",
      "op.color_code",
      "op.unit_name",
      "op.regular_price",
      "op.price",
      "op.quantity",
      "op.flash_sale_item_id",
      "op.flash_sale_qty",
      "p.slug",
      "p.thumbnail",
      "p.i18n",
      "k.i18n as color_i18n",
      "u.i18n as unit_i18n",
    ])
    .where("op.order_id", "in", orderIds)
    .orderBy("op.id")
    .execute();
}
export type OrderProductRow = Awaited<ReturnType<typeof orderProducts>>[number];

/** The codes of the other live orders one payment covers (placed together, one per shop). */
export async function otherCodesOfPayment(db: Q, paymentId: number, orderId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("order_code")
    .where("payment_id", "=", paymentId)
    .where("id", "!=", orderId)
    .where("order_status", "!=", "Cancelled")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.order_code);
}

export function history(db: Q, orderId: number) {
  return db
    .selectFrom("order_status_history")
    .select(["status", "changed_by", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** An order to change (status, refund); on PostgreSQL the row stays locked until the transaction ends. */
export function lockOrder(db: Q, id: number, pg: boolean) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "user_id",
      "shop_id",
      "order_code",
      "order_status",
      "payment_id",
      "payment_method",
      "payment_status",
      "payable_amount",
      "delivery_charge",
      "coupon_id",
      "shipment_carrier",
      "shipment_tracking_number",
      "shipment_tracking_url",
    ])
    .where("id", "=", id)
    .$if(pg, (q) => q.forUpdate())
    .executeTakeFirst();
}

export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export function setStatus(
  db: Q,
  id: number,
  set: { order_status: OrderStatus; payment_status?: "Paid"; updated_at: string },
) {
  return db.updateTable("orders").set(set).where("id", "=", id).execute();
}

/**
 * Gives the shop's order its parcel, in one step with the check that the order is the shop's and
 * in a status that allows it; answers how many rows changed (0 when it was not allowed).
 */
export async function setShipment(
  db: Q,
  shopId: number,
  id: number,
  shipment: { carrier: string; tracking_number: string; tracking_url: string | null },
  allowed: readonly OrderStatus[],
  now: string,
) {
  const r = await db
    .updateTable("orders")
    .set({
      shipment_carrier: shipment.carrier,
      shipment_tracking_number: shipment.tracking_number,
      shipment_tracking_url: shipment.tracking_url,
      updated_at: now,
    })
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .where("order_status", "in", allowed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function linesToReturn(db: Q, orderId: number) {
  return db
    .selectFrom("order_products")
    .select(["product_id", "size_id", "color_id", "unit_id", "quantity", "flash_sale_item_id", "flash_sale_qty"])
    .where("order_id", "=", orderId)
    .execute();
}

export function takeSold(db: Q, productId: number, quantity: number) {
  return db
    .updateTable("products")
    .set((eb) => ({ total_sold: eb("total_sold", "-", quantity) }))
    .where("id", "=", productId)
    .where("total_sold", ">=", quantity)
    .execute();
}

export function shopOwner(db: Q, shopId: number) {
  return db
    .selectFrom("shops")
    .select("user_id")
    .where("id", "=", shopId)
    .executeTakeFirst()
    .then((r) => r?.user_id ?? null);
}

export function shopAddress(db: Q, shopId: number) {
  return db
    .selectFrom("shops")
    .select("address")
    .where("id", "=", shopId)
    .executeTakeFirst()
    .then((r) => r?.address ?? "");
}
