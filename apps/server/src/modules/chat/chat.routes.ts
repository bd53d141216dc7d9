import {
  chatMessage,
  chatMessagesPage,
  chatMessagesQuery,
  chatShopEntry,
  chatShopsPage,
  chatShopsQuery,
  envelope,
  lastSeenData,
  sellerConversationParams,
  sellerConversationsPage,
  sellerConversationsQuery,
  sellerMessagesPage,
  sellerMessagesQuery,
  sellerReplyBody,
  sellerUnreadData,
  sendMessageBody,
  storeMessageBody,
  unreadMessagesData,
  unreadMessagesQuery,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import { currentUser, ownedShopId, requireAuth, requireRole } from "../auth/auth.plugin.ts";
import * as chat from "./chat.service.ts";

/** Chat: the shopper's calls (spec section 7) and the seller's inbox under /seller. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dbh } = app;
  const auth = { preHandler: requireAuth };

  app.get(
    "/get-shops",
    { ...auth, schema: { querystring: chatShopsQuery, response: { 200: envelope(chatShopsPage) } } },
    async (req) => ({
      message: "Shops",
      data: await chat.shopList(dbh, currentUser(req).id, req.query, requestLocale(req)),
    }),
  );

  app.get(
    "/get-message",
    { ...auth, schema: { querystring: chatMessagesQuery, response: { 200: envelope(chatMessagesPage) } } },
    async (req) => ({
      message: "Messages",
      data: await chat.shopperMessages(dbh, currentUser(req).id, req.query, requestLocale(req)),
    }),
  );

  app.post(
    "/send-message",
    { ...auth, schema: { body: sendMessageBody, response: { 200: envelope(chatMessage) } } },
    async (req) => ({
      message: "Message sent",
      data: await chat.sendToShop(dbh, app.realtime, currentUser(req).id, req.body, requestLocale(req)),
    }),
  );

  app.post(
    "/store-message",
    { ...auth, schema: { body: storeMessageBody, response: { 200: envelope(chatShopEntry) } } },
    async (req) => ({
      message: "Chat opened",
      data: await chat.openChat(dbh, app.realtime, currentUser(req).id, req.body, requestLocale(req)),
    }),
  );

  app.get(
    "/unread-messages",
    { ...auth, schema: { querystring: unreadMessagesQuery, response: { 200: envelope(unreadMessagesData) } } },
    async (req) => ({
      message: "Unread messages",
      data: { unread_messages: await chat.shopperUnread(dbh, currentUser(req).id) },
    }),
  );

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
    scope.post(
      "/update-last-seen",
      { ...auth, schema: { response: { 200: envelope(lastSeenData) } } },
      async (req) => ({
        message: "Last seen updated",
        data: { last_online: await chat.touchLastSeen(dbh, currentUser(req).id) },
      }),
    );
  });

  // ---- the seller's inbox: the signed-in seller's own shop only ----
  const seller = { preHandler: requireRole("seller") };

  app.get(
    "/seller/conversations",
    {
      ...seller,
      schema: { querystring: sellerConversationsQuery, response: { 200: envelope(sellerConversationsPage) } },
    },
    async (req) => ({
      message: "Conversations",
      data: await chat.sellerConversations(dbh, await ownedShopId(req), req.query),
    }),
  );

  app.get(
    "/seller/conversations/:userId/messages",
    {
      ...seller,
      schema: {
        params: sellerConversationParams,
        querystring: sellerMessagesQuery,
        response: { 200: envelope(sellerMessagesPage) },
      },
    },
    async (req) => ({
      message: "Messages",
      data: await chat.sellerMessages(dbh, await ownedShopId(req), req.params.userId, req.query, requestLocale(req)),
    }),
  );

  app.post(
    "/seller/conversations/:userId/messages",
    {
      ...seller,
      schema: { params: sellerConversationParams, body: sellerReplyBody, response: { 200: envelope(chatMessage) } },
    },
    async (req) => ({
      message: "Message sent",
      data: await chat.sellerReply(
        dbh,
        app.realtime,
        await ownedShopId(req),
        currentUser(req).id,
        req.params.userId,
        req.body.message,
        requestLocale(req),
      ),
    }),
  );

  app.get(
    "/seller/unread-messages",
    { ...seller, schema: { response: { 200: envelope(sellerUnreadData) } } },
    async (req) => {
      const shopId = await ownedShopId(req);
      return {
        message: "Unread messages",
        data: { unread_messages: await chat.sellerUnread(dbh, shopId), shop_id: shopId },
      };
    },
  );
};
