import {
  SELLER_SHOP_MESSAGES,
  SHOP_IMAGE_FIELDS,
  SHOP_IMAGE_MAX_BYTES,
  type ShopImageField,
  sellerShopApi,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import { openReturnCount } from "../orders/orders.service.ts";
import * as shop from "./shop.service.ts";
import * as staff from "./staff.service.ts";

const isImageField = (name: string): name is ShopImageField => (SHOP_IMAGE_FIELDS as readonly string[]).includes(name);

/** The Seller Centre's shop profile, dashboard and staff, and the public side of a staff invitation. */
export const sellerShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const shopArea = requireSellerArea("shop");
  const staffArea = requireSellerArea("staff");
  const shopId = (req: Parameters<typeof sellerOf>[0]) => sellerOf(req).shopId;

  registerRoutes(app, sellerShopApi, {
    "GET /seller/shop": {
      preValidation: shopArea,
      handler: async (_, req) => ({ message: "Shop profile", data: await shop.shopProfile(deps, shopId(req)) }),
    },
    "PUT /seller/shop": {
      preValidation: shopArea,
      handler: async ({ body }, req) => ({
        message: SELLER_SHOP_MESSAGES.saved,
        data: await shop.updateShopProfile(deps, shopId(req), body),
      }),
    },
    "POST /seller/shop/images": {
      preValidation: shopArea,
      handler: async (_, req) => {
        const { files } = req.isMultipart()
          ? await readMultipartForm(req, {
              fileField: isImageField,
              errorField: "logo",
              maxFiles: 1,
              maxBytes: SHOP_IMAGE_MAX_BYTES,
              tooMany: "Only one file, logo or banner, may be sent.",
              tooLarge: SELLER_SHOP_MESSAGES.imageTooLarge,
            })
          : { files: [] };
        const file = files[0];
        if (!file || !isImageField(file.field)) throw fieldError("logo", SELLER_SHOP_MESSAGES.imageMissing);
        return {
          message: SELLER_SHOP_MESSAGES.imageSaved,
          data: await shop.updateShopImage(deps, shopId(req), file.field, file),
        };
      },
    },
    "GET /seller/dashboard": {
      preValidation: shopArea,
      handler: async ({ query }, req) => {
        const [figures, open_returns] = await Promise.all([
          shop.salesFigures(deps, shopId(req), requestLocale(req), query.tz),
          openReturnCount(deps, shopId(req)),
        ]);
        return { message: "Dashboard", data: { ...figures, open_returns } };
      },
    },
    "GET /seller/staff": {
      preValidation: staffArea,
      handler: async ({ query }, req) => ({ message: "Staff", data: await staff.staffList(deps, shopId(req), query) }),
    },
    "PUT /seller/staff/:id": {
      preValidation: staffArea,
      handler: async ({ params, body }, req) => ({
        message: SELLER_SHOP_MESSAGES.roleChanged,
        data: await staff.changeStaffRole(deps, shopId(req), params.id, body.role),
      }),
    },
    "DELETE /seller/staff/:id": {
      preValidation: staffArea,
      handler: async ({ params }, req) => ({
        message: SELLER_SHOP_MESSAGES.memberRemoved,
        data: await staff.removeStaff(deps, shopId(req), params.id),
      }),
    },
    "GET /seller/invites": {
      preValidation: staffArea,
      handler: async ({ query }, req) => ({
        message: "Invitations",
        data: await staff.inviteList(deps, shopId(req), query),
      }),
    },
    "POST /seller/invites": {
      preValidation: staffArea,
      handler: async ({ body }, req) => ({
        message: SELLER_SHOP_MESSAGES.invited,
        data: await staff.inviteStaff(deps, shopId(req), currentUser(req).id, body, requestLocale(req)),
      }),
    },
    "POST /seller/invites/:id/resend": {
      preValidation: staffArea,
      handler: async ({ params }, req) => ({
        message: SELLER_SHOP_MESSAGES.resent,
        data: await staff.resendInvite(deps, shopId(req), params.id, requestLocale(req)),
      }),
    },
    "DELETE /seller/invites/:id": {
      preValidation: staffArea,
      handler: async ({ params }, req) => ({
        message: SELLER_SHOP_MESSAGES.inviteCancelled,
        data: await staff.cancelInvite(deps, shopId(req), params.id),
      }),
    },
    "GET /staff-invites/:token": {
      handler: async ({ params }) => ({ message: "Invitation", data: await staff.inviteInfo(deps, params.token) }),
    },
    "POST /staff-invites/:token/accept": {
      handler: async ({ params, body }, req) => ({
        message: SELLER_SHOP_MESSAGES.accepted,
        data: await staff.acceptInvite(deps, req.ip, params.token, body),
      }),
    },
  });
};
