import {
  ADMIN_MARKETPLACE_MESSAGES,
  adminMarketplaceApi,
  FLASH_SALE_BANNER_MAX_BYTES,
  flashSaleFields,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields, readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import { adminOrder, adminOrders } from "../orders/orders.service.ts";
import * as market from "./marketplace.service.ts";

/** Reads a flash sale's multipart form: its fields and an optional `banner` image. */
async function readSaleForm(req: FastifyRequest) {
  if (!req.isMultipart()) return { input: parseFormFields(flashSaleFields, req.body ?? {}), banner: null };
  const { fields, files } = await readMultipartForm(req, {
    fileField: (name) => name === "banner",
    errorField: "banner",
    maxFiles: 1,
    maxBytes: FLASH_SALE_BANNER_MAX_BYTES,
    tooMany: "Only one file, banner, may be sent.",
    tooLarge: ADMIN_MARKETPLACE_MESSAGES.bannerTooLarge,
  });
  return { input: parseFormFields(flashSaleFields, fields), banner: files[0] ?? null };
}

/** The admin console. The marketplace: its overview, product moderation, orders, users, flash sales and the audit log. */
export const adminMarketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  // preValidation: shoppers and sellers get 403 before their input is read.
  const admin = requireRole("admin");
  const me = (req: FastifyRequest) => currentUser(req).id;

  registerRoutes(app, adminMarketplaceApi, {
    "GET /admin/overview": {
      preValidation: admin,
      handler: async ({ query }, req) => ({
        message: "Overview",
        data: await market.adminOverview(deps, requestLocale(req), query.tz),
      }),
    },
    "GET /admin/products": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Products", data: await market.adminProducts(deps, query) }),
    },
    "PUT /admin/products/moderation": {
      preValidation: admin,
      handler: async ({ body }, req) => ({
        message: ADMIN_MARKETPLACE_MESSAGES.moderationSaved,
        data: await market.setModerationSetting(deps, me(req), body.enabled),
      }),
    },
    "GET /admin/products/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: "Product",
        data: { product: await market.productPreview(deps, params.id, requestLocale(req)) },
      }),
    },
    "POST /admin/products/:id/approve": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: ADMIN_MARKETPLACE_MESSAGES.productApproved,
        data: (await market.moderateProduct(deps, me(req), params.id, { approve: true })).product,
      }),
    },
    "POST /admin/products/:id/reject": {
      preValidation: admin,
      handler: async ({ params, body }, req) => {
        const { product, action } = await market.moderateProduct(deps, me(req), params.id, {
          approve: false,
          reason: body.reason,
        });
        const M = ADMIN_MARKETPLACE_MESSAGES;
        return { message: action === "unpublish" ? M.productUnpublished : M.productRejected, data: product };
      },
    },

    "GET /admin/orders": {
      preValidation: admin,
      handler: async ({ query }, req) => ({
        message: "Orders",
        data: await adminOrders(deps, query, requestLocale(req)),
      }),
    },
    "GET /admin/orders/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: "Order",
        data: await adminOrder(deps, params.id, requestLocale(req)),
      }),
    },

    "GET /admin/users": {
      preValidation: admin,
      handler: async ({ query }, req) => ({
        message: "Users",
        data: await market.adminUsers(deps, query, requestLocale(req)),
      }),
    },
    "POST /admin/users/:id/block": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: ADMIN_MARKETPLACE_MESSAGES.userBlocked,
        data: await market.setBlocked(deps, me(req), params.id, true),
      }),
    },
    "POST /admin/users/:id/unblock": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: ADMIN_MARKETPLACE_MESSAGES.userUnblocked,
        data: await market.setBlocked(deps, me(req), params.id, false),
      }),
    },
    "POST /admin/users/:id/password-reset": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: ADMIN_MARKETPLACE_MESSAGES.resetSent,
        data: await market.resetPassword(deps, me(req), params.id, req.ip),
      }),
    },

    "GET /admin/flash-sales": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Flash sales", data: await market.flashSales(deps, query) }),
    },
    "POST /admin/flash-sales": {
      preValidation: admin,
      handler: async (_, req) => {
        const { input, banner } = await readSaleForm(req);
        return {
          message: ADMIN_MARKETPLACE_MESSAGES.flashSaleSaved,
          data: await market.saveFlashSale(deps, me(req), null, input, banner),
        };
      },
    },
    "PUT /admin/flash-sales/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => {
        const { input, banner } = await readSaleForm(req);
        return {
          message: ADMIN_MARKETPLACE_MESSAGES.flashSaleSaved,
          data: await market.saveFlashSale(deps, me(req), params.id, input, banner),
        };
      },
    },
    "DELETE /admin/flash-sales/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => {
        await market.deleteFlashSale(deps, me(req), params.id);
        return { message: ADMIN_MARKETPLACE_MESSAGES.flashSaleDeleted, data: null };
      },
    },
    "GET /admin/flash-sales/:id/entries": {
      preValidation: admin,
      handler: async ({ params, query }) => ({
        message: "Flash sale entries",
        data: await market.flashSaleEntries(deps, params.id, query),
      }),
    },
    "DELETE /admin/flash-sales/:id/entries/:entryId": {
      preValidation: admin,
      handler: async ({ params }, req) => {
        await market.removeEntry(deps, me(req), params.id, params.entryId);
        return { message: ADMIN_MARKETPLACE_MESSAGES.entryRemoved, data: null };
      },
    },

    "GET /admin/audit": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Audit log", data: await market.auditLog(deps, query) }),
    },
  });
};
