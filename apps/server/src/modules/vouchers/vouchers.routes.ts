import { envelope, voucherCollectBody, voucherCollectData, vouchersData, vouchersQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as vouchers from "./vouchers.service.ts";

/** A shop's store vouchers and collecting one. */
export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbh = app.dbh;

  app.get(
    "/get-vouchers",
    { preHandler: requireAuth, schema: { querystring: vouchersQuery, response: { 200: envelope(vouchersData) } } },
    async (req) => ({
      message: "Vouchers",
      data: { coupons: await vouchers.listVouchers(dbh, currentUser(req).id, req.query.shop_id) },
    }),
  );

  app.post(
    "/vouchers-collect",
    { preHandler: requireAuth, schema: { body: voucherCollectBody, response: { 200: envelope(voucherCollectData) } } },
    async (req) => {
      const { message, coupon } = await vouchers.collectVoucher(dbh, currentUser(req).id, req.body.coupon_id);
      return { message, data: { coupon } };
    },
  );
};
