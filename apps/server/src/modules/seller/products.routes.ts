import { sellerProductsApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The Seller Centre's catalogue: products, variants, images, stock, CSV import and export. */
export const sellerProductRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, sellerProductsApi, {});
};
