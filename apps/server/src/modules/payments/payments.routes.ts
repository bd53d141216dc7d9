import crypto from "node:crypto";
import { idParams } from "@market/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import * as repo from "./payments.repository.ts";
import { markPaid, paymentDue, returnUrl, STRIPE_GATEWAY, TEST_GATEWAY } from "./payments.service.ts";
import { sign, verify } from "./signing.ts";
import { createCheckoutSession, openSession, paidPaymentOf, stripeClient } from "./stripe.ts";
import { type CardForm, chargeCard, messagePage, paymentPage } from "./test-gateway.ts";

const sigQuery = z.object({ sig: z.string().max(100).optional() }).strict();
const callbackQuery = z
  .object({
    payment_id: z.coerce.number().int().positive().max(2_147_483_647),
    ref: z.string().max(100),
    sig: z.string().max(100),
  })
  .strict();
const text = (max: number) => z.string().max(max).default("");
const chargeForm = z.object({
  sig: z.string().max(100).default(""),
  name: text(100),
  card_number: text(40),
  expiry: text(10),
  cvc: text(10),
});

const html = (reply: FastifyReply, page: string, status = 200) =>
  reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);

/** Payment pages and gateway callbacks. Browsers open these by link, so they carry signatures, not tokens. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dbh, config } = app;
  const stripe = stripeClient(config);

  // The test gateway's card form posts as a plain HTML form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 10_000 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The payment of a signed link with what is due, or a 404 for a bad link. */
  async function duePayment(id: number, sig: unknown) {
    if (!verify(config.appSecret, sig, "pay", id)) throw notFound("Payment");
    const due = await paymentDue(dbh, id);
    if (!due || due.payment.method === "cash") throw notFound("Payment");
    return due;
  }

  /** Answers for a payment with nothing left to pay; null when the shopper should pay. */
  function settled(reply: FastifyReply, due: NonNullable<Awaited<ReturnType<typeof paymentDue>>>) {
    if (due.payment.status === "Paid") return reply.redirect(returnUrl(config, due.firstOrderId, "success"), 303);
    if (due.orders.length === 0 || due.amount <= 0) {
      return html(
        reply,
        messagePage("Nothing to pay", "The orders of this payment were cancelled, so there is nothing to pay.", {
          href: `${config.appUrl}/order-history/${due.firstOrderId}`,
          label: "Back to your order",
        }),
      );
    }
    return null;
  }

  app.get("/payments/:id/pay", { schema: { params: idParams, querystring: sigQuery } }, async (req, reply) => {
    const due = await duePayment(req.params.id, req.query.sig);
    const done = settled(reply, due);
    if (done) return done;
    const cancelUrl = returnUrl(config, due.firstOrderId, "cancel");
    if (due.payment.method === TEST_GATEWAY && config.PAYMENT_TEST_GATEWAY) {
      const currency = await repo.defaultCurrency(dbh.db);
      return html(
        reply,
        paymentPage({
          action: `/api/payments/${due.payment.id}/test-charge`,
          sig: req.query.sig ?? "",
          amount: due.amount,
          currency,
          orders: due.orders,
          cancelUrl,
        }),
      );
    }
    if (due.payment.method === STRIPE_GATEWAY && stripe) {
      const currency = await repo.defaultCurrency(dbh.db);
      const url = await (async () => {
        const reuse = due.payment.provider_ref ? await openSession(stripe, due.payment.provider_ref, due.amount) : null;
        if (reuse) return reuse;
        const session = await createCheckoutSession(stripe, {
          paymentId: due.payment.id,
          amount: due.amount,
          currency: currency.name.toLowerCase(),
          description: `Orders ${due.orders.map((o) => o.order_code).join(", ")}`,
          successUrl: returnUrl(config, due.firstOrderId, "success"),
          cancelUrl,
          previousRef: due.payment.provider_ref,
        });
        await repo.setProviderRef(dbh.db, due.payment.id, session.id);
        return session.url;
      })().catch((error: unknown) => {
        req.log.error(error);
        throw new AppError(502, "The payment service cannot be reached right now. Please try again in a moment.");
      });
      return reply.redirect(url, 303);
    }
    throw new AppError(409, "This payment method is not available right now.");
  });

  app.post("/payments/:id/test-charge", { schema: { params: idParams } }, async (req, reply) => {
    const parsed = chargeForm.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(422, "The card details are too long.");
    const { sig, ...form } = parsed.data;
    const due = await duePayment(req.params.id, sig);
    if (due.payment.method !== TEST_GATEWAY || !config.PAYMENT_TEST_GATEWAY) throw notFound("Payment");
    const done = settled(reply, due);
    if (done) return done;
    const errors = chargeCard(form as CardForm, clock.now());
    if (Object.keys(errors).length > 0) {
      const currency = await repo.defaultCurrency(dbh.db);
      return html(
        reply,
        paymentPage({
          action: `/api/payments/${due.payment.id}/test-charge`,
          sig,
          amount: due.amount,
          currency,
          orders: due.orders,
          cancelUrl: returnUrl(config, due.firstOrderId, "cancel"),
          form: { ...form, card_number: form.card_number, cvc: "" },
          errors,
        }),
        errors.form ? 402 : 422,
      );
    }
    const ref = `test_${crypto.randomBytes(8).toString("hex")}`;
    const callback = new URL(`${config.appUrl}/api/payments/test/callback`);
    callback.search = new URLSearchParams({
      payment_id: String(due.payment.id),
      ref,
      sig: sign(config.appSecret, "test-callback", due.payment.id, ref),
    }).toString();
    return reply.redirect(callback.toString(), 303);
  });

  app.get("/payments/test/callback", { schema: { querystring: callbackQuery } }, async (req, reply) => {
    const { payment_id: id, ref, sig } = req.query;
    if (!verify(config.appSecret, sig, "test-callback", id, ref)) {
      throw new AppError(400, "Invalid payment signature.");
    }
    const due = await paymentDue(dbh, id);
    if (!due || due.payment.method !== TEST_GATEWAY) throw notFound("Payment");
    await markPaid(dbh, id, ref);
    return reply.redirect(returnUrl(config, due.firstOrderId, "success"), 303);
  });

  // Stripe signs the exact bytes it sends, so this route reads the body raw.
  await app.register(async (hook) => {
    hook.removeContentTypeParser("application/json");
    hook.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post("/payments/stripe/webhook", async (req) => {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!stripe || !secret) throw notFound("Webhook");
      const signature = req.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(req.body)) {
        throw new AppError(400, "Invalid webhook signature.");
      }
      let event: ReturnType<typeof stripe.webhooks.constructEvent>;
      try {
        event = stripe.webhooks.constructEvent(req.body, signature, secret);
      } catch {
        throw new AppError(400, "Invalid webhook signature.");
      }
      const paid = paidPaymentOf(event);
      if (paid) {
        const payment = await repo.paymentById(dbh.db, paid.paymentId);
        if (payment?.method === STRIPE_GATEWAY) await markPaid(dbh, paid.paymentId, paid.ref);
      }
      return { message: "Webhook received", data: null };
    });
  });
};
