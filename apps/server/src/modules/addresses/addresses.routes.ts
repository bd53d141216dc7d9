import { addressBody, addressData, addressesData, envelope, idParams } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as addresses from "./addresses.service.ts";

/** The signed-in user's saved shipping addresses. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;
  const one = { 200: envelope(addressData) };
  const list = { 200: envelope(addressesData) };

  app.get("/addresses", { preHandler: requireAuth, schema: { response: list } }, async (req) => ({
    message: "Addresses",
    data: { addresses: await addresses.listAddresses(dbh, currentUser(req).id) },
  }));

  app.get("/address/:id", { preHandler: requireAuth, schema: { params: idParams, response: one } }, async (req) => ({
    message: "Address",
    data: { address: await addresses.getAddress(dbh, currentUser(req).id, req.params.id) },
  }));

  app.post(
    "/address/store",
    { preHandler: requireAuth, schema: { body: addressBody, response: one } },
    async (req) => ({
      message: "Address added successfully",
      data: { address: await addresses.storeAddress(dbh, currentUser(req).id, req.body) },
    }),
  );

  app.post(
    "/address/:id/update",
    { preHandler: requireAuth, schema: { params: idParams, body: addressBody, response: one } },
    async (req) => ({
      message: "Address updated successfully",
      data: { address: await addresses.updateAddress(dbh, currentUser(req).id, req.params.id, req.body) },
    }),
  );

  app.post(
    "/address/:id/delete",
    { preHandler: requireAuth, schema: { params: idParams, response: list } },
    async (req) => ({
      message: "Address deleted successfully",
      data: { addresses: await addresses.deleteAddress(dbh, currentUser(req).id, req.params.id) },
    }),
  );
};
