import {
  cartData,
  cartLineBody,
  cartQuery,
  cartStoreBody,
  checkoutBody,
  checkoutData,
  envelope,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as cart from "./cart.service.ts";

/** The signed-in user's cart (and buy-now cart) and the checkout totals of selected shops. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;
  const answer = { 200: envelope(cartData) };

  app.get("/carts", { preHandler: requireAuth, schema: { querystring: cartQuery, response: answer } }, async (req) => {
    const buyNow = req.query.is_buy_now === "1" || req.query.is_buy_now === "true";
    return { message: "Cart list", data: await cart.getCart(dbh, currentUser(req).id, buyNow, requestLocale(req)) };
  });

  app.post(
    "/cart/store",
    { preHandler: requireAuth, schema: { body: cartStoreBody, response: answer } },
    async (req) => ({
      message: "Product added to cart",
      data: await cart.addToCart(dbh, currentUser(req).id, req.body, requestLocale(req)),
    }),
  );

  for (const change of ["increment", "decrement", "delete"] as const) {
    app.post(
      `/cart/${change}`,
      { preHandler: requireAuth, schema: { body: cartLineBody, response: answer } },
      async (req) => cart.changeLine(dbh, currentUser(req).id, req.body, change, requestLocale(req)),
    );
  }

  app.post(
    "/cart/checkout",
    { preHandler: requireAuth, schema: { body: checkoutBody, response: { 200: envelope(checkoutData) } } },
    async (req) => ({
      message: "Checkout",
      data: await cart.checkout(dbh, currentUser(req).id, req.body, requestLocale(req)),
    }),
  );
};
