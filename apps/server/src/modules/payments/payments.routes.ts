import { idParams } from "@market/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appDeps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as payments from "./payments.service.ts";
import { registerRefundJob } from "./refunds.service.ts";

const sigQuery = z.object({ sig: z.string().max(100).optional() }).strict();
const callbackQuery = z
  .object({
    payment_id: z.coerce.number().int().positive().max(2_147_483_647),
    ref: z.string().max(100),
    /** what the card was charged, in major units: signed with the rest */
    amount: z.string().regex(/^\d{1,12}\.\d{2}$/),
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

const send = (reply: FastifyReply, answer: payments.PageAnswer) =>
  "redirect" in answer
    ? reply.redirect(answer.redirect, 303)
    : reply
        .status(answer.status)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(answer.html);

/** Payment pages and gateway callbacks. Browsers open these by link, so they carry signatures, not tokens. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);

  registerRefundJob(deps);

  // The test gateway's card form posts as a plain HTML form.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 10_000 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get("/payments/:id/pay", { schema: { params: idParams, querystring: sigQuery } }, async (req, reply) =>
    send(reply, await payments.openPayment(deps, req.params.id, req.query.sig)),
  );

  app.post("/payments/:id/test-charge", { schema: { params: idParams } }, async (req, reply) => {
    const parsed = chargeForm.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError(422, "The card details are too long.");
    const { sig, ...form } = parsed.data;
    return send(reply, await payments.testCharge(deps, req.params.id, sig, form));
  });

  app.get("/payments/test/callback", { schema: { querystring: callbackQuery } }, async (req, reply) =>
    send(reply, await payments.testCallback(deps, req.query)),
  );

  // Stripe signs the exact bytes it sends, so this route reads the body raw.
  await app.register(async (hook) => {
    hook.removeContentTypeParser("application/json");
    hook.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post("/payments/stripe/webhook", async (req) => {
      await payments.stripeWebhook(deps, req.body, req.headers["stripe-signature"]);
      return { message: "Webhook received", data: null };
    });
  });
};
