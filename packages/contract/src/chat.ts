import { z } from "zod";
import { idParam, money, pageQuery, paginated } from "./common.ts";
import { CHAT_PAGE_SIZE, SHOP_LIST_PAGE_SIZE } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import { idFromText, optionalIdFromText, rawText, search, text } from "./fields.ts";

// Chat between a shopper and a shop, and the realtime channel names and events that announce new
// messages. A conversation is one (user, shop) pair; either side reads it, nobody else.

export const CHAT_MESSAGE_MAX = 2000;
/** Messages one side may send in one conversation per minute. */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** Messages one shopper may send per minute over all their conversations. */
export const CHAT_USER_MESSAGES_PER_MINUTE = 60;
/** How long an `update-last-seen` ping keeps a user (and a seller's shop) online. */
export const ONLINE_FOR_MS = 10 * 60 * 1000;

/** Realtime channels: the shopper's and the shop's, both private (pusher-js authorises them). */
export const userChannel = (userId: number) => `private-chat_user_${userId}`;
export const shopChannel = (shopId: number) => `private-chat_shop_${shopId}`;
/** A new message for the shopper (on their channel) and for the shop (on the shop's channel). */
export const CHAT_EVENT_TO_USER = "send-message-to-user";
export const CHAT_EVENT_TO_SHOP = "send-message-to-shop";

/** A message text: trimmed, 1 to 2000 characters. */
export const chatMessageText = text("message", CHAT_MESSAGE_MAX);

/**
 * The sender's own name for one message (a random key the client makes), so a send repeated after
 * a lost answer is stored once and answered with the message already stored.
 */
