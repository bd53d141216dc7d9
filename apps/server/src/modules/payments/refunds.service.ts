import crypto from "node:crypto";
import { type Db, writeTransaction } from "../../db/index.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { notify } from "../notifications/notify.ts";
import { STRIPE_GATEWAY, TEST_GATEWAY } from "./gateways.ts";
import * as repo from "./payments.repository.ts";
import { createRefund, paymentIntentOf, stripeClient } from "./stripe.ts";

// The one way money goes back: `refund` records what is owed inside the caller's transaction
// (the cancel, later a received return), and `sendRefund` asks the way the order was paid after
// that transaction commits, since a gateway's network call must not hold database locks:
// - the test gateway records the refund at once;
// - Stripe gets a refund of the payment's PaymentIntent, keyed by the row's idempotency key; it
//   counts as refunded only when Stripe's webhook confirms it (as payments count as paid);
// - cash on delivery has no gateway: such a refund waits to be marked refunded by hand.
// A refund the gateway could not be asked for stays Pending and a background job asks again,
// with a doubling delay (it survives a restart; after its last try the refund waits for a person).

export type RefundDeps = Pick<AppDeps, "dbh" | "config" | "log" | "jobs" | "mailer" | "sms" | "realtime">;

export const REFUND_JOB = "refund";
/** tries after the first: at the default delay the last is about 4 h after the cancel */
const REFUND_RETRIES = 9;

/** The order a refund is for, read under the caller's lock of its row. */
export interface RefundableOrder {
  id: number;
  payment_id: number;
  payment_method: string;
  payment_status: string;
  /** what the order's share of the payment was, minor units */
  payable_amount: number;
}

/** What an order's refunds give back or are giving back, minor units; `settled`: only what they gave back. */
export const refundedAmount = (db: Db, orderId: number, settled = false) => repo.refundedAmount(db, orderId, settled);

/**
 * Records a refund of `amount` (minor units) of a paid order, inside the caller's write
 * transaction that holds the order's row; the order's payment shows Refunding until the gateway
 * confirms. Never more than the order's share of its payment, counting earlier refunds that did
 * not fail. Answers the refund's id, for `sendRefund` once the transaction has committed.
 */
export async function refund(tx: DbDeps, order: RefundableOrder, amount: number, reason: string): Promise<number> {
  const db = tx.dbh.db;
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError(422, "A refund must be more than zero.");
  if (order.payment_status === "Pending")
    throw new AppError(409, "This order is not paid, so nothing can be refunded.");
  const already = await repo.refundedAmount(db, order.id);
  if (already + amount > order.payable_amount) throw new AppError(409, "A refund cannot be more than what was paid.");
  const now = clock.iso();
  const id = await repo.insertRefund(db, {
    payment_id: order.payment_id,
    order_id: order.id,
    amount,
    reason: reason.slice(0, 100),
    method: order.payment_method,
    idempotency_key: `refund-${crypto.randomUUID()}`,
    created_at: now,
    updated_at: now,
  });
  await repo.setOrderPaymentStatus(db, order.id, "Refunding", now);
  return id;
}

/**
 * Marks a refund done and, when none of its order's refunds is still on its way, the order Refunded
 * once all it paid is back, else Paid again: a return of some of its units leaves the rest paid for.
 */
async function settle(deps: RefundDeps, refundId: number, orderId: number, ref: string): Promise<boolean> {
  const settled = await writeTransaction(deps.dbh, async (trx) => {
    const now = clock.iso();
    if (!(await repo.markRefundSucceeded(trx, refundId, ref, now))) return false;
    if ((await repo.openRefunds(trx, orderId)) === 0) {
      const all = (await repo.refundedAmount(trx, orderId)) >= (await repo.payableAmount(trx, orderId));
      await repo.setOrderPaymentStatus(trx, orderId, all ? "Refunded" : "Paid", now);
    }
    return true;
  });
  if (settled) await notify(deps, { kind: "refunded", orderId, refundId });
  return settled;
}

