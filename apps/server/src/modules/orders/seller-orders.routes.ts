import { sellerOrdersApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { statusName } from "../../lib/messages.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as orders from "./orders.service.ts";

/** A seller's orders: only the orders of the shop the signed-in seller acts for. */
export const sellerOrderRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const seller = requireSellerArea("orders");

  registerRoutes(app, sellerOrdersApi, {
    "GET /seller/orders": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Orders",
        data: await orders.sellerOrders(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "GET /seller/orders/:id": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: "Order details",
        data: { order: await orders.sellerOrder(deps, sellerOf(req).shopId, params.id, requestLocale(req)) },
      }),
    },
    "POST /seller/orders/:id/status": {
      preValidation: seller,
      handler: async ({ params, body }, req) => {
        const order = await orders.sellerChangeStatus(
          deps,
          { shopId: sellerOf(req).shopId, userId: currentUser(req).id },
          params.id,
          body.status,
          requestLocale(req),
        );
        return { message: `Order status changed to ${statusName(order.order_status)}`, data: { order } };
      },
    },
    "POST /seller/orders/:id/shipment": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: "Parcel saved",
        data: {
          order: await orders.sellerSetShipment(deps, sellerOf(req).shopId, params.id, body, requestLocale(req)),
        },
      }),
    },
  });
};
