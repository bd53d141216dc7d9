import { SELLER_MARKETING_MESSAGES as M, sellerMarketingApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as marketing from "./marketing.service.ts";

/** The Seller Centre's vouchers and flash-sale entries (the products area): only the seller's own shop. */
export const sellerMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const seller = requireSellerArea("products");
  const shop = (req: Parameters<typeof sellerOf>[0]) => sellerOf(req).shopId;

  registerRoutes(app, sellerMarketingApi, {
    "GET /seller/vouchers": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Vouchers",
        data: await marketing.listVouchers(deps, shop(req), query),
      }),
    },
    "GET /seller/vouchers/:id": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: "Voucher",
        data: { voucher: await marketing.getVoucher(deps, shop(req), params.id) },
      }),
    },
    "POST /seller/vouchers": {
      preValidation: seller,
      handler: async ({ body }, req) => ({
        message: M.voucherCreated,
        data: { voucher: await marketing.createVoucher(deps, shop(req), body) },
      }),
    },
    "PUT /seller/vouchers/:id": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: M.voucherSaved,
        data: { voucher: await marketing.updateVoucher(deps, shop(req), params.id, body) },
      }),
    },
    "POST /seller/vouchers/:id/pause": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: M.voucherPaused,
        data: { voucher: await marketing.setVoucherActive(deps, shop(req), params.id, false) },
      }),
    },
    "POST /seller/vouchers/:id/resume": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: M.voucherResumed,
        data: { voucher: await marketing.setVoucherActive(deps, shop(req), params.id, true) },
      }),
    },
    "GET /seller/flash-sales": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Flash sales",
        data: await marketing.listSales(deps, shop(req), query, requestLocale(req)),
      }),
    },
    "POST /seller/flash-sales/:id/entries": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: M.entriesAdded,
        data: { flash_sale: await marketing.joinSale(deps, shop(req), params.id, body, requestLocale(req)) },
      }),
    },
    "PUT /seller/flash-sales/entries/:id": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: M.entrySaved,
        data: { flash_sale: await marketing.updateEntry(deps, shop(req), params.id, body, requestLocale(req)) },
      }),
    },
    "DELETE /seller/flash-sales/entries/:id": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: M.entryRemoved,
        data: { flash_sale: await marketing.removeEntry(deps, shop(req), params.id, requestLocale(req)) },
      }),
    },
  });
};
