import { z } from "zod";
import { productCard } from "./catalog.ts";
import { money } from "./common.ts";
import { CART_QUANTITY_MAX } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import { flag, givenPassword, id, idFromText, optionalId, optionalText, text } from "./fields.ts";

// Cart, checkout totals, store vouchers and favourites. Money on the wire is major units with two
// decimals; the server stores integer minor units.

export const CHECKOUT_SHOPS_MAX = 50;
export const COUPON_CODE_MAX = 50;
/** The decrement answer's message when the line reached 0 and was removed (the client keys on it). */
export const PRODUCT_REMOVED_FROM_CART = "product removed from cart";
export const SELECT_AT_LEAST_ONE_SHOP = "Please select at least one shop";

/** The shops of a checkout or an order: at least one, at most CHECKOUT_SHOPS_MAX. */
export const shopIds = z
  .array(id("shop_ids"), { error: "The shop_ids field is required." })
  .min(1, SELECT_AT_LEAST_ONE_SHOP)
  .max(CHECKOUT_SHOPS_MAX, `The shop_ids field must not have more than ${CHECKOUT_SHOPS_MAX} items.`);

export const cartStoreBody = z
  .object({
    product_id: id("product_id"),
    quantity: z
      .number({ error: "The quantity field must be a number." })
      .int("The quantity field must be an integer.")
      .min(1, "The quantity field must be at least 1.")
      .max(CART_QUANTITY_MAX, `The quantity field must not be greater than ${CART_QUANTITY_MAX}.`)
      .default(1),
    size: optionalId("size"),
    color: optionalId("color"),
    unit: optionalId("unit"),
    is_buy_now: flag("is_buy_now").optional(),
  })
  .strict();
export type CartStoreBody = z.infer<typeof cartStoreBody>;

/**
 * Names one cart line: by `cart_id`, or by `product_id` plus the variant (size, color, unit; a
 * field left out matches any value, null means "none"). `is_buy_now` picks the buy-now cart.
 */
export const cartLineBody = z
  .object({
    cart_id: id("cart_id").optional(),
    product_id: id("product_id").optional(),
    size: optionalId("size"),
    color: optionalId("color"),
    unit: optionalId("unit"),
    is_buy_now: flag("is_buy_now").optional(),
  })
  .strict()
  .refine((b) => b.cart_id !== undefined || b.product_id !== undefined, {
    message: "The cart_id field is required when product_id is not present.",
    path: ["cart_id"],
  });
export type CartLineBody = z.infer<typeof cartLineBody>;

export const cartQuery = z.object({ is_buy_now: z.enum(["1", "0", "true", "false"]).optional() }).strict();

export const checkoutBody = z
  .object({
    shop_ids: shopIds,
    coupon_code: optionalText("coupon_code", COUPON_CODE_MAX),
    is_buy_now: flag("is_buy_now").optional(),
  })
  .strict();
export type CheckoutBody = z.infer<typeof checkoutBody>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const priceSplit = z.object({
  /** units at the flash-sale price (what the sale has left) */
  sale_quantity: z.number().int(),
  sale_price: money,
  /** the other units, at the discount price or the price, with surcharges */
  regular_quantity: z.number().int(),
  regular_price: money,
});
export type PriceSplit = z.infer<typeof priceSplit>;

export const cartProduct = z.object({
  /** the cart line's id (what increment, decrement and delete name) */
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  thumbnail: z.string(),
  /** unit price with the size and colour surcharges */
  price: money,
  /** 0 when there is no discount; otherwise the discounted (or flash-sale) unit price with surcharges */
  discount_price: money,
  discount_percentage: z.number(),
  size: named.nullable(),
  color: named.extend({ color_code: z.string() }).nullable(),
  unit: named.nullable(),
  quantity: z.number().int(),
  /** units of this size and colour in stock */
  stock: z.number().int(),
  /** what the line costs: its units at their prices (see price_split) */
  subtotal: money,
  /** set when the line crosses a flash sale's cap: some units at the sale price, the rest not */
  price_split: priceSplit.nullable(),
});
export type CartProduct = z.infer<typeof cartProduct>;

export const cartShopGroup = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_rating: z.number(),
  shop_logo: z.string(),
  /** false while the shop takes no orders: its lines stay but cannot be checked out */
  is_open: z.boolean(),
  products: z.array(cartProduct),
});
export type CartShopGroup = z.infer<typeof cartShopGroup>;

