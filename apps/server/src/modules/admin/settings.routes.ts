import { adminSettingsApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRoutes } from "../../lib/route.ts";

/** The admin console. Site settings, languages with their interface translations, and currencies. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, adminSettingsApi, {});
};
