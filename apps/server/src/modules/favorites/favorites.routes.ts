import { envelope, favoritesData, favoritesQuery, favoriteToggleBody, favoriteToggleData } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as favorites from "./favorites.service.ts";

/** The signed-in user's favourite products (wishlist). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;

  app.get(
    "/favorite-products",
    { preHandler: requireAuth, schema: { querystring: favoritesQuery, response: { 200: envelope(favoritesData) } } },
    async (req) => ({
      message: "Favorite products",
      data: await favorites.favoriteProducts(dbh, currentUser(req).id, req.query, requestLocale(req)),
    }),
  );

  app.post(
    "/favorite-add-or-remove",
    { preHandler: requireAuth, schema: { body: favoriteToggleBody, response: { 200: envelope(favoriteToggleData) } } },
    async (req) => {
      const data = await favorites.toggleFavorite(dbh, currentUser(req).id, req.body.product_id);
      return { message: data.is_favorite ? "Product added to favorites" : "Product removed from favorites", data };
    },
  );
};
