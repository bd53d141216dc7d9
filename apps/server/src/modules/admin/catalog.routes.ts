import { adminCatalogApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The admin console. Catalogue structure: categories with sub-categories, brands, units, sizes, colours. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, adminCatalogApi, {});
};
