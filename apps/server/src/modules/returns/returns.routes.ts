import {
  RETURN_MESSAGES,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  returnRequestBody,
  returnsApi,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields, readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as returns from "./returns.service.ts";

/** The fields and `photos` files of a return request: multipart, or JSON without photos. */
async function readReturnForm(req: FastifyRequest) {
  if (!req.isMultipart()) return { fields: req.body ?? {}, files: [] };
  return readMultipartForm(req, {
    fileField: (name) => /^photos(\[\d*\])?$/.test(name),
    errorField: "photos",
    maxFiles: RETURN_PHOTOS_MAX,
    maxBytes: RETURN_PHOTO_MAX_BYTES,
    tooMany: RETURN_MESSAGES.tooManyPhotos,
    tooLarge: RETURN_MESSAGES.photoTooLarge,
  });
}

/** The shopper's return requests and the shop's handling of them (Seller Centre, "orders" area). */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const me = (req: FastifyRequest) => currentUser(req).id;
  const seller = requireSellerArea("orders");
  const shop = (req: FastifyRequest) => sellerOf(req).shopId;

  registerRoutes(app, returnsApi, {
    "GET /orders/:id/returns": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Returns",
        data: await returns.orderReturns(deps, { userId: me(req) }, params.id, requestLocale(req)),
      }),
    },
    "POST /orders/:id/returns": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => {
        const { fields, files } = await readReturnForm(req);
        const body = parseFormFields(returnRequestBody, fields);
        const ret = await returns.requestReturn(deps, me(req), params.id, body, files, requestLocale(req));
        return { message: RETURN_MESSAGES.requested, data: { return: ret } };
      },
    },
    "GET /seller/orders/:id/returns": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: "Returns",
        data: await returns.orderReturns(deps, { shopId: shop(req) }, params.id, requestLocale(req)),
      }),
    },
    "POST /seller/returns/:id/approve": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: RETURN_MESSAGES.approved,
        data: { return: await returns.decideReturn(deps, shop(req), params.id, { approve: true }, requestLocale(req)) },
      }),
    },
    "POST /seller/returns/:id/reject": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: RETURN_MESSAGES.rejected,
        data: {
          return: await returns.decideReturn(
            deps,
            shop(req),
            params.id,
            { approve: false, reason: body.reason },
            requestLocale(req),
          ),
        },
      }),
    },
    "POST /seller/returns/:id/received": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: RETURN_MESSAGES.received,
        data: {
          return: await returns.receiveReturn(
            deps,
            { shopId: shop(req), userId: me(req) },
            params.id,
            requestLocale(req),
          ),
        },
      }),
    },
    "POST /seller/returns/:id/refunded": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: RETURN_MESSAGES.refunded,
        data: { return: await returns.markRefunded(deps, shop(req), params.id, requestLocale(req)) },
      }),
    },
  });
};