export const CHAT_CLIENT_ID_MAX = 64;
const chatClientId = rawText("client_id")
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${CHAT_CLIENT_ID_MAX}}$`),
    `The client_id field must be 1 to ${CHAT_CLIENT_ID_MAX} letters, digits, - or _.`,
  )
  .optional();

// ---- requests ----

/** `GET /api/get-shops`: the shopper's conversations, newest activity first; `search` matches the shop name. */
export const chatShopsQuery = z.object({
  search: search(),
  page: pageQuery.page,
  per_page: pageQuery.per_page.default(SHOP_LIST_PAGE_SIZE),
});
export type ChatShopsQuery = { search?: string; page?: number; per_page?: number };

/** `GET /api/get-message`: page 1 holds the newest messages, higher pages older ones. */
export const chatMessagesQuery = z.object({
  shop_id: idFromText("shop_id"),
  page: pageQuery.page,
  per_page: pageQuery.per_page.default(CHAT_PAGE_SIZE),
});
export type ChatMessagesQuery = { shop_id: number; page?: number; per_page?: number };

/** `POST /api/send-message`. */
export const sendMessageBody = z
  .object({
    shop_id: idFromText("shop_id"),
    message: chatMessageText,
    /** the sending side; the storefront always sends "user" */
    type: z.literal("user", { error: "The type field must be user." }).optional(),
    client_id: chatClientId,
  })
  .strict();
export type SendMessageBody = { shop_id: number; message: string; type?: "user"; client_id?: string };

/**
 * `POST /api/store-message`: opens (or reopens) the conversation with a shop, from a cart shop
 * group, a shop page or a product page. With `product_id` (a product of that shop) a product card
 * message is posted, unless the conversation's last message is already that card.
 */
export const storeMessageBody = z
  .object({
    shop_id: idFromText("shop_id"),
    product_id: optionalIdFromText("product_id"),
    /** accepted for the source's payload; the token decides the user */
    user_id: optionalIdFromText("user_id"),
    type: z.literal("user", { error: "The type field must be user." }).optional(),
  })
  .strict();
export type StoreMessageBody = { shop_id: number; product_id?: number | null; user_id?: number | null; type?: "user" };

/** `GET /api/unread-messages` (the source sends `user_id`; the token decides). */
export const unreadMessagesQuery = z.object({ user_id: optionalIdFromText("user_id") });

// ---- answers ----

export const chatShop = z.object({ id: z.number().int(), name: z.string(), logo: z.string() });
export type ChatShop = z.infer<typeof chatShop>;
export const chatUser = z.object({ id: z.number().int(), name: z.string(), profile_photo: z.string().nullable() });
export type ChatUser = z.infer<typeof chatUser>;

/** The product a product-card message points at. */
export const chatProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  price: money,
  discount_price: money,
  rating: z.number(),
  total_reviews: z.number().int(),
});
export type ChatProduct = z.infer<typeof chatProduct>;

/** One message. `message` is null for a product card (then `product` is set). */
export const chatMessage = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  shop_id: z.number().int(),
  message: z.string().nullable(),
  /** who wrote it: the shopper ("user") or the shop ("shop") */
  type: z.enum(["user", "shop"]),
  /** the other side has read it */
  is_seen: z.boolean(),
  created_at: z.string(),
  user: chatUser,
  shop: chatShop,
  product: chatProduct.nullable(),
  /** the shop is online now (drives the panel's Online/Offline) */
  shop_active_status: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A page of messages, oldest first within the page (display order); page 1 is the newest page. */
export const chatMessagesPage = paginated(chatMessage).extend({
  shop: chatShop.extend({ shop_active_status: z.boolean() }),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

/** A `get-shops` entry: one conversation of the shopper. */
export const chatShopEntry = z.object({
  /** the conversation id */
  id: z.number().int(),
  shop: chatShop,
  /** messages from the shop the shopper has not read */
  unread_message_shop: z.number().int(),
  /** the shopper's messages the shop has not read */
  unread_message_user: z.number().int(),
  /** null for a product card or an empty conversation */
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  shop_active_status: z.boolean(),
});
export type ChatShopEntry = z.infer<typeof chatShopEntry>;
export const chatShopsPage = paginated(chatShopEntry);
export type ChatShopsPage = z.infer<typeof chatShopsPage>;

export const unreadMessagesData = z.object({ unread_messages: z.number().int() });
export type UnreadMessagesData = z.infer<typeof unreadMessagesData>;

export const lastSeenData = z.object({ last_online: z.string() });
export type LastSeenData = z.infer<typeof lastSeenData>;

/**
 * The payload of both realtime events: ids only, never the text (the client refetches the
 * conversation through the API, which checks who may read it).
 */
export const chatEvent = z.object({
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  user_id: z.number().int(),
  shop_id: z.number().int(),
  /** who wrote it */
  type: z.enum(["user", "shop"]),
});
export type ChatEvent = z.infer<typeof chatEvent>;

// ---- realtime channel authorisation (pusher-js `channelAuthorization`) ----

/** `POST /api/broadcasting/auth`, form-encoded or JSON, as pusher-js sends it. */
export const broadcastingAuthBody = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, "The socket_id field must be a socket id."),
  channel_name: z
    .string()
    .min(1, "The channel_name field is required.")
    .max(164, "The channel_name field must not be greater than 164 characters.")
    .regex(/^[A-Za-z0-9_\-=@,.;]+$/, "The channel_name field must be a channel name."),
});
export const broadcastingAuthData = z.object({ auth: z.string() });
export type BroadcastingAuthData = z.infer<typeof broadcastingAuthData>;

// ---- the seller's side (/api/seller/...) ----

/** `GET /api/seller/conversations`: the shop's conversations, newest activity first; `search` matches the shopper's name. */
export const sellerConversationsQuery = chatShopsQuery;

/** A conversation as the shop sees it. */
export const sellerConversation = z.object({
  id: z.number().int(),
  user: chatUser,
  /** the shopper's messages the shop has not read */
  unread_messages: z.number().int(),
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  /** the shopper is online now */
  user_active_status: z.boolean(),
});
export type SellerConversation = z.infer<typeof sellerConversation>;
export const sellerConversationsPage = paginated(sellerConversation);
export type SellerConversationsPage = z.infer<typeof sellerConversationsPage>;

/** `/api/seller/conversations/{userId}/messages`: the conversation with one shopper. */
export const sellerConversationParams = z.object({ userId: idParam });
export const sellerMessagesQuery = z.object({
  page: pageQuery.page,
  per_page: pageQuery.per_page.default(CHAT_PAGE_SIZE),
});
/** A page of messages for the shop, oldest first within the page; page 1 is the newest page. */
export const sellerMessagesPage = paginated(chatMessage).extend({
  user: chatUser.extend({ user_active_status: z.boolean() }),
});
export type SellerMessagesPage = z.infer<typeof sellerMessagesPage>;

/** `POST /api/seller/conversations/{userId}/messages`: the shop's reply. */
export const sellerReplyBody = z.object({ message: chatMessageText, client_id: chatClientId });
export type SellerReplyBody = z.input<typeof sellerReplyBody>;

/** `GET /api/seller/unread-messages`: the shop's unread total and its id (whose channel to subscribe to). */
export const sellerUnreadData = unreadMessagesData.extend({ shop_id: z.number().int() });
export type SellerUnreadData = z.infer<typeof sellerUnreadData>;

export const chatApi = endpoints({
  "GET /get-shops": { query: chatShopsQuery, data: chatShopsPage },
  "GET /get-message": { query: chatMessagesQuery, data: chatMessagesPage },
  "POST /send-message": { body: sendMessageBody, data: chatMessage },
  "POST /store-message": { body: storeMessageBody, data: chatShopEntry },
  "GET /unread-messages": { query: unreadMessagesQuery, data: unreadMessagesData },
  /** the presence ping: a JSON content type and maybe no body at all */
  "POST /update-last-seen": { data: lastSeenData },
  "GET /seller/conversations": { query: sellerConversationsQuery, data: sellerConversationsPage },
  "GET /seller/conversations/:userId/messages": {
    params: sellerConversationParams,
    query: sellerMessagesQuery,
    data: sellerMessagesPage,
  },
  "POST /seller/conversations/:userId/messages": {
    params: sellerConversationParams,
    body: sellerReplyBody,
    data: chatMessage,
  },
  "GET /seller/unread-messages": { data: sellerUnreadData },
});
