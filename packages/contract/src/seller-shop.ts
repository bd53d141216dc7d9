import { z } from "zod";
import { loginData } from "./auth.ts";
import { dayQuery, idParams, pageQuery, paginated } from "./common.ts";
import { asciiDigits } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import {
  email,
  givenPassword,
  newPassword,
  oneOf,
  optionalPhone,
  optionalText,
  passwordConfirmation,
  passwordsMatch,
  text,
} from "./fields.ts";
import { ORDER_STATUSES } from "./orders.ts";
import { SHOP_ROLES } from "./seller.ts";
import { SELLER_SIGNUP_MESSAGES, SHOP_NAME_MAX, SHOP_NAME_MIN } from "./seller-signup.ts";

// The Seller Centre's shop: profile, dashboard and staff (invitations and roles).

export const SHOP_DESCRIPTION_MAX = 2000;
export const SHOP_LOW_STOCK_MAX = 1000;
export const SHOP_DELIVERY_CHARGE_MAX = 100_000;
/** A shop image (logo or banner): checked by content, like the signup's logo. */
export const SHOP_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SHOP_IMAGE_FIELDS = ["logo", "banner"] as const;
export type ShopImageField = (typeof SHOP_IMAGE_FIELDS)[number];
/** An invitation link works this long. */
export const STAFF_INVITE_DAYS = 7;
/** The days of the dashboard's daily sales chart (today included). */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_PRODUCTS = 5;
/** "3-5 days", "2 days": what orders turn into an estimated delivery date. */
export const DELIVERY_TIME_PATTERN = /^\d{1,3}\s*(?:-\s*\d{1,3}\s*)?days?$/i;
/** The word for days as sellers write it in the shipped languages, or none. */
const DAYS_WORD = /^(?:days?|jours?|أيام|ايام|يوم|يومًا|يوما)?$/iu;

/**
 * A delivery time as a seller types it, in its stored form: "٣–٥ أيام", "3-5 jours" and "3 - 5"
 * are "3-5 days" (the storefront says it in each shopper's language). Anything else stays as typed,
 * for DELIVERY_TIME_PATTERN to refuse.
 */
export function normalizeDeliveryTime(typed: string): string {
  const ascii = asciiDigits(typed);
  const m = ascii.trim().match(/^(\d{1,3})\s*(?:[-\u2013\u2014]\s*(\d{1,3})\s*)?(\S*)$/u);
  if (!m || !DAYS_WORD.test(m[3] ?? "")) return typed;
  const [, from, to] = m;
  if (to) return `${from}-${to} days`;
  return from === "1" ? "1 day" : `${from} days`;
}

export const SELLER_SHOP_MESSAGES = {
  saved: "Shop profile saved.",
  imageSaved: "Shop image saved.",
  /** the storefront's notice */
  closed: "This shop is closed right now and is not taking orders.",
  /** the 409 of placing an order with a closed shop's lines */
  closedNamed: (shop: string) => `${shop} is closed right now and is not taking orders.`,
  nameTaken: SELLER_SIGNUP_MESSAGES.shopNameTaken,
  imageTooLarge: "The image must not be greater than 2048 kilobytes.",
  imageBadType: "The image must be a file of type: jpg, png, webp.",
  imageMissing: "Choose an image to upload.",
  deliveryTime: 'The estimated delivery time must look like "3-5 days".',
  deliveryTimeOrder: 'The estimated delivery time must start with the fewer days, like "3-5 days".',
  invited: "Invitation sent.",
  resent: "Invitation sent again.",
  inviteCancelled: "Invitation cancelled.",
  mailFailed: "The invitation could not be sent. Please try again later.",
  alreadyMember: "This person already works in this shop.",
  roleChanged: "Role changed.",
  memberRemoved: "Staff member removed.",
  inviteUnknown: "This invitation link is not valid.",
  inviteUsed: "This invitation has already been used.",
  inviteExpired: "This invitation has expired. Ask the shop owner to send a new one.",
  hasShop: "This account already owns a shop or works for one.",
  adminAccount: "An admin account cannot join a shop.",
  accepted: "Welcome to the team.",
} as const;

const shopRole = oneOf("role", SHOP_ROLES, "The selected role is invalid.");

// ---- profile ----

export const shopTranslation = z.object({
  name: optionalText("name", SHOP_NAME_MAX),
  description: optionalText("description", SHOP_DESCRIPTION_MAX),
});
export type ShopTranslation = z.infer<typeof shopTranslation>;

/** The shop profile form: the same schema validates the Seller Centre's form and the server. */
export const sellerShopBody = z
  .object({
    name: text("name", SHOP_NAME_MAX, SHOP_NAME_MIN),
    description: z
      .string({ error: "The description field must be a string." })
      .trim()
      .max(SHOP_DESCRIPTION_MAX, `The description field must not be greater than ${SHOP_DESCRIPTION_MAX} characters.`)
      .default(""),
    /** per shipped language other than the default, by locale code ("ar", "fr"); blank = the default's text */
    translations: z.record(z.string().regex(/^[a-z]{2,3}$/), shopTranslation).default({}),
    /** major units */
    delivery_charge: z
      .number({ error: "The delivery charge field must be a number." })
      .min(0, "The delivery charge field must be at least 0.")
      .max(SHOP_DELIVERY_CHARGE_MAX, `The delivery charge field must not be greater than ${SHOP_DELIVERY_CHARGE_MAX}.`)
      .refine(
        (v) => Math.round(v * 100) === Number((v * 100).toFixed(6)),
        "The delivery charge may have two decimals.",
      ),
    estimated_delivery_time: text("estimated delivery time", 30)
      .transform(normalizeDeliveryTime)
      .refine((v) => DELIVERY_TIME_PATTERN.test(v), SELLER_SHOP_MESSAGES.deliveryTime)
      .refine((v) => {
        const [from, to] = (v.match(/\d+/g) ?? []).map(Number);
        return to === undefined || (from ?? 0) <= to;
      }, SELLER_SHOP_MESSAGES.deliveryTimeOrder),
    is_open: z.boolean({ error: "The open field must be true or false." }),
    phone: optionalPhone("phone"),
    email: z
      .union([z.literal(""), z.null(), email("email")])
      .optional()
      .transform((v) => (v ? v : null)),
    low_stock_threshold: z
      .number({ error: "The low stock threshold field must be a number." })
      .int("The low stock threshold field must be an integer.")
      .min(0, "The low stock threshold field must be at least 0.")
      .max(SHOP_LOW_STOCK_MAX, `The low stock threshold field must not be greater than ${SHOP_LOW_STOCK_MAX}.`),
  })
  .strict();
