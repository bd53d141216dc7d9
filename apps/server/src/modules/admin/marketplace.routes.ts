import { adminMarketplaceApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The admin console. The marketplace: shops, product moderation, orders, users, flash sales and the audit log. */
export const adminMarketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, adminMarketplaceApi, {});
};
