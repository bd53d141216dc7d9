import { addressesApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as addresses from "./addresses.service.ts";

/** The signed-in user's saved shipping addresses. */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, addressesApi, {
    "GET /addresses": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "Addresses",
        data: { addresses: await addresses.listAddresses(deps, currentUser(req).id) },
      }),
    },
    "GET /address/:id": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Address",
        data: { address: await addresses.getAddress(deps, currentUser(req).id, params.id) },
      }),
    },
    "POST /address/store": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: "Address added successfully",
        data: { address: await addresses.storeAddress(deps, currentUser(req).id, body) },
      }),
    },
    "POST /address/:id/update": {
      preValidation: requireAuth,
      handler: async ({ params, body }, req) => ({
        message: "Address updated successfully",
        data: { address: await addresses.updateAddress(deps, currentUser(req).id, params.id, body) },
      }),
    },
    "POST /address/:id/delete": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Address deleted successfully",
        data: { addresses: await addresses.deleteAddress(deps, currentUser(req).id, params.id) },
      }),
    },
  });
};
