import { SELLER_SIGNUP_MESSAGES, SHOP_LOGO_MAX_BYTES, sellerSignupApi, shopRegisterBody } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields, readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import { rememberLocale } from "../notifications/notifications.service.ts";
import * as signup from "./seller-signup.service.ts";

/** `POST /shop/register` (multipart, or JSON without a logo) and the admin's review of new shops. */
export const sellerSignupRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const admin = requireRole("admin");

  registerRoutes(app, sellerSignupApi, {
    "POST /shop/register": {
      handler: async (_, req) => {
        // Refused before reading a file, so a closed marketplace does not take uploads at all.
        await signup.assertMultiVendor(deps);
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
        const data = await signup.registerShop(deps, req.ip, body, files[0] ?? null);
        // The approval (or refusal) mail comes days later, in the language the owner signed up in.
        await rememberLocale(deps, data.owner.id, requestLocale(req));
        return { message: SELLER_SIGNUP_MESSAGES.submitted, data };
      },
    },
    "GET /admin/shops": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Shops", data: await signup.adminShops(deps, query) }),
    },
    "POST /admin/shops/:id/approve": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: SELLER_SIGNUP_MESSAGES.approved,
        data: await signup.approveShop(deps, currentUser(req).id, params.id),
      }),
    },
    "POST /admin/shops/:id/reject": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: SELLER_SIGNUP_MESSAGES.rejectedDone,
        data: await signup.changeShopStatus(deps, currentUser(req).id, params.id, "reject", body.reason),
      }),
    },
    "POST /admin/shops/:id/suspend": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: SELLER_SIGNUP_MESSAGES.suspendedDone,
        data: await signup.changeShopStatus(deps, currentUser(req).id, params.id, "suspend", body.reason),
      }),
    },
    "POST /admin/shops/:id/reinstate": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: SELLER_SIGNUP_MESSAGES.reinstated,
        data: await signup.changeShopStatus(deps, currentUser(req).id, params.id, "reinstate"),
      }),
    },
    "PUT /admin/shops/:id/commission": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: SELLER_SIGNUP_MESSAGES.commissionSaved,
        data: await signup.setShopCommission(deps, currentUser(req).id, params.id, body.commission_rate),
      }),
    },
  });
};
