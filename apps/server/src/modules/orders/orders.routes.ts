import { IDEMPOTENCY_KEY_MAX, idParams, invoiceQuery, ORDER_MESSAGES, ordersApi } from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { pageLocale, requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, optionalAuth, requireAuth } from "../auth/auth.plugin.ts";
import * as orders from "./orders.service.ts";

/** The `Idempotency-Key` header: absent, or 1–100 visible ASCII characters. */
function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers["idempotency-key"];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  if (!new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`).test(key)) {
    throw fieldError(
      "idempotency_key",
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters.`,
    );
  }
  return key;
}

/** Placing orders and the shopper's orders. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, ordersApi, {
    "POST /place-order": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: ORDER_MESSAGES.placed,
        data: await orders.placeOrder(deps, currentUser(req), body, idempotencyKey(req), requestLocale(req)),
      }),
    },
    "GET /orders": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Orders",
        data: await orders.listOrders(deps, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "GET /orders/:id": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Order details",
        data: { order: await orders.getOrder(deps, currentUser(req).id, params.id, requestLocale(req)) },
      }),
    },
    "POST /orders/:id/cancel": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: ORDER_MESSAGES.cancelled,
        data: { order: await orders.cancelOrder(deps, currentUser(req).id, params.id, requestLocale(req)) },
      }),
    },
    "POST /orders/:id/reorder": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => orders.reorder(deps, currentUser(req).id, params.id),
    },
  });

  // Opened as a link (new tab, print): its signature stands in for the bearer token.
  app.get(
    "/orders/:id/invoice",
    {
      preHandler: optionalAuth,
      schema: {
        params: idParams,
        querystring: invoiceQuery,
      },
    },
    async (req, reply) => {
      const html = await orders.invoiceHtml(
        deps,
        req.params.id,
        { signature: req.query.sig, userId: req.user?.id ?? null },
        pageLocale(req, req.query.lang),
        req.query.tz,
      );
      return reply.header("cache-control", "private, no-store").type("text/html; charset=utf-8").send(html);
    },
  );
};
