import { CASH_ON_DELIVERY, type Master, PAYMENT_RETURN_PATH } from "@market/contract";
import type { Config } from "../../config.ts";
import type { DbHandle } from "../../db/index.ts";
import { clock } from "../../lib/clock.ts";
import * as repo from "./payments.repository.ts";
import { sign } from "./signing.ts";

// Payments behind one interface: cash on delivery (paid on delivery), the built-in test card
// gateway (its own page, a signed callback) and Stripe Checkout (a hosted page, a signed
// webhook). Every online payment starts at our own link `order_payment_url`, which opens the
// gateway's page; so a retry, a reload or paying later from the order page all use one link.

export const TEST_GATEWAY = "test";
export const STRIPE_GATEWAY = "stripe";

type GatewayEntry = Master["payment_gateways"][number];

/** The online gateways this server can run with its configuration. */
export function enabledGateways(config: Config): string[] {
  return [
    ...(config.PAYMENT_TEST_GATEWAY ? [TEST_GATEWAY] : []),
    ...(config.STRIPE_SECRET_KEY ? [STRIPE_GATEWAY] : []),
  ];
}

/**
 * The master's gateway list: the configured entries whose gateway runs here, plus Stripe when
 * its key is set and the settings do not list it.
 */
export function offeredGateways(configured: GatewayEntry[], config: Config): GatewayEntry[] {
  const enabled = enabledGateways(config);
  const list = configured.filter((g) => enabled.includes(g.name));
  if (enabled.includes(STRIPE_GATEWAY) && !list.some((g) => g.name === STRIPE_GATEWAY)) {
    const id = Math.max(0, ...configured.map((g) => g.id)) + 1;
    list.push({ id, title: "Stripe", name: STRIPE_GATEWAY, logo: "/media/payment/stripe.svg" });
  }
  return list;
}

export const isCash = (method: string) => method === CASH_ON_DELIVERY;

/** The link that opens a payment's page (absolute; the signature lets it open without a token). */
export function paymentUrl(config: Config, paymentId: number): string {
  return `${config.appUrl}/api/payments/${paymentId}/pay?sig=${sign(config.appSecret, "pay", paymentId)}`;
}

/** Where the shopper lands after paying or cancelling: the web's order page of the first order. */
export function returnUrl(config: Config, orderId: number, result: "success" | "cancel"): string {
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
}

export async function paymentDue(dbh: DbHandle, paymentId: number): Promise<PaymentDue | null> {
  const payment = await repo.paymentById(dbh.db, paymentId);
  if (!payment) return null;
  const all = await repo.ordersOfPayment(dbh.db, paymentId);
  const orders = all.filter((o) => o.order_status !== "Cancelled");
  return {
    payment,
    orders,
    amount: orders.reduce((n, o) => n + o.payable_amount, 0),
    firstOrderId: all[0]?.id ?? 0,
  };
}

export function markPaid(dbh: DbHandle, paymentId: number, ref: string): Promise<boolean> {
  return dbh.db.transaction().execute((trx) => repo.markPaid(trx, paymentId, ref, clock.iso()));
}
