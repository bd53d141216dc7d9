import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

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
    .select(["o.id", "o.order_code", "o.order_status", "o.payable_amount", "s.name as shop_name"])
    .where("o.payment_id", "=", paymentId)
    .orderBy("o.id")
    .execute();
}

export function setProviderRef(db: Q, paymentId: number, ref: string) {
  return db.updateTable("payments").set({ provider_ref: ref }).where("id", "=", paymentId).execute();
}

/** Marks a pending payment and its orders Paid; answers whether it changed anything. */
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
    .execute();
  return true;
}

/** The default currency amounts are stored in. */
export function defaultCurrency(db: Q) {
  return db
    .selectFrom("currencies")
    .select(["name", "symbol", "position"])
    .orderBy("is_default", "desc")
    .orderBy("id")
    .executeTakeFirst()
    .then((r) => r ?? { name: "USD", symbol: "$", position: "prefix" as const });
}
