import { contentApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import * as content from "./content.service.ts";

// Blog, static pages and the contact form.
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const dbh = app.dbh;
  const ok = <T>(data: T) => ({ message: "Success", data });

  registerRoutes(app, contentApi, {
    "GET /blogs": { handler: async ({ query }, req) => ok(await content.listPosts(dbh, query, requestLocale(req))) },
    "GET /blog-categories": {
      handler: async (_, req) => ok({ categories: await content.blogCategories(dbh, requestLocale(req)) }),
    },
    "GET /blogs/:slug": {
      handler: async ({ params }, req) => ok(await content.postDetails(dbh, params.slug, requestLocale(req))),
    },
    "GET /pages/:slug": {
      handler: async ({ params }, req) => ok(await content.page(dbh, params.slug, requestLocale(req))),
    },
    "POST /contact-us": {
      // A public form that stores what it gets: a few messages per visitor, then 429.
      config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      handler: async ({ body }, req) => {
        await content.contactUs(dbh, body, req.ip);
        return { message: content.CONTACT_THANKS, data: null };
      },
    },
  });
};
