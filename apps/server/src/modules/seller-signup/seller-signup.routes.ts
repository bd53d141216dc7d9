import {
  adminShop,
  adminShopPage,
  adminShopsQuery,
  envelope,
  idParams,
  SELLER_SIGNUP_MESSAGES,
  SHOP_LOGO_MAX_BYTES,
  shopRegisterBody,
  shopRegisterData,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { parseFormFields, readMultipartForm } from "../../lib/multipart-form.ts";
import { requireRole } from "../auth/auth.plugin.ts";
import * as signup from "./seller-signup.service.ts";

/** `POST /shop/register` (multipart, or JSON without a logo) and the admin's review of new shops. */
export const sellerSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: signup.SellerSignupDeps = { dbh: app.dbh, config: app.config, mailer: app.mailer, log: app.log };

  app.post("/shop/register", { schema: { response: { 200: envelope(shopRegisterData) } } }, async (req) => {
    // Refused before reading a file, so a closed marketplace does not take uploads at all.
    await signup.assertMultiVendor(app.dbh);
    const { fields, files } = req.isMultipart()
      ? await readMultipartForm(req, {
          fileField: (name) => name === "shop_logo",
          errorField: "shop_logo",
          maxFiles: 1,
          maxBytes: SHOP_LOGO_MAX_BYTES,
          tooMany: "Only one file, shop_logo, may be sent.",
          tooLarge: SELLER_SIGNUP_MESSAGES.logoTooLarge,
        })
      : { fields: req.body, files: [] };
    const body = parseFormFields(shopRegisterBody, fields);
    const data = await signup.registerShop(deps, body, files[0] ?? null);
    return { message: SELLER_SIGNUP_MESSAGES.submitted, data };
  });

  const admin = requireRole("admin");

  app.get(
    "/admin/shops",
    { preHandler: admin, schema: { querystring: adminShopsQuery, response: { 200: envelope(adminShopPage) } } },
    async (req) => ({ message: "Shops", data: await signup.adminShops(app.dbh, req.query) }),
  );

  app.post(
    "/admin/shops/:id/approve",
    { preHandler: admin, schema: { params: idParams, response: { 200: envelope(adminShop) } } },
    async (req) => ({ message: SELLER_SIGNUP_MESSAGES.approved, data: await signup.approveShop(deps, req.params.id) }),
  );
};