export const cartData = z.object({
  /** number of lines in the cart */
  total: z.number().int(),
  /** units in the cart, every line's quantity added up (the cart badge, the drawer's '(n items)') */
  quantity: z.number().int(),
  /** sum of every line's subtotal (the cart amount until a shop selection narrows it) */
  total_amount: money,
  cart_items: z.array(cartShopGroup),
  /** set when a line's price or stock changed since it was added (shown as a warning) */
  info: z.string().optional(),
});
export type CartData = z.infer<typeof cartData>;

export const vatLine = z.object({ name: z.string(), rate: z.number(), amount: money });

export const checkoutTotals = z.object({
  total_amount: money,
  delivery_charge: money,
  coupon_discount: money,
  order_tax_amount: money,
  payable_amount: money,
  all_vat_taxes: z.array(vatLine),
});
export type CheckoutTotals = z.infer<typeof checkoutTotals>;

export const appliedCoupon = z.object({ code: z.string(), valid: z.boolean(), message: z.string() });

export const checkoutData = z.object({
  /** the cart's groups of the selected shops */
  checkout_items: z.array(cartShopGroup),
  checkout: checkoutTotals,
  /** null when no coupon_code was sent */
  apply_coupon: appliedCoupon.nullable(),
  info: z.string().optional(),
});
export type CheckoutData = z.infer<typeof checkoutData>;

export const COUPON_TYPES = ["Percentage", "Fixed"] as const;

export const coupon = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  code: z.string(),
  /** percent (10 = 10 %) for 'Percentage', a money amount for 'Fixed' */
  discount: z.number(),
  discount_type: z.enum(COUPON_TYPES),
  min_order_amount: money,
  /** cap of a percentage discount; null when uncapped */
  max_discount: money.nullable(),
  start_date: z.string(),
  end_date: z.string(),
  is_collected: z.boolean(),
});
export type Coupon = z.infer<typeof coupon>;

export const vouchersQuery = z.object({ shop_id: idFromText("shop_id") }).strict();
export const vouchersData = z.object({ coupons: z.array(coupon) });
export const voucherCollectBody = z.object({ coupon_id: id("coupon_id") }).strict();
export const voucherCollectData = z.object({ coupon }).strict();

export const favoritesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(100),
  })
  .strict();
export const favoritesData = z.object({
  products: z.array(productCard),
  /** all favourites of the user (the wishlist badge) */
  count: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export const favoriteToggleBody = z.object({ product_id: id("product_id") }).strict();
export const favoriteToggleData = z.object({
  product_id: z.number().int(),
  is_favorite: z.boolean(),
  count: z.number().int(),
});

/** The guest credentials kept on the device (as `POST /guest_login` takes them): proof of the guest's cart. */
export const mergeGuestCartBody = z.object({ phone: text("phone", 254), password: givenPassword() }).strict();
export type MergeGuestCartBody = z.infer<typeof mergeGuestCartBody>;

/**
 * `added`: the guest's lines that went in (some units at least); `total`: the cart's lines after;
 * `favorites_added`: the guest's wishlist products the account did not have.
 */
export const mergeGuestCartData = z.object({
  total: z.number().int(),
  added: z.number().int(),
  favorites_added: z.number().int(),
});

export const cartApi = endpoints({
  "GET /carts": { query: cartQuery, data: cartData },
  "POST /cart/store": { body: cartStoreBody, data: cartData },
  "POST /cart/increment": { body: cartLineBody, data: cartData },
  "POST /cart/decrement": { body: cartLineBody, data: cartData },
  "POST /cart/delete": { body: cartLineBody, data: cartData },
  "POST /cart/checkout": { body: checkoutBody, data: checkoutData },
  "POST /cart/merge-guest": { body: mergeGuestCartBody, data: mergeGuestCartData },
});

export const vouchersApi = endpoints({
  "GET /get-vouchers": { query: vouchersQuery, data: vouchersData },
  "POST /vouchers-collect": { body: voucherCollectBody, data: voucherCollectData },
});

/** The most favourite ids one answer holds (favourites are not capped; the newest come first). */
export const FAVORITE_IDS_MAX = 1000;
/** The signed-in shopper's favourite products, newest first: the hearts on catalogue cards read it. */
export const favoriteIdsData = z.object({ product_ids: z.array(z.number().int()).max(FAVORITE_IDS_MAX) });

export const favoritesApi = endpoints({
  "GET /favorite-products": { query: favoritesQuery, data: favoritesData },
  "GET /favorites/ids": { data: favoriteIdsData },
  "POST /favorite-add-or-remove": { body: favoriteToggleBody, data: favoriteToggleData },
});
