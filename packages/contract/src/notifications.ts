import { z } from "zod";
import { idParams, money, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import type { SellerArea } from "./seller.ts";

// What happened to an order, told to its shopper and to its shop: in-app notifications (a bell
// with the unread count, pushed on the private realtime channels) and mails the user may turn off
// unless they are about the money and the order itself.

/** What a notification says; the web renders the text from it in the viewer's language. */
export const NOTIFICATION_KINDS = [
  // to the shopper
  "order_placed",
  "order_status",
  "parcel_changed",
  "order_cancelled",
  "return_decided",
  "refunded",
  "review_replied",
  "ticket_answered",
  "back_in_stock",
  "ticket_closed",
  // to the shop
  "new_order",
  "shop_order_cancelled",
  "return_requested",
  "review_posted",
  "product_moderated",
  "low_stock",
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** The Seller Centre section each of a shop's notifications belongs to: a member's bell shows their role's. */
export const SHOP_NOTIFICATION_AREA = {
  new_order: "orders",
  shop_order_cancelled: "orders",
  return_requested: "orders",
  review_posted: "orders",
  product_moderated: "products",
  low_stock: "products",
} as const satisfies Partial<Record<NotificationKindName, SellerArea>>;
export type ShopNotificationKind = keyof typeof SHOP_NOTIFICATION_AREA;

/** The realtime event on the shopper's (`userChannel`) or the shop's (`shopChannel`) channel. */
export const NOTIFICATION_EVENT = "notification";
export const notificationEvent = z.object({ id: z.number().int(), unread: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** The mails a user chooses: a topic is the notification kind the mail goes with. */
export const MAIL_TOPICS = [
  "order_placed",
  "order_status",
  "order_cancelled",
  "return_decided",
  "refunded",
  "back_in_stock",
  "new_order",
  "shop_order_cancelled",
  "return_requested",
] as const satisfies readonly NotificationKindName[];
export type MailTopic = (typeof MAIL_TOPICS)[number];
/** Transactional mails: about the order and the money, always sent. */
export const LOCKED_MAIL_TOPICS: readonly MailTopic[] = ["order_placed", "order_cancelled", "refunded"];
/** The topics of mails to a shop's owner (shown to users who have a shop). */
export const SHOP_MAIL_TOPICS: readonly MailTopic[] = ["new_order", "shop_order_cancelled", "return_requested"];

export const NOTIFICATION_MESSAGES = {
  locked: "This mail is about your order and its payment and cannot be turned off.",
} as const;

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the order it is about (a review's, for a review); null for a ticket's answer */
  order_id: z.number().int().nullable(),
  return_id: z.number().int().nullable(),
  /**
   * what the text is made of: the order's (or the ticket's) number, its new status, a return's
   * or a product's moderation decision, a refund's amount, the product a review or a decision is
   * about and its stars
   */
  params: z.object({
    code: z.string().optional(),
    product: z.string().optional(),
    /** the product a moderation decision is about (its page in the Seller Centre), or that is back in stock */
    product_id: z.number().int().optional(),
    /** a new review's stars */
    rating: z.number().int().optional(),
    /** the units left of a variant an order took to the shop's low-stock alert (0: sold out) */
    stock: z.number().int().optional(),
    /** that variant's size and colour (the colour in the reader's language), when it has them */
    size: z.string().optional(),
    color: z.string().optional(),
    status: z.string().optional(),
    decision: z.enum(["approved", "rejected"]).optional(),
    /** a refund's amount (absent when a return had nothing to give back) */
    amount: money.optional(),
  }),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  page: pageQuery.page,
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});
export const notificationsData = paginated(notification).extend({ unread: z.number().int() });
export type NotificationsData = z.infer<typeof notificationsData>;
export const unreadData = z.object({ unread: z.number().int() });
export type UnreadData = z.infer<typeof unreadData>;

export const mailPreference = z.object({
  topic: z.enum(MAIL_TOPICS),
  email: z.boolean(),
  /** cannot be turned off */
  locked: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreference>;
export const mailPreferencesData = z.object({ preferences: z.array(mailPreference) });
export type MailPreferencesData = z.infer<typeof mailPreferencesData>;

/** `PUT /notifications/preferences`: the topics to change, on (true) or off (false). */
export const mailPreferencesBody = z
  .object(
    Object.fromEntries(MAIL_TOPICS.map((t) => [t, z.boolean().optional()])) as Record<
      MailTopic,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .superRefine((body, ctx) => {
    for (const t of LOCKED_MAIL_TOPICS) {
      if (body[t] === false) ctx.addIssue({ code: "custom", path: [t], message: NOTIFICATION_MESSAGES.locked });
    }
  });
export type MailPreferencesBody = z.input<typeof mailPreferencesBody>;

export const notificationsApi = endpoints({
  "GET /notifications": { query: notificationsQuery, data: notificationsData },
  "GET /notifications/unread": { data: unreadData },
  "POST /notifications/:id/read": { params: idParams, data: unreadData },
  "POST /notifications/read-all": { data: unreadData },
  "GET /notifications/preferences": { data: mailPreferencesData },
  "PUT /notifications/preferences": { body: mailPreferencesBody, data: mailPreferencesData },
  "GET /seller/notifications": { query: notificationsQuery, data: notificationsData },
  "GET /seller/notifications/unread": {
    data: unreadData.extend({
      /** the shop whose channel brings its notifications live; null for a role without its messages */
      shop_id: z.number().int().nullable(),
    }),
  },
  "POST /seller/notifications/:id/read": { params: idParams, data: unreadData },
  "POST /seller/notifications/read-all": { data: unreadData },
});
