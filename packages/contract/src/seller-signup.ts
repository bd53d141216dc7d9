import { z } from "zod";
import { registrationBody } from "./auth.ts";
import { idParams, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { text } from "./fields.ts";

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
} as const;

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
  .object({ ...pageQuery, status: z.enum(SHOP_STATUSES, { error: "The selected status is invalid." }).optional() })
  .strict();
export type AdminShopsQuery = z.input<typeof adminShopsQuery>;

export const adminShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  status: z.enum(SHOP_STATUSES),
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
});
