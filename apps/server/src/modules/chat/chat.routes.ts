import { chatApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as chat from "./chat.service.ts";

/** Chat: the shopper's calls (spec section 7) and the seller's inbox under /seller. */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  const auth = { preValidation: requireAuth };
  const seller = { preValidation: requireSellerArea("orders") };
  // The presence ping is registered in its own scope below, with its own JSON parser.
  const { "POST /update-last-seen": lastSeen, ...api } = chatApi;

  registerRoutes(app, api, {
    "GET /get-shops": {
      ...auth,
      handler: async ({ query }, req) => ({
        message: "Shops",
        data: await chat.shopList(deps, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "GET /get-message": {
      ...auth,
      handler: async ({ query }, req) => ({
        message: "Messages",
        data: await chat.shopperMessages(deps, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "POST /send-message": {
      ...auth,
      handler: async ({ body }, req) => ({
        message: "Message sent",
        data: await chat.sendToShop(deps, currentUser(req).id, body, requestLocale(req)),
      }),
    },
    "POST /store-message": {
      ...auth,
      handler: async ({ body }, req) => ({
        message: "Chat opened",
        data: await chat.openChat(deps, currentUser(req).id, body, requestLocale(req)),
      }),
    },
    "GET /unread-messages": {
      ...auth,
      handler: async (_, req) => ({
        message: "Unread messages",
        data: { unread_messages: await chat.shopperUnread(deps, currentUser(req).id) },
      }),
    },

    // ---- the seller's inbox: the signed-in seller's own shop only ----
    "GET /seller/conversations": {
      ...seller,
      handler: async ({ query }, req) => ({
        message: "Conversations",
        data: await chat.sellerConversations(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "GET /seller/conversations/:userId/messages": {
      ...seller,
      handler: async ({ params, query }, req) => ({
        message: "Messages",
        data: await chat.sellerMessages(deps, sellerOf(req).shopId, params.userId, query, requestLocale(req)),
      }),
    },
    "POST /seller/conversations/:userId/messages": {
      ...seller,
      handler: async ({ params, body }, req) => ({
        message: "Message sent",
        data: await chat.sellerReply(
          deps,
          sellerOf(req).shopId,
          currentUser(req).id,
          params.userId,
          body,
          requestLocale(req),
        ),
      }),
    },
    "GET /seller/unread-messages": {
      ...seller,
      handler: async (_, req) => {
        const shopId = sellerOf(req).shopId;
        return {
          message: "Unread messages",
          data: { unread_messages: await chat.sellerUnread(deps, shopId), shop_id: shopId },
        };
      },
    },
  });

  // The storefront posts the presence ping with a JSON content type and maybe no body at all.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 1024 }, (_req, body, done) => {
      try {
        done(null, body === "" ? {} : JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error("The body must be JSON"), { statusCode: 400 }), undefined);
      }
    });
    registerRoutes(
      scope,
      { "POST /update-last-seen": lastSeen },
      {
        "POST /update-last-seen": {
          ...auth,
          handler: async (_, req) => ({
            message: "Last seen updated",
            data: { last_online: await chat.touchLastSeen(deps, currentUser(req).id) },
          }),
        },
      },
    );
  });
};
