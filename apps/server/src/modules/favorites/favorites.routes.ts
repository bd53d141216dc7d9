import { favoritesApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as favorites from "./favorites.service.ts";

/** The signed-in user's favourite products (wishlist). */
export const favoriteRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, favoritesApi, {
    "GET /favorite-products": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Favorite products",
        data: await favorites.favoriteProducts(deps, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "GET /favorites/ids": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "Favorite product ids",
        data: { product_ids: await favorites.favoriteProductIds(deps, currentUser(req).id) },
      }),
    },
    "POST /favorite-add-or-remove": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => {
        const data = await favorites.toggleFavorite(deps, currentUser(req).id, body.product_id);
        return { message: data.is_favorite ? "Product added to favorites" : "Product removed from favorites", data };
      },
    },
  });
};
