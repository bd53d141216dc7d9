import { catalogApi } from "@market/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { optionalAuth } from "../auth/auth.plugin.ts";
import { markFavorites } from "../favorites/favorites.service.ts";
import * as catalog from "./catalog.service.ts";
import { searchSuggestions } from "./suggestions.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    fromCache?: boolean;
  }
}

// Catalog reads: home, categories, shops, products, reviews, flash sales.
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const ok = <T>(data: T) => ({ message: "Success", data });

  // Signed-in shoppers see their favourites marked on every product card.
  app.addHook("preHandler", optionalAuth);
  app.addHook("preSerialization", async (req, _reply, payload) =>
    req.user ? markFavorites(deps, req.user.id, payload) : payload,
  );

  // Visitors all get the same answer for a URL and language, so it is kept, serialised, for a few
  // seconds: a burst of shoppers on one page costs one set of queries (docs/decisions.md).
  const visitorAnswers = catalog.visitorAnswerCache(app.config.catalogCacheMs);
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

  registerRoutes(app, catalogApi, {
    "GET /home": { handler: async (_, req) => ok(await catalog.home(deps, requestLocale(req))) },
    "GET /categories": {
      handler: async (_, req) => ok({ categories: await catalog.categories(deps, requestLocale(req)) }),
    },
    "GET /shops": { handler: async ({ query }, req) => ok(await catalog.listShops(deps, query, requestLocale(req))) },
    "GET /shops/:id": {
      handler: async ({ params }, req) => ok(await catalog.shopDetails(deps, params.id, requestLocale(req))),
    },
    "GET /products": {
      handler: async ({ query }, req) => ok(await catalog.listProducts(deps, query, requestLocale(req))),
    },
    "GET /products/:id/details": {
      // Every view counts, also one answered from the visitors' cache.
      onResponse: async (req, reply) => {
        if (reply.statusCode === 200) await catalog.recordProductView(deps, (req.params as { id: number }).id);
      },
      handler: async ({ params }, req) => ok(await catalog.productDetails(deps, params.id, requestLocale(req))),
    },
    "GET /products/:id/reviews": {
      handler: async ({ params, query }, req) => ok(await catalog.productReviews(deps, params.id, query, req.user?.id)),
    },
    "GET /most-popular": {
      handler: async ({ query }, req) => ok(await catalog.mostPopular(deps, query, requestLocale(req))),
    },
    "GET /best-deal": {
      handler: async ({ query }, req) => ok(await catalog.bestDeals(deps, query, requestLocale(req))),
    },
    "GET /flash-sales": { handler: async (_, req) => ok(await catalog.flashSales(deps, requestLocale(req))) },
    "GET /flash-sale/:id/details": {
      handler: async ({ params, query }, req) =>
        ok(await catalog.flashSaleDetails(deps, params.id, query, requestLocale(req))),
    },
    "GET /brands": { handler: async () => ok(await catalog.brands(deps)) },
    "GET /search/suggestions": {
      handler: async ({ query }, req) => ok(await searchSuggestions(deps, query.q, requestLocale(req))),
    },
  });
};
