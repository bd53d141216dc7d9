import { sellerShopApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The Seller Centre's shop profile, dashboard and staff. */
export const sellerShopRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, sellerShopApi, {});
};
