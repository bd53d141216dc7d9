import Stripe from "stripe";
import type { Config } from "../../config.ts";

// The Stripe Checkout adapter. STRIPE_API_BASE points the SDK at another address (a local
// stand-in of Stripe's API in tests); otherwise it talks to api.stripe.com.

const clients = new WeakMap<Config, Stripe | null>();

/** The configuration's Stripe client, made once so that it keeps its connections; null without a key. */
export function stripeClient(config: Config): Stripe | null {
  if (!clients.has(config)) clients.set(config, newClient(config));
  return clients.get(config) ?? null;
}

function newClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

export interface CheckoutRequest {
  paymentId: number;
  /** minor units */
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** the session made before for this payment, if any: a new key once that one is done with */
  previousRef: string | null;
}

/** A hosted Checkout Session for the amount due; answers its id and the page to send the shopper to. */
export async function createCheckoutSession(stripe: Stripe, r: CheckoutRequest): Promise<{ id: string; url: string }> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: r.currency, unit_amount: r.amount, product_data: { name: r.description } },
        },
      ],
      client_reference_id: String(r.paymentId),
      metadata: { payment_id: String(r.paymentId) },
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
    },
    // One session per payment, amount and attempt, also when the shopper opens the link twice at once.
    { idempotencyKey: `payment-${r.paymentId}-${r.amount}-${r.currency}-${r.previousRef ?? "first"}` },
  );
  if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
  return { id: session.id, url: session.url };
}

/** A session to reuse: still open and for the same amount. */
export async function openSession(stripe: Stripe, id: string, amount: number): Promise<string | null> {
  const s = await stripe.checkout.sessions.retrieve(id);
  return s.status === "open" && s.amount_total === amount && s.url ? s.url : null;
}

/** The payment a verified webhook event reports paid, or null for events that pay nothing. */
export function paidPaymentOf(event: Stripe.Event): { paymentId: number; ref: string; amount: number | null } | null {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
    return null;
  }
  const session = event.data.object;
  if (session.payment_status !== "paid") return null;
  const paymentId = Number(session.metadata?.payment_id ?? session.client_reference_id);
  return Number.isInteger(paymentId) && paymentId > 0
    ? { paymentId, ref: session.id, amount: session.amount_total ?? null }
    : null;
}

/** The PaymentIntent that a paid Checkout Session charged (what a refund names). */
export async function paymentIntentOf(stripe: Stripe, sessionId: string): Promise<string> {
  const s = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = typeof s.payment_intent === "string" ? s.payment_intent : s.payment_intent?.id;
  if (!intent) throw new Error(`Checkout Session ${sessionId} has no payment intent`);
  return intent;
}

export interface RefundRequest {
  refundId: number;
  orderId: number;
  paymentIntent: string;
  /** minor units */
  amount: number;
  idempotencyKey: string;
}

/** Asks Stripe to refund part of a PaymentIntent; answers the refund's id and Stripe's status. */
export async function createRefund(stripe: Stripe, r: RefundRequest): Promise<{ id: string; status: string | null }> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: r.paymentIntent,
      amount: r.amount,
      reason: "requested_by_customer",
      metadata: { refund_id: String(r.refundId), order_id: String(r.orderId) },
    },
    // The refund row's own key: a retry after a lost answer cannot refund twice.
    { idempotencyKey: r.idempotencyKey },
  );
  return { id: refund.id, status: refund.status };
}

/** Our refund a verified webhook event reports on, with Stripe's status of it; null for other events. */
export function refundOf(event: Stripe.Event): { refundId: number; ref: string; status: string | null } | null {
  if (
    event.type !== "refund.created" &&
    event.type !== "refund.updated" &&
    event.type !== "refund.failed" &&
    event.type !== "charge.refund.updated"
  ) {
    return null;
  }
  const refund = event.data.object;
  const refundId = Number(refund.metadata?.refund_id);
  return Number.isInteger(refundId) && refundId > 0 ? { refundId, ref: refund.id, status: refund.status } : null;
}
