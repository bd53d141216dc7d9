import {
  category,
  envelope,
  flashSaleDetails,
  flashSaleQuery,
  flashSalesAnswer,
  home,
  idParams,
  listQuery,
  paginated,
  productCard,
  productDetailsAnswer,
  productList,
  productQuery,
  reviewsAnswer,
  reviewsQuery,
  shop,
  shopDetails,
  shopsQuery,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLocale } from "../../lib/i18n.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { optionalAuth } from "../auth/auth.plugin.ts";
import { markFavorites } from "../favorites/favorites.service.ts";
import * as catalog from "./catalog.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    fromCache?: boolean;
  }
}

// Catalog reads: home, categories, shops, products, reviews, flash sales.
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;
  const ok = <T>(data: T) => ({ message: "Success", data });

  // Signed-in shoppers see their favourites marked on every product card.
  app.addHook("preHandler", optionalAuth);
  app.addHook("preSerialization", async (req, _reply, payload) =>
    req.user ? markFavorites(dbh, req.user.id, payload) : payload,
  );

  // Visitors all get the same answer for a URL and language, so it is kept, serialised, for a few
  // seconds: a burst of shoppers on one page costs one set of queries (docs/decisions.md).
  const visitorAnswers = new TtlCache<string>(app.config.catalogCacheMs, 2000);
  const cacheKey = (req: FastifyRequest) => `${requestLocale(req)} ${req.url}`;
  app.addHook("preHandler", async (req, reply) => {
    if (req.user || req.method !== "GET") return;
    const hit = visitorAnswers.get(cacheKey(req));
    if (hit === undefined) return;
    req.fromCache = true;
    return reply.type("application/json; charset=utf-8").send(hit);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (
      !req.user &&
      !req.fromCache &&
      req.method === "GET" &&
      reply.statusCode === 200 &&
      typeof payload === "string"
    ) {
      visitorAnswers.set(cacheKey(req), payload);
    }
    return payload;
  });

  app.get("/home", { schema: { response: { 200: envelope(home) } } }, async (req) =>
    ok(await catalog.home(dbh, requestLocale(req))),
  );

  app.get(
    "/categories",
    { schema: { response: { 200: envelope(z.object({ categories: z.array(category) })) } } },
    async (req) => ok({ categories: await catalog.categories(dbh, requestLocale(req)) }),
  );

  app.get(
    "/shops",
    { schema: { querystring: shopsQuery, response: { 200: envelope(paginated(shop)) } } },
    async (req) => ok(await catalog.listShops(dbh, req.query, requestLocale(req))),
  );

  app.get("/shops/:id", { schema: { params: idParams, response: { 200: envelope(shopDetails) } } }, async (req) =>
    ok(await catalog.shopDetails(dbh, req.params.id, requestLocale(req))),
  );

  app.get(
    "/products",
    { schema: { querystring: productQuery, response: { 200: envelope(productList) } } },
    async (req) => ok(await catalog.listProducts(dbh, req.query, requestLocale(req))),
  );

  app.get(
    "/products/:id/details",
    {
      schema: { params: idParams, response: { 200: envelope(productDetailsAnswer) } },
      // Every view counts, also one answered from the visitors' cache.
      onResponse: async (req, reply) => {
        if (reply.statusCode === 200) await catalog.recordProductView(dbh, req.params.id);
      },
    },
    async (req) => ok(await catalog.productDetails(dbh, req.params.id, requestLocale(req))),
  );

  app.get(
    "/products/:id/reviews",
    { schema: { params: idParams, querystring: reviewsQuery, response: { 200: envelope(reviewsAnswer) } } },
    async (req) => ok(await catalog.productReviews(dbh, req.params.id, req.query)),
  );

  app.get(
    "/most-popular",
    { schema: { querystring: listQuery, response: { 200: envelope(paginated(productCard)) } } },
    async (req) => ok(await catalog.mostPopular(dbh, req.query, requestLocale(req))),
  );

  app.get(
    "/best-deal",
    { schema: { querystring: listQuery, response: { 200: envelope(paginated(productCard)) } } },
    async (req) => ok(await catalog.bestDeals(dbh, req.query, requestLocale(req))),
  );

  app.get("/flash-sales", { schema: { response: { 200: envelope(flashSalesAnswer) } } }, async (req) =>
    ok(await catalog.flashSales(dbh, requestLocale(req))),
  );

  app.get(
    "/flash-sale/:id/details",
    { schema: { params: idParams, querystring: flashSaleQuery, response: { 200: envelope(flashSaleDetails) } } },
    async (req) => ok(await catalog.flashSaleDetails(dbh, req.params.id, req.query, requestLocale(req))),
  );
};
