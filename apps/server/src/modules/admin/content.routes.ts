import { adminContentApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The admin console. Storefront content: banners, navbar menu items, footer sections, static pages, blog posts and blog categories. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, adminContentApi, {});
};
