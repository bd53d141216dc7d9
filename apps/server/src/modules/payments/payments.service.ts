import crypto from "node:crypto";
import { type ChargedCurrency, PAYMENT_RETURN_PATH } from "@market/contract";
import type Stripe from "stripe";
import { writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { notify } from "../notifications/notify.ts";
import { defaultCurrency, STRIPE_GATEWAY, TEST_GATEWAY } from "./gateways.ts";
import { chargedIn } from "./html.ts";
import * as repo from "./payments.repository.ts";
import { refund, sendRefund, stripeRefundUpdate } from "./refunds.service.ts";
import { sign, verify } from "./signing.ts";
import { createCheckoutSession, openSession, paidPaymentOf, refundOf, stripeClient } from "./stripe.ts";
import { type CardErrors, type CardForm, chargeCard, messagePage, paymentPage } from "./test-gateway.ts";

// Payments behind one interface: cash on delivery (paid on delivery), the built-in test card
// gateway (its own page, a signed callback) and Stripe Checkout (a hosted page, a signed
// webhook). Every online payment starts at our own link `order_payment_url`, which opens the
// gateway's page; so a retry, a reload or paying later from the order page all use one link.

type ConfigDeps = Pick<AppDeps, "config">;
export type PaymentDeps = Pick<AppDeps, "dbh" | "config" | "log" | "jobs" | "mailer" | "sms" | "realtime">;

export {
  defaultCurrency,
  enabledGateways,
  isCash,
  offeredGateways,
  paymentMethodName,
  STRIPE_GATEWAY,
  TEST_GATEWAY,
} from "./gateways.ts";

/** The link that opens a payment's page (absolute; the signature lets it open without a token). */
export function paymentUrl({ config }: ConfigDeps, paymentId: number): string {
  return `${config.appUrl}/api/payments/${paymentId}/pay?sig=${sign(config.appSecret, "pay", paymentId)}`;
}

/** Where the shopper lands after paying or cancelling: the web's order page of the first order. */
export function returnUrl({ config }: ConfigDeps, orderId: number, result: "success" | "cancel"): string {
  return `${config.appUrl}${PAYMENT_RETURN_PATH(orderId, result)}`;
}

export interface PaymentDue {
  payment: repo.PaymentRow;
  /** the payment's orders that are not cancelled */
  orders: Awaited<ReturnType<typeof repo.ordersOfPayment>>;
  /** what is left to pay: the payable amounts of the orders not cancelled */
  amount: number;
  /** the order the return links open */
  firstOrderId: number;
  /** what the orders were charged in (the default currency when they were placed) */
  currency: ChargedCurrency;
}

export async function paymentDue({ dbh }: DbDeps, paymentId: number): Promise<PaymentDue | null> {
  const payment = await repo.paymentById(dbh.db, paymentId);
  if (!payment) return null;
  const all = await repo.ordersOfPayment(dbh.db, paymentId);
  const orders = all.filter((o) => o.order_status !== "Cancelled");
  return {
    payment,
    orders,
    amount: orders.reduce((n, o) => n + o.payable_amount, 0),
    firstOrderId: all[0]?.id ?? 0,
    currency: all[0] ? chargedIn(all[0].currency) : await defaultCurrency({ dbh }),
  };
}

/**
 * Marks a gateway's payment paid with what it `charged`. A Checkout Session (or the test gateway's
 * card form) opened before one of the payment's orders was cancelled still charges that order's
 * share when the shopper pays afterwards: a charge above what the orders left were due pays those
 * cancelled orders, and each is refunded at once.
 */
async function markGatewayPaid(deps: PaymentDeps, payment: repo.PaymentRow, ref: string, charged: number | null) {
  const { paid, refunds } = await writeTransaction(deps.dbh, async (trx) => {
    const now = clock.iso();
    if (!(await repo.markPaid(trx, payment.id, ref, now))) return { paid: [], refunds: [] };
    const orders = await repo.ordersOfPayment(trx, payment.id);
    const live = orders.filter((o) => o.order_status !== "Cancelled").map((o) => o.id);
    if (charged === null) return { paid: live, refunds: [] };
    const cancelled = orders.filter((o) => o.order_status === "Cancelled");
    let excess =
      charged - orders.filter((o) => o.order_status !== "Cancelled").reduce((n, o) => n + o.payable_amount, 0);
    const ids: number[] = [];
    for (const o of cancelled) {
      if (o.payable_amount <= 0 || excess < o.payable_amount) continue;
      excess -= o.payable_amount;
      await repo.setOrderPaymentStatus(trx, o.id, "Paid", now);
      const order = { ...o, payment_id: payment.id, payment_method: payment.method, payment_status: "Paid" };
      ids.push(await refund(inTransaction(deps, trx), order, o.payable_amount, "Order cancelled before the payment"));
    }
    return { paid: live, refunds: ids };
  });
  // An order paid online reaches its shop now, paid, rather than when it was placed.
  for (const orderId of paid) await notify(deps, { kind: "new_order", orderId });
  for (const id of refunds) await sendRefund(deps, id);
}

// ---- the pages a browser opens by link ----

/** What a payment link answers: a 303 redirect, or an HTML page with its status. */
export type PageAnswer = { redirect: string } | { html: string; status: number };

/** The payment of a signed link with what is due, or a 404 for a bad link. */
async function duePayment(deps: DbDeps & ConfigDeps, id: number, sig: unknown): Promise<PaymentDue> {
  if (!verify(deps.config.appSecret, sig, "pay", id)) throw notFound("Payment");
  const due = await paymentDue(deps, id);
  if (!due || due.payment.method === "cash") throw notFound("Payment");
  return due;
}

/** The answer for a payment with nothing left to pay; null when the shopper should pay. */
function settled(deps: ConfigDeps, due: PaymentDue): PageAnswer | null {
  if (due.payment.status === "Paid") return { redirect: returnUrl(deps, due.firstOrderId, "success") };
  if (due.orders.length === 0 || due.amount <= 0) {
    const html = messagePage(
      "Nothing to pay",
      "The orders of this payment were cancelled, so there is nothing to pay.",
      {
        href: `${deps.config.appUrl}/order-history/${due.firstOrderId}`,
        label: "Back to your order",
      },
    );
    return { html, status: 200 };
  }
  return null;
}

/** The test gateway's card form for what is due, with the errors of a refused try. */
async function cardPage(
  deps: PaymentDeps,
  due: PaymentDue,
  sig: string,
  refused?: { form: CardForm; errors: CardErrors },
): Promise<string> {
  return paymentPage({
    action: `/api/payments/${due.payment.id}/test-charge`,
    sig,
    amount: due.amount,
    currency: due.currency,
    orders: due.orders,
    cancelUrl: returnUrl(deps, due.firstOrderId, "cancel"),
    ...(refused && { form: { ...refused.form, cvc: "" }, errors: refused.errors }),
  });
}

/** A Stripe Checkout page for what is due: the open session of the same amount, or a new one. */
async function stripeCheckoutUrl(deps: PaymentDeps, stripe: Stripe, due: PaymentDue): Promise<string> {
  const { payment } = due;
  const reuse = payment.provider_ref ? await openSession(stripe, payment.provider_ref, due.amount) : null;
  if (reuse) return reuse;
  const session = await createCheckoutSession(stripe, {
    paymentId: payment.id,
    amount: due.amount,
    currency: due.currency.name.toLowerCase(),
    description: `Orders ${due.orders.map((o) => o.order_code).join(", ")}`,
    successUrl: returnUrl(deps, due.firstOrderId, "success"),
    cancelUrl: returnUrl(deps, due.firstOrderId, "cancel"),
    previousRef: payment.provider_ref,
  });
  await repo.setProviderRef(deps.dbh.db, payment.id, session.id);
  return session.url;
}

/** `order_payment_url`: the gateway's page for what is due, or where to go when nothing is. */
export async function openPayment(deps: PaymentDeps, id: number, sig: string | undefined): Promise<PageAnswer> {
  const due = await duePayment(deps, id, sig);
  const done = settled(deps, due);
  if (done) return done;
  const { method } = due.payment;
  const stripe = stripeClient(deps.config);
  if (method === TEST_GATEWAY && deps.config.PAYMENT_TEST_GATEWAY) {
    return { html: await cardPage(deps, due, sig ?? ""), status: 200 };
  }
  if (method === STRIPE_GATEWAY && stripe) {
    const url = await stripeCheckoutUrl(deps, stripe, due).catch((error: unknown) => {
      deps.log.error(error);
      throw new AppError(502, "The payment service cannot be reached right now. Please try again in a moment.");
    });
    return { redirect: url };
  }
  throw new AppError(409, "This payment method is not available right now.");
}

/**
 * The test gateway's card form posted: refused cards get the form again (402 for the card, 422
 * for the fields), an accepted one goes on to the gateway's signed callback.
 */
export async function testCharge(deps: PaymentDeps, id: number, sig: string, form: CardForm): Promise<PageAnswer> {
  const due = await duePayment(deps, id, sig);
  if (due.payment.method !== TEST_GATEWAY || !deps.config.PAYMENT_TEST_GATEWAY) throw notFound("Payment");
  const done = settled(deps, due);
  if (done) return done;
  const errors = chargeCard(form, clock.now());
  if (Object.keys(errors).length > 0) {
    return { html: await cardPage(deps, due, sig, { form, errors }), status: errors.form ? 402 : 422 };
  }
  const ref = `test_${crypto.randomBytes(8).toString("hex")}`;
  const amount = due.amount.toFixed(2);
  const callback = new URL(`${deps.config.appUrl}/api/payments/test/callback`);
  callback.search = new URLSearchParams({
    payment_id: String(due.payment.id),
    ref,
    amount,
    sig: sign(deps.config.appSecret, "test-callback", due.payment.id, ref, amount),
  }).toString();
  return { redirect: callback.toString() };
}

/** The test gateway's signed callback: marks the payment paid with what was charged and sends the shopper back. */
export async function testCallback(
  deps: PaymentDeps,
  q: { payment_id: number; ref: string; amount: string; sig: string },
): Promise<PageAnswer> {
  if (!verify(deps.config.appSecret, q.sig, "test-callback", q.payment_id, q.ref, q.amount)) {
    throw new AppError(400, "Invalid payment signature.");
  }
  const due = await paymentDue(deps, q.payment_id);
  if (!due || due.payment.method !== TEST_GATEWAY) throw notFound("Payment");
  await markGatewayPaid(deps, due.payment, q.ref, Number(q.amount));
  return { redirect: returnUrl(deps, due.firstOrderId, "success") };
}

/** Stripe's webhook: a verified event that reports a Stripe payment paid marks it paid; one on a refund of ours settles it. */
export async function stripeWebhook(deps: PaymentDeps, body: unknown, signature: unknown): Promise<void> {
  const stripe = stripeClient(deps.config);
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) throw notFound("Webhook");
  if (typeof signature !== "string" || !Buffer.isBuffer(body)) throw new AppError(400, "Invalid webhook signature.");
  let event: ReturnType<typeof stripe.webhooks.constructEvent>;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    throw new AppError(400, "Invalid webhook signature.");
  }
  const paid = paidPaymentOf(event);
  if (paid) {
    const payment = await repo.paymentById(deps.dbh.db, paid.paymentId);
    if (payment?.method === STRIPE_GATEWAY) await markGatewayPaid(deps, payment, paid.ref, paid.amount);
  }
  const refunded = refundOf(event);
  if (refunded) await stripeRefundUpdate(deps, refunded);
}