export type SellerShopBody = z.input<typeof sellerShopBody>;

export const sellerShopProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  banner: z.string(),
  description: z.string(),
  translations: z.record(z.string(), z.object({ name: z.string().nullable(), description: z.string().nullable() })),
  delivery_charge: z.number(),
  estimated_delivery_time: z.string(),
  is_open: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  low_stock_threshold: z.number().int(),
  /** the storefront page of the shop */
  url: z.string(),
});
export type SellerShopProfile = z.infer<typeof sellerShopProfile>;

// ---- dashboard ----

export const sellerDashboard = z.object({
  /** major units of the default currency (`GET /seller/me` names it) */
  sales: z.object({ today: z.number(), last_7_days: z.number(), last_30_days: z.number() }),
  /** every status, zero included */
  orders_by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  /** by units sold in the last 30 days */
  top_products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      thumbnail: z.string().nullable(),
      units: z.number().int(),
      amount: z.number(),
    }),
  ),
  /** the last 30 days, oldest first, today last; days without sales are 0 */
  daily: z.array(z.object({ date: z.string(), amount: z.number(), orders: z.number().int() })),
});
export type SellerDashboard = z.infer<typeof sellerDashboard>;
/** The Seller Centre's dashboard: the shop's figures and what waits on it. */
export const sellerDashboardData = sellerDashboard.extend({
  /** the shop's orders with a return not yet done (the orders list's Open returns tab) */
  open_returns: z.number().int(),
});

// ---- staff ----

export const staffMember = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(SHOP_ROLES),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(SHOP_ROLES),
  expires_at: z.string(),
  expired: z.boolean(),
  created_at: z.string(),
});
export type StaffInvite = z.infer<typeof staffInvite>;

export const staffInviteBody = z.object({ email: email("email"), role: shopRole }).strict();
export type StaffInviteBody = z.input<typeof staffInviteBody>;
export const staffRoleBody = z.object({ role: shopRole }).strict();

export const staffListQuery = z.object({ ...pageQuery }).strict();

export const inviteTokenParams = z.object({ token: z.string().min(20).max(128) }).strict();

/** What the invitation page shows before anyone signs in. */
export const staffInviteInfo = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), logo: z.string() }),
  email: z.string(),
  role: z.enum(SHOP_ROLES),
  expires_at: z.string(),
  /** an account with the invited email exists: it signs in with its password instead of creating one */
  account_exists: z.boolean(),
});
export type StaffInviteInfo = z.infer<typeof staffInviteInfo>;

/** Accepting for a new account: its name and password. */
export const inviteNewAccountBody = z
  .object({ name: text("name", 100), password: newPassword(), password_confirmation: passwordConfirmation() })
  .strict()
  .superRefine(passwordsMatch());
export type InviteNewAccountBody = z.input<typeof inviteNewAccountBody>;
/** Accepting for an existing account: its password. */
export const inviteExistingAccountBody = z.object({ password: givenPassword() }).strict();
export type InviteExistingAccountBody = z.input<typeof inviteExistingAccountBody>;
/** Either of the two; the server checks the one the invitation's email calls for. */
export const inviteAcceptBody = z
  .object({
    name: z.string().max(200).optional(),
    password: z.string().max(200),
    password_confirmation: z.string().max(200).optional(),
  })
  .strict();

const okData = z.object({ id: z.number().int() });

export const sellerShopApi = endpoints({
  "GET /seller/shop": { data: sellerShopProfile },
  "PUT /seller/shop": { body: sellerShopBody, data: sellerShopProfile },
  /** multipart with one `logo` or `banner` file (jpg, png, webp, checked by content) */
  "POST /seller/shop/images": { form: true, data: sellerShopProfile },
  "GET /seller/dashboard": { query: dayQuery, data: sellerDashboardData },
  "GET /seller/staff": { query: staffListQuery, data: paginated(staffMember) },
  "PUT /seller/staff/:id": { params: idParams, body: staffRoleBody, data: staffMember },
  "DELETE /seller/staff/:id": { params: idParams, data: okData },
  "GET /seller/invites": { query: staffListQuery, data: paginated(staffInvite) },
  "POST /seller/invites": { body: staffInviteBody, data: staffInvite },
  "POST /seller/invites/:id/resend": { params: idParams, data: staffInvite },
  "DELETE /seller/invites/:id": { params: idParams, data: okData },
  /** public: the invitation behind a link */
  "GET /staff-invites/:token": { params: inviteTokenParams, data: staffInviteInfo },
  /** public: joins the shop (creating the account when none has the email) and signs in */
  "POST /staff-invites/:token/accept": {
    params: inviteTokenParams,
    body: inviteAcceptBody,
    data: loginData,
    errors: ["conflict"],
  },
});
