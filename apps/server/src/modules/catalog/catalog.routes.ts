import { catalogApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { cacheablePublicAnswers } from "../../lib/http-cache.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { optionalAuth } from "../auth/auth.plugin.ts";
import * as catalog from "./catalog.service.ts";
import { registerSearchIndexJob } from "./search.ts";
import { searchSuggestions } from "./suggestions.service.ts";

// Catalog reads: home, categories, shops, products, reviews, flash sales.
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const ok = <T>(data: T) => ({ message: "Success", data });
  registerSearchIndexJob(deps); // product writes queue their search rows
  const views = catalog.productViewCounter(deps, (message) => app.log.warn(message));
  app.addHook("onClose", views.close);

  // Everyone gets the same answer for a URL and language (a shopper's favourites come from GET
  // /favorites/ids), so CDNs and browsers may keep it, and this process keeps it, serialised, for a
  // few seconds: a burst of shoppers on one page costs one set of queries (docs/decisions.md).
  // Home, lists, searches and product pages are also kept, for everyone, while the catalogue's
  // version holds: exact answers, read rather than built (docs/decisions.md, "Answers kept by the
  // catalogue's version" and "Home kept by the catalogue's version").
  const keptSeconds = app.config.CATALOG_KEPT_SECONDS;
  cacheablePublicAnswers(app, {
    memory: catalog.visitorAnswerCache(app.config.catalogCacheMs),
    ...(keptSeconds > 0 && {
      versioned: { state: () => catalog.catalogState(deps), maxAgeMs: keptSeconds * 1000 },
    }),
  });
  const keptByVersion = { keptByVersion: true };

  registerRoutes(app, catalogApi, {
    "GET /home": { config: keptByVersion, handler: async (_, req) => ok(await catalog.home(deps, requestLocale(req))) },
    "GET /categories": {
      config: keptByVersion,
      handler: async (_, req) => ok({ categories: await catalog.categories(deps, requestLocale(req)) }),
    },
    "GET /shops": { handler: async ({ query }, req) => ok(await catalog.listShops(deps, query, requestLocale(req))) },
    "GET /shops/:id": {
      handler: async ({ params }, req) => ok(await catalog.shopDetails(deps, params.id, requestLocale(req))),
    },
    "GET /products": {
      config: keptByVersion,
      handler: async ({ query }, req) => ok(await catalog.listProducts(deps, query, requestLocale(req))),
    },
    "GET /products/cards": {
      config: keptByVersion,
      handler: async ({ query }, req) => ok(await catalog.cardsOf(deps, query.ids, requestLocale(req))),
    },
    "GET /products/:id/details": {
      config: keptByVersion,
      // Every view counts, also one answered from a cache or with 304 Not Modified (sent before the
      // params were validated, so the id is still text there).
      onResponse: async (req, reply) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) views.add(Number((req.params as { id: string }).id));
      },
      handler: async ({ params }, req) => ok(await catalog.productDetails(deps, params.id, requestLocale(req))),
    },
    "GET /products/:id/reviews": {
      // `voted_helpful` is the signed-in shopper's own: their answer is not shared (lib/http-cache.ts).
      config: { perUser: true },
      preHandler: optionalAuth,
      handler: async ({ params, query }, req) =>
        ok(await catalog.productReviews(deps, params.id, query, requestLocale(req), req.user?.id)),
    },
    "GET /most-popular": {
      config: keptByVersion,
      handler: async ({ query }, req) => ok(await catalog.mostPopular(deps, query, requestLocale(req))),
    },
    "GET /best-deal": {
      config: keptByVersion,
      handler: async ({ query }, req) => ok(await catalog.bestDeals(deps, query, requestLocale(req))),
    },
    "GET /flash-sales": {
      config: keptByVersion,
      handler: async (_, req) => ok(await catalog.flashSales(deps, requestLocale(req))),
    },
    "GET /flash-sale/:id/details": {
      config: keptByVersion,
      handler: async ({ params, query }, req) =>
        ok(await catalog.flashSaleDetails(deps, params.id, query, requestLocale(req))),
    },
    "GET /brands": { handler: async () => ok(await catalog.brands(deps)) },
    "GET /search/suggestions": {
      handler: async ({ query }, req) => ok(await searchSuggestions(deps, query.q, requestLocale(req))),
    },
  });
};
