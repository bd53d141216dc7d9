import { contentApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { cacheablePublicAnswers } from "../../lib/http-cache.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import * as content from "./content.service.ts";

// Blog, static pages and the contact form.
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const ok = <T>(data: T) => ({ message: "Success", data });
  cacheablePublicAnswers(app); // blog and pages are the same for everyone: ETag, 304, CDN headers

  registerRoutes(app, contentApi, {
    "GET /blogs": { handler: async ({ query }, req) => ok(await content.listPosts(deps, query, requestLocale(req))) },
    "GET /blog-categories": {
      handler: async (_, req) => ok({ categories: await content.blogCategories(deps, requestLocale(req)) }),
    },
    "GET /blogs/:slug": {
      handler: async ({ params }, req) => ok(await content.postDetails(deps, params.slug, requestLocale(req))),
    },
    "GET /pages/:slug": {
      handler: async ({ params }, req) => ok(await content.page(deps, params.slug, requestLocale(req))),
    },
    "POST /contact-us": {
      // A public form that stores what it gets: a few messages per visitor, then 429.
      config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      handler: async ({ body }, req) => {
        await content.contactUs(deps, body, req.ip);
        return { message: content.CONTACT_THANKS, data: null };
      },
    },
  });
};
