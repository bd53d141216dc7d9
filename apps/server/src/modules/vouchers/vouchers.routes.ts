import { vouchersApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as vouchers from "./vouchers.service.ts";

/** A shop's store vouchers and collecting one. */
export const voucherRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, vouchersApi, {
    "GET /get-vouchers": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Vouchers",
        data: { coupons: await vouchers.listVouchers(deps, currentUser(req).id, query.shop_id) },
      }),
    },
    "POST /vouchers-collect": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => {
        const { message, coupon } = await vouchers.collectVoucher(deps, currentUser(req).id, body.coupon_id);
        return { message, data: { coupon } };
      },
    },
  });
};
