import { type ChargedCurrency, DEFAULT_CURRENCY } from "@market/contract";
import type { Insertable, Kysely } from "kysely";
import type { Database, RefundsTable } from "../../db/schema.ts";

// All payment SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

export function paymentById(db: Q, id: number) {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentById>>>;

/** The payment's orders with their shop's name, oldest first. */
export function ordersOfPayment(db: Q, paymentId: number) {
  return db
    .selectFrom("orders as o")
    .innerJoin("shops as s", "s.id", "o.shop_id")
    .select(["o.id", "o.order_code", "o.order_status", "o.payable_amount", "o.currency", "s.name as shop_name"])
    .where("o.payment_id", "=", paymentId)
    .orderBy("o.id")
    .execute();
}

export function setProviderRef(db: Q, paymentId: number, ref: string) {
  return db.updateTable("payments").set({ provider_ref: ref }).where("id", "=", paymentId).execute();
}

/**
 * Marks a pending payment and its orders Paid; answers whether it changed anything. An order
 * cancelled before the payment was taken is left unpaid: the charge was for the others.
 */
export async function markPaid(db: Q, paymentId: number, ref: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable("payments")
    .set({ status: "Paid", provider_ref: ref, paid_at: now })
    .where("id", "=", paymentId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db
    .updateTable("orders")
    .set({ payment_status: "Paid", updated_at: now })
    .where("payment_id", "=", paymentId)
    .where("order_status", "!=", "Cancelled")
    .execute();
  return true;
}

/** Each currency's rate (units for one unit of a common base) and whether it is the default. */
export function currencyRates(db: Q) {
  return db.selectFrom("currencies").select(["name", "rate", "is_default"]).orderBy("id").execute();
}

/** The default currency: prices are in it, and a new order is charged in it. */
export function defaultCurrency(db: Q): Promise<ChargedCurrency> {
  return db
    .selectFrom("currencies")
    .select(["name", "symbol", "position", "decimals"])
    .orderBy("is_default", "desc")
    .orderBy("id")
    .executeTakeFirst()
    .then((r) => r ?? { ...DEFAULT_CURRENCY, decimals: 2 });
}

// ---- refunds ----

export function insertRefund(db: Q, row: Insertable<RefundsTable>): Promise<number> {
  return db
    .insertInto("refunds")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
}

export function refundById(db: Q, id: number) {
  return db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirst();
}
export type RefundRow = NonNullable<Awaited<ReturnType<typeof refundById>>>;

/**
 * What an order's refunds give back or are giving back (all but the failed ones), minor units;
 * `settled`: only what they have given back.
 */
export async function refundedAmount(db: Q, orderId: number, settled = false): Promise<number> {
  const r = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.sum<string | number | null>("amount").as("n"))
    .where("order_id", "=", orderId)
    .$if(settled, (q) => q.where("status", "=", "Succeeded"))
    .$if(!settled, (q) => q.where("status", "!=", "Failed"))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** What the order's share of its payment was, minor units. */
export async function payableAmount(db: Q, orderId: number): Promise<number> {
  const r = await db.selectFrom("orders").select("payable_amount").where("id", "=", orderId).executeTakeFirst();
  return r?.payable_amount ?? 0;
}

export function setOrderPaymentStatus(db: Q, orderId: number, status: "Paid" | "Refunding" | "Refunded", now: string) {
  return db.updateTable("orders").set({ payment_status: status, updated_at: now }).where("id", "=", orderId).execute();
}

/** The gateway took a pending refund (its id `ref`); answers whether it changed anything. */
export async function markRefundSent(db: Q, id: number, ref: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable("refunds")
    .set((eb) => ({
      status: "Sent",
      provider_ref: ref,
      attempts: eb("attempts", "+", 1),
      last_error: null,
      updated_at: now,
    }))
    .where("id", "=", id)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A refund the gateway confirmed; answers whether it changed anything (a repeated confirmation does not). */
export async function markRefundSucceeded(db: Q, id: number, ref: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable("refunds")
    .set({ status: "Succeeded", provider_ref: ref, last_error: null, updated_at: now, refunded_at: now })
    .where("id", "=", id)
    .where("status", "in", ["Pending", "Sent"])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function markRefundFailed(db: Q, id: number, error: string, now: string) {
  return db
    .updateTable("refunds")
    .set({ status: "Failed", last_error: error.slice(0, 500), updated_at: now })
    .where("id", "=", id)
    .where("status", "in", ["Pending", "Sent"])
    .execute();
}

/** A try that did not reach the gateway: the refund stays Pending for the next try. */
export function noteRefundAttempt(db: Q, id: number, error: string, now: string) {
  return db
    .updateTable("refunds")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error.slice(0, 500), updated_at: now }))
    .where("id", "=", id)
    .where("status", "=", "Pending")
    .execute();
}

/** How many of an order's refunds are still on their way. */
export async function openRefunds(db: Q, orderId: number): Promise<number> {
  const r = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("order_id", "=", orderId)
    .where("status", "in", ["Pending", "Sent"])
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
