import { sellerMarketingApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The Seller Centre's vouchers and flash-sale entries. */
export const sellerMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, sellerMarketingApi, {});
};
