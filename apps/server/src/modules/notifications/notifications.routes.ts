import { notificationsApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth, requireShopMember, sellerOf } from "../auth/auth.plugin.ts";
import * as service from "./notifications.service.ts";
import { registerNotifyJob } from "./notify.ts";

/** The bell of the storefront (the shopper's own notifications) and of the Seller Centre (the shop's). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  registerNotifyJob(deps); // order events are told to people by a job, out of the request
  const seller = requireShopMember;
  const me = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id });
  const shop = (req: Parameters<typeof sellerOf>[0]) => service.shopAudience(sellerOf(req));

  registerRoutes(app, notificationsApi, {
    "GET /notifications": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Notifications",
        data: await service.list(deps, me(req), query, requestLocale(req)),
      }),
    },
    "GET /notifications/unread": {
      preValidation: requireAuth,
      handler: async (_, req) => {
        await service.rememberLocale(deps, currentUser(req).id, requestLocale(req));
        return { message: "Unread notifications", data: { unread: await service.unread(deps, me(req)) } };
      },
    },
    "POST /notifications/:id/read": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Notification marked as read",
        data: { unread: await service.markRead(deps, me(req), params.id) },
      }),
    },
    "POST /notifications/read-all": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "All notifications marked as read",
        data: { unread: await service.markAllRead(deps, me(req)) },
      }),
    },
    "GET /notifications/preferences": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "Mail preferences",
        data: await service.preferences(deps, currentUser(req).id),
      }),
    },
    "PUT /notifications/preferences": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: "Mail preferences saved",
        data: await service.setPreferences(deps, currentUser(req).id, body),
      }),
    },
    "GET /seller/notifications": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Notifications",
        data: await service.list(deps, shop(req), query, requestLocale(req)),
      }),
    },
    "GET /seller/notifications/unread": {
      preValidation: seller,
      handler: async (_, req) => {
        await service.rememberLocale(deps, currentUser(req).id, requestLocale(req));
        return {
          message: "Unread notifications",
          data: { unread: await service.unread(deps, shop(req)), shop_id: service.liveShopOf(sellerOf(req)) },
        };
      },
    },
    "POST /seller/notifications/:id/read": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: "Notification marked as read",
        data: { unread: await service.markRead(deps, shop(req), params.id) },
      }),
    },
    "POST /seller/notifications/read-all": {
      preValidation: seller,
      handler: async (_, req) => ({
        message: "All notifications marked as read",
        data: { unread: await service.markAllRead(deps, shop(req)) },
      }),
    },
  });
};
