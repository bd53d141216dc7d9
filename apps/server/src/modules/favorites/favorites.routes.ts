import { favoritesApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as favorites from "./favorites.service.ts";

/** The signed-in user's favourite products (wishlist). */
export const favoriteRoutes: FastifyPluginAsync = async (app) => {
  const dbh = app.dbh;

  registerRoutes(app, favoritesApi, {
    "GET /favorite-products": {
      preHandler: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Favorite products",
        data: await favorites.favoriteProducts(dbh, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "POST /favorite-add-or-remove": {
      preHandler: requireAuth,
      handler: async ({ body }, req) => {
        const data = await favorites.toggleFavorite(dbh, currentUser(req).id, body.product_id);
        return { message: data.is_favorite ? "Product added to favorites" : "Product removed from favorites", data };
      },
    },
  });
};
