import { sellerApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import { sellerMe } from "./seller.service.ts";

/** The Seller Centre's shell: who acts for which shop, in which role. */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  registerRoutes(app, sellerApi, {
    "GET /seller/me": {
      preValidation: requireRole("seller"),
      handler: async (_input, req) => ({
        message: "Seller",
        data: await sellerMe(deps, currentUser(req).id),
      }),
    },
  });
};
