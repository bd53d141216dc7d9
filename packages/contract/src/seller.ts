import { z } from "zod";
import { endpoints } from "./endpoint.ts";

// The Seller Centre's shared part: who may do what in a shop. The owner may do everything; a
// staff member's role names the areas they may open (products: catalogue, stock, vouchers and
// flash sales; orders: orders and messages; all: both plus the shop profile and dashboard).
// Managing staff stays with the owner.

export const SHOP_ROLES = ["products", "orders", "all"] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];
export type SellerRole = "owner" | ShopRole;

export const SELLER_AREAS = ["products", "orders", "shop", "staff"] as const;
export type SellerArea = (typeof SELLER_AREAS)[number];

export const SELLER_AREAS_OF: Record<SellerRole, readonly SellerArea[]> = {
  owner: ["products", "orders", "shop", "staff"],
  all: ["products", "orders", "shop"],
  products: ["products"],
  orders: ["orders"],
};

export const SELLER_MESSAGES = {
  notInRole: "Your role in this shop does not include this section.",
} as const;

export const sellerMeData = z.object({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string(),
    is_open: z.boolean(),
    currency: z.string(),
  }),
  role: z.enum(["owner", ...SHOP_ROLES]),
  areas: z.array(z.enum(SELLER_AREAS)),
  /** why the shop is limited (suspended, with the operator's reason), or null */
  notice: z.string().nullable(),
});
export type SellerMeData = z.infer<typeof sellerMeData>;

export const sellerApi = endpoints({
  /** the shop the signed-in seller or staff member acts for, and the areas their role opens */
  "GET /seller/me": { data: sellerMeData },
});