/**
 * Cash on delivery has no gateway: the shop (or the operator) gave the money back by hand and
 * says so. Only a Pending cash refund; answers whether it changed anything.
 */
export async function settleByHand(deps: RefundDeps, refundId: number, who: string): Promise<boolean> {
  const r = await repo.refundById(deps.dbh.db, refundId);
  if (r?.status !== "Pending" || r.method === TEST_GATEWAY || r.method === STRIPE_GATEWAY) return false;
  return settle(deps, r.id, r.order_id, `by_hand_${who}`.slice(0, 255));
}

/**
 * Asks the gateway for a Pending refund, once the transaction that recorded it has committed.
 * Never throws: when the gateway cannot be reached the refund stays Pending (attempt counted,
 * error kept) and a job asks again later.
 */
export async function sendRefund(deps: RefundDeps, refundId: number): Promise<void> {
  try {
    await askGateway(deps, refundId);
  } catch {
    await deps.jobs.send(REFUND_JOB, { id: refundId }, { delaySeconds: deps.config.JOB_RETRY_SECONDS });
  }
}

/** The retries of refunds the gateway could not take at first. */
export function registerRefundJob(deps: RefundDeps): void {
  deps.jobs.register(REFUND_JOB, (data) => askGateway(deps, Number(data.id)), {
    retryLimit: REFUND_RETRIES,
    retryDelaySeconds: deps.config.JOB_RETRY_SECONDS,
  });
}

/** Asks the gateway for a Pending refund; throws (after noting the attempt) when it cannot be reached. */
async function askGateway(deps: RefundDeps, refundId: number): Promise<void> {
  const db = deps.dbh.db;
  const r = await repo.refundById(db, refundId);
  if (r?.status !== "Pending") return;
  try {
    if (r.method === TEST_GATEWAY) {
      await settle(deps, r.id, r.order_id, `test_re_${crypto.randomBytes(8).toString("hex")}`);
    } else if (r.method === STRIPE_GATEWAY) {
      const stripe = stripeClient(deps.config);
      if (!stripe) throw new Error("Stripe is not configured");
      const payment = await repo.paymentById(db, r.payment_id);
      if (!payment?.provider_ref) throw new Error(`Payment ${r.payment_id} has no Checkout Session`);
      const sent = await createRefund(stripe, {
        refundId: r.id,
        orderId: r.order_id,
        paymentIntent: await paymentIntentOf(stripe, payment.provider_ref),
        amount: r.amount,
        idempotencyKey: r.idempotency_key,
      });
      await repo.markRefundSent(db, r.id, sent.id, clock.iso());
      if (sent.status === "failed" || sent.status === "canceled")
        await refundFailed(deps, r.id, `Stripe: ${sent.status}`);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.noteRefundAttempt(db, r.id, message, clock.iso());
    deps.log.warn({ refundId: r.id, err: message }, "refund not sent; it will be retried");
    throw error;
  }
}

async function refundFailed(deps: RefundDeps, refundId: number, reason: string): Promise<void> {
  await repo.markRefundFailed(deps.dbh.db, refundId, reason, clock.iso());
  // The order keeps showing Refunding: the money is still owed, and someone must act.
  deps.log.error({ refundId, reason }, "refund failed at the gateway");
}

/** Stripe's webhook reported on one of our refunds: succeeded settles it, failed or canceled marks it failed. */
export async function stripeRefundUpdate(
  deps: RefundDeps,
  update: { refundId: number; ref: string; status: string | null },
): Promise<void> {
  const r = await repo.refundById(deps.dbh.db, update.refundId);
  if (!r || r.method !== STRIPE_GATEWAY || (r.provider_ref !== null && r.provider_ref !== update.ref)) return;
  if (update.status === "succeeded") await settle(deps, r.id, r.order_id, update.ref);
  else if (update.status === "failed" || update.status === "canceled") {
    await refundFailed(deps, r.id, `Stripe: ${update.status}`);
  }
}
