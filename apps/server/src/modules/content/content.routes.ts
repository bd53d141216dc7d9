import {
  blogCategoriesAnswer,
  blogPost,
  blogPostAnswer,
  blogsQuery,
  contactUs,
  contactUsAnswer,
  envelope,
  page,
  paginated,
  slugParams,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import * as content from "./content.service.ts";

// Blog, static pages and the contact form.
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;
  const ok = <T>(data: T) => ({ message: "Success", data });

  app.get(
    "/blogs",
    { schema: { querystring: blogsQuery, response: { 200: envelope(paginated(blogPost)) } } },
    async (req) => ok(await content.listPosts(dbh, req.query, requestLocale(req))),
  );

  app.get("/blog-categories", { schema: { response: { 200: envelope(blogCategoriesAnswer) } } }, async (req) =>
    ok({ categories: await content.blogCategories(dbh, requestLocale(req)) }),
  );

  app.get(
    "/blogs/:slug",
    { schema: { params: slugParams, response: { 200: envelope(blogPostAnswer) } } },
    async (req) => ok(await content.postDetails(dbh, req.params.slug, requestLocale(req))),
  );

  app.get("/pages/:slug", { schema: { params: slugParams, response: { 200: envelope(page) } } }, async (req) =>
    ok(await content.page(dbh, req.params.slug, requestLocale(req))),
  );

  app.post(
    "/contact-us",
    {
      // A public form that stores what it gets: a few messages per visitor, then 429.
      config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
      schema: { body: contactUs, response: { 200: contactUsAnswer } },
    },
    async (req) => {
      await content.contactUs(dbh, req.body, req.ip);
      return { message: content.CONTACT_THANKS };
    },
  );
};
