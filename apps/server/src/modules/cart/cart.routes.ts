import { cartApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { type RouteImpl, registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import { guestByCredentials } from "../auth/auth.service.ts";
import * as cart from "./cart.service.ts";

/** The signed-in user's cart (and buy-now cart) and the checkout totals of selected shops. */
export const cartRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const change = (kind: cart.LineChange): RouteImpl<(typeof cartApi)["POST /cart/increment"]> => ({
    preValidation: requireAuth,
    handler: async ({ body }, req) => cart.changeLine(deps, currentUser(req).id, body, kind, requestLocale(req)),
  });

  registerRoutes(app, cartApi, {
    "GET /carts": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => {
        const buyNow = query.is_buy_now === "1" || query.is_buy_now === "true";
        return {
          message: "Cart list",
          data: await cart.getCart(deps, currentUser(req).id, buyNow, requestLocale(req)),
        };
      },
    },
    "POST /cart/store": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: "Product added to cart",
        data: await cart.addToCart(deps, currentUser(req).id, body, requestLocale(req)),
      }),
    },
    "POST /cart/increment": change("increment"),
    "POST /cart/decrement": change("decrement"),
    "POST /cart/delete": change("delete"),
    "POST /cart/checkout": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: "Checkout",
        data: await cart.checkout(deps, currentUser(req).id, body, requestLocale(req)),
      }),
    },
    "POST /cart/merge-guest": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => {
        const guestId = await guestByCredentials(deps.dbh, req.ip, body.phone, body.password);
        const data = await cart.mergeGuest(deps, guestId, currentUser(req).id);
        return { message: mergedMessage(data), data };
      },
    },
  });
};

/** What a guest's merge brought, in words. */
const mergedMessage = ({ added, favorites_added }: { added: number; favorites_added: number }): string =>
  added > 0 && favorites_added > 0
    ? "Your guest cart and wishlist were added to your account."
    : added > 0
      ? "Your guest cart was added to your cart."
      : favorites_added > 0
        ? "Your guest wishlist was added to your wishlist."
        : "Cart list";
