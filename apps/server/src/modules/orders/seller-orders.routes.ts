import {
  envelope,
  idParams,
  sellerOrderDetailData,
  sellerOrderStatusBody,
  sellerOrdersData,
  sellerOrdersQuery,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import { ownedShopId, requireRole } from "../auth/auth.plugin.ts";
import * as orders from "./orders.service.ts";

/** A seller's orders: only the orders of the shop the signed-in seller owns. */
export const sellerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { dbh: app.dbh, config: app.config };
  const seller = requireRole("seller");
  const detail = { 200: envelope(sellerOrderDetailData) };

  app.get(
    "/seller/orders",
    { preHandler: seller, schema: { querystring: sellerOrdersQuery, response: { 200: envelope(sellerOrdersData) } } },
    async (req) => ({
      message: "Orders",
      data: await orders.sellerOrders(deps, await ownedShopId(req), req.query, requestLocale(req)),
    }),
  );

  app.get(
    "/seller/orders/:id",
    { preHandler: seller, schema: { params: idParams, response: detail } },
    async (req) => ({
      message: "Order details",
      data: { order: await orders.sellerOrder(deps, await ownedShopId(req), req.params.id, requestLocale(req)) },
    }),
  );

  app.post(
    "/seller/orders/:id/status",
    { preHandler: seller, schema: { params: idParams, body: sellerOrderStatusBody, response: detail } },
    async (req) => {
      const order = await orders.sellerChangeStatus(
        deps,
        await ownedShopId(req),
        req.params.id,
        req.body.status,
        requestLocale(req),
      );
      return { message: `Order status changed to ${order.order_status}`, data: { order } };
    },
  );
};
