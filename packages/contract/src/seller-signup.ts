import { z } from "zod";
import { registrationBody } from "./auth.ts";
import { idParams, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { search, text } from "./fields.ts";

// Seller registration (`/shop/register`) and the admin's review of new shops.

export const SHOP_STATUSES = ["pending", "active", "rejected", "suspended"] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];
export const SHOP_NAME_MIN = 2;
export const SHOP_NAME_MAX = 100;
/** The shop logo: the same size as a profile photo, checked by content. */
export const SHOP_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const SHOP_LOGO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const SELLER_SIGNUP_MESSAGES = {
  submitted: "Your shop has been submitted and will be reviewed.",
  /** 403 while the marketplace runs in single-vendor mode */
  closed: "Seller registration is not available on this marketplace.",
  shopNameTaken: "The shop name has already been taken.",
  logoTooLarge: "The shop logo must not be greater than 2048 kilobytes.",
  logoBadType: "The shop logo must be a file of type: jpg, png, webp.",
  approved: "Shop approved successfully.",
  alreadyApproved: "This shop is already approved.",
  /** 403 from the seller area while the owner's shop waits for approval */
  awaitingApproval: "Your shop is waiting for approval.",
  /** 403 from the seller area of a rejected shop; the reason follows */
  rejected: "Your shop application was rejected.",
  /** 403 from the seller area of a suspended shop; the reason follows */
  suspended: "Your shop has been suspended.",
  rejectedDone: "Shop rejected; its owner has been told why by email.",
  suspendedDone: "Shop suspended; its products have left the storefront.",
  reinstated: "Shop reinstated.",
  commissionSaved: "Commission rate saved.",
  /** 409: the action does not apply to the shop's current status */
  wrongStatus: "This action does not apply to the shop's current status.",
} as const;

/** Which statuses each admin action on a shop starts from: the one home of these rules. */
export const SHOP_ACTIONS_FROM = {
  approve: ["pending", "rejected"],
  reject: ["pending"],
  suspend: ["active"],
  reinstate: ["suspended"],
} as const satisfies Record<string, readonly ShopStatus[]>;
export type ShopAction = keyof typeof SHOP_ACTIONS_FROM;

export const SHOP_REASON_MAX = 500;
/** `POST /admin/shops/:id/reject|suspend`: why, told to the owner. */
export const shopReasonBody = z.object({ reason: text("reason", SHOP_REASON_MAX) }).strict();
export type ShopReasonBody = z.input<typeof shopReasonBody>;

/** `PUT /admin/shops/:id/commission`: the marketplace's share of the shop's sales, 0–100 % (stored as basis points). */
export const shopCommissionBody = z
  .object({
    commission_rate: z
      .number({ error: "The commission rate field must be a number." })
      .min(0, "The commission rate must be between 0 and 100.")
      .max(100, "The commission rate must be between 0 and 100.")
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
        "The commission rate may have at most two decimals.",
      ),
  })
  .strict();
export type ShopCommissionBody = z.input<typeof shopCommissionBody>;

/**
 * `POST /shop/register` fields (multipart beside an optional `shop_logo` file): the owner's account
 * exactly as shopper registration validates it (`name` is the owner's name), plus the shop's name.
 */
export const shopRegisterBody = registrationBody.extend({
  shop_name: text("shop name", SHOP_NAME_MAX, SHOP_NAME_MIN),
});
export type ShopRegisterBody = z.infer<typeof shopRegisterBody>;

export const shopRegisterData = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), status: z.enum(SHOP_STATUSES) }),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type ShopRegisterData = z.infer<typeof shopRegisterData>;

export const adminShopsQuery = z
  .object({
    ...pageQuery,
    status: z.enum(SHOP_STATUSES, { error: "The selected status is invalid." }).optional(),
    /** shop name or owner's name or email */
    search: search(),
  })
  .strict();
export type AdminShopsQuery = z.input<typeof adminShopsQuery>;

export const adminShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  status: z.enum(SHOP_STATUSES),
  /** why the shop was rejected or suspended */
  status_reason: z.string().nullable(),
  /** percent, 0–100 */
  commission_rate: z.number(),
  created_at: z.string(),
  owner: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    phone_code: z.string().nullable(),
  }),
});
export type AdminShop = z.infer<typeof adminShop>;
export const adminShopPage = paginated(adminShop);

export const sellerSignupApi = endpoints({
  /** multipart with the fields of `shopRegisterBody` and an optional `shop_logo` file (or JSON) */
  "POST /shop/register": { form: true, data: shopRegisterData },
  "GET /admin/shops": { query: adminShopsQuery, data: adminShopPage },
  "POST /admin/shops/:id/approve": { params: idParams, data: adminShop },
  "POST /admin/shops/:id/reject": { params: idParams, body: shopReasonBody, data: adminShop },
  "POST /admin/shops/:id/suspend": { params: idParams, body: shopReasonBody, data: adminShop },
  "POST /admin/shops/:id/reinstate": { params: idParams, data: adminShop },
  "PUT /admin/shops/:id/commission": { params: idParams, body: shopCommissionBody, data: adminShop },
});
