import { z } from "zod";
import { COUPON_CODE_MAX, shopIds, vatLine } from "./cart.ts";
import { idParams, money, pageQuery, paginated, timeZoneField } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { flag, id, oneOf, optionalText, phone, search, text } from "./fields.ts";
import { chargedCurrency } from "./settings.ts";

// Addresses, placing orders, payments, the shopper's orders and the seller's orders.
// Money on the wire is major units with two decimals; the server stores integer minor units.

// ---- constants ----

export const ORDER_STATUSES = [
  "Pending",
  "Confirm",
  "Processing",
  "Pickup",
  "On The Way",
  "Delivered",
  "Cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * An order's payment: Pending (unpaid), Paid, Refunding (a refund is owed and on its way: sent to
 * the gateway, or waiting for its confirmation or a retry) and Refunded (all it paid is back; after
 * a return of some of its units it is Paid again, and its returns say what came back).
 */
export const PAYMENT_STATUSES = ["Pending", "Paid", "Refunding", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** `cash` is cash on delivery; any other value names an entry of the master's `payment_gateways`. */
export const CASH_ON_DELIVERY = "cash";
export const ADDRESS_TYPES = ["home", "office", "other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESSES_MAX = 20;
/** The address fields' length bounds (a form's inputs stop there too). */
export const ADDRESS_FIELD_MAX = {
  name: 100,
  area: 100,
  flat_no: 50,
  post_code: 20,
  address_line: 255,
  address_line2: 255,
} as const;
export const ORDER_NOTE_MAX = 500;
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 100;

/**
 * The seller's next steps from each status (a seller may also cancel a Pending order). A shopper
 * may cancel only while Pending.
 */
export const SELLER_NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  Pending: "Confirm",
  Confirm: "Processing",
  Processing: "Pickup",
  Pickup: "On The Way",
  "On The Way": "Delivered",
};

/** The statuses in which the shop may give or correct the order's parcel (confirmed, not yet delivered). */
export const SHIPMENT_STATUSES: readonly OrderStatus[] = ["Confirm", "Processing", "Pickup", "On The Way"];
export const SHIPMENT_LIMITS = { carrier: 60, tracking_number: 60, tracking_url: 500 } as const;

/** Messages a client may key on (English; shown as given). */
export const ORDER_MESSAGES = {
  placed: "Order placed successfully",
  /** 403 from place-order while `order_place_account_verify` is on and the account is unverified */
  verifyRequired: "Please verify your account with the code we send you before placing an order.",
  /** 409 from place-order when a line asks for more than is in stock */
  outOfStock: "Sorry, this product is out of stock.",
  /** 409 from place-order when the flash-sale units a line counted on were sold meanwhile */
  saleSoldOut: "The flash-sale price of a product in your order has just sold out; please review your cart.",
  cancelled: "Order cancelled successfully",
  onlyPendingCancel: "Only a pending order can be cancelled.",
  reordered: "The order's products were added to your cart",
  onlyDeliveredReorder: "Only a delivered order can be ordered again.",
  paymentPaid: "Payment successful",
  paymentDeclined: "Your card was declined.",
  /** 422 on `contact` from place-order: a guest gives an email or phone to be reached by */
  contactRequired: "Enter an email address or a phone number so we can reach you about your order.",
  /** 409 (cart_changed) from place-order when the total is not the one the shopper confirmed (another tab, the shop) */
  totalChanged: "Your order changed since you confirmed it. Please check the new total and confirm again.",
  /** 409 from place-order when the chosen address is no longer the shopper's (deleted in another tab) */
  addressGone: "The delivery address you chose no longer exists. Please check the address and confirm again.",
  /** 409 from a seller's status change of an order paid online that is not paid yet (only cancelling is open) */
  awaitingPayment: "This order waits for the customer's online payment; it can be confirmed once it is paid.",
} as const;

export const GUEST_CONTACT_MAX = 254;
const EXPECTED_TOTAL_MAX = 1_000_000_000;
const CONTACT_INVALID = "The contact field must be a valid email address or phone number.";
/** A guest's phone without its country code: a text message cannot reach it (the shopper's checkout has no country). */
export const CONTACT_NO_CODE =
  "The contact field must be a phone number with its country code, for example +44 7700 900123.";

const contactDigits = (input: string) => input.trim().replace(/[\s().-]/g, "");

/**
 * A guest's contact at checkout: an email address (lower-cased) or an international phone number
 * ("+" and digits; a leading "00" is the "+"; spaces, dashes and brackets dropped). Null when it is
 * neither, and for a phone without its country code (`isNationalPhone`).
 */
export function parseContact(input: string): { kind: "email" | "phone"; value: string } | null {
  const v = input.trim();
  if (v.includes("@")) {
    const email = v.toLowerCase();
    return z.email().safeParse(email).success ? { kind: "email", value: email } : null;
  }
  const phone = contactDigits(v).replace(/^00/, "+");
  return /^\+\d{6,20}$/.test(phone) ? { kind: "phone", value: phone } : null;
}

/** Whether a contact is a phone number written as it is dialled at home, without "+" or "00" and a country code. */
export const isNationalPhone = (input: string) => /^(?!00)\d{6,20}$/.test(contactDigits(input));

/**
 * Where the payment pages send the shopper back (paths of the web app): the order detail page with
 * `?payment=success` after a successful payment and `?payment=cancel` when the shopper cancels
 * (the web shows the order-payment-cancel dialog). The id is the first order of the payment.
 */
export const PAYMENT_RETURN_PATH = (orderId: number, result: "success" | "cancel") =>
  `/order-history/${orderId}?payment=${result}`;

/** A latitude or longitude, as a number or numeric text; blank is none. */
const coordinate = (label: string, limit: number) =>
  z
    .union([z.number(), z.string().trim()], { error: `The ${label} field must be a number.` })
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v === "") return null;
      const n = Number(v);
      if (!Number.isFinite(n) || Math.abs(n) > limit) {
        ctx.addIssue({ code: "custom", message: `The ${label} field must be between -${limit} and ${limit}.` });
        return z.NEVER;
      }
      return n;
    });

// ---- addresses ----

/**
 * Store and update bodies. The phone's length bounds come from the settings and are checked by the
 * server (a form may check them first with `phoneLength`); here it must be digits (an optional leading +).
 */
export const addressBody = z
  .object({
    name: text("name", ADDRESS_FIELD_MAX.name),
    phone: phone(),
    area: optionalText("area", ADDRESS_FIELD_MAX.area),
    flat_no: optionalText("flat no", ADDRESS_FIELD_MAX.flat_no),
    post_code: optionalText("post code", ADDRESS_FIELD_MAX.post_code),
    address_line: text("address", ADDRESS_FIELD_MAX.address_line),
    address_line2: optionalText("address line2", ADDRESS_FIELD_MAX.address_line2),
    address_type: oneOf("address type", ADDRESS_TYPES),
    /** true makes it the default; the first address is always the default */
    is_default: flag("is default").optional(),
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
  })
  .strict();
export type AddressBody = z.infer<typeof addressBody>;
/** What a client sends. */
export type AddressRequest = z.input<typeof addressBody>;

export const address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  area: z.string().nullable(),
  flat_no: z.string().nullable(),
  post_code: z.string().nullable(),
  address_line: z.string(),
  address_line2: z.string().nullable(),
  address_type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof address>;

/** `GET /addresses` → `data.addresses` (default first, then newest). */
export const addressesData = z.object({ addresses: z.array(address) });
export type AddressesData = z.infer<typeof addressesData>;
/** store / update answer */
export const addressData = z.object({ address });
export type AddressData = z.infer<typeof addressData>;

// ---- place order ----

export const placeOrderBody = z
  .object({
    shop_ids: shopIds,
    address_id: id("address_id"),
    note: optionalText("note", ORDER_NOTE_MAX),
    payment_method: text("payment method", 30),
    coupon_code: optionalText("coupon_code", COUPON_CODE_MAX),
    /** places the buy-now cart instead of the cart */
    is_buy_now: flag("is_buy_now").optional(),
    /** a guest's email or phone for the order mail (required of a guest, ignored for a registered shopper) */
    contact: optionalText("contact", GUEST_CONTACT_MAX)
      .refine((v) => v === null || parseContact(v) !== null || isNationalPhone(v), CONTACT_INVALID)
      .refine((v) => v === null || !isNationalPhone(v), CONTACT_NO_CODE),
    /**
     * The total payable the shopper confirmed, in the default currency: when the order would now
     * come to another (the cart changed in another tab, the shop changed a price), it is refused
     * (409 cart_changed) rather than placed as it stands.
     */
    expected_total: z
      .number({ error: "The expected total field must be a number." })
      .min(0, "The expected total field must be at least 0.")
      .max(EXPECTED_TOTAL_MAX, `The expected total field must not be greater than ${EXPECTED_TOTAL_MAX}.`)
      .optional(),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;
export type PlaceOrderRequest = z.input<typeof placeOrderBody>;

export const placedOrder = z.object({
  id: z.number().int(),
  order_code: z.string(),
  shop_id: z.number().int(),
  payable_amount: money,
});

export const placeOrderData = z.object({
  /** the payment page to open (absolute URL); null for cash on delivery */
  order_payment_url: z.string().nullable(),
  payment_id: z.number().int(),
  payment_method: z.string(),
  /** sum of the orders' payable amounts */
  payable_amount: money,
  orders: z.array(placedOrder),
  /** where the order confirmation goes (an email, or a phone as E.164); null when the account has neither */
  confirmation_to: z.string().nullable(),
});
export type PlaceOrderData = z.infer<typeof placeOrderData>;

// ---- orders ----

export const orderAddress = address.omit({ id: true, is_default: true });
export type OrderAddress = z.infer<typeof orderAddress>;

export const orderShop = z.object({ id: z.number().int(), name: z.string(), logo: z.string(), rating: z.number() });

export const orderListItem = z.object({
  id: z.number().int(),
  /** "#" + shop prefix + 6 digits */
  order_code: z.string(),
  /** units in the order */
  quantity: z.number().int(),
  /** payable amount */
  amount: money,
  /** the currency the order's amounts are in: the default one when it was placed */
  currency: chargedCurrency,
  payment_method: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  order_status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  address: orderAddress,
  shop: orderShop,
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** Orders of each status, plus `all`. */
export const orderStatusCounts = z.object({
  all: z.number().int(),
  Pending: z.number().int(),
  Confirm: z.number().int(),
  Processing: z.number().int(),
  Pickup: z.number().int(),
  "On The Way": z.number().int(),
  Delivered: z.number().int(),
  Cancelled: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCounts>;

/**
 * `GET /api/orders/{id}/invoice` (a link, not a JSON call): `sig` opens it without a session, `lang`
 * writes it in a language, `tz` dates the order on its reader's day (the order page adds it).
 */
export const invoiceQuery = z
  .object({
    sig: z.string().max(100).optional(),
    lang: z.string().max(10).optional(),
    tz: timeZoneField.optional(),
  })
  .strict();

export const ordersQuery = z
  .object({
    ...pageQuery,
    /** one of ORDER_STATUSES; absent for all */
    order_status: z.enum(ORDER_STATUSES, { error: "The order status field is invalid." }).optional(),
  })
  .strict();
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** `GET /orders`: `data.orders` is a page; `data.status_counts` counts all the user's orders. */
export const ordersData = z.object({ orders: paginated(orderListItem), status_counts: orderStatusCounts });
export type OrdersData = z.infer<typeof ordersData>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const orderProduct = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  /** unit price paid (with size and colour surcharges; the discount or flash-sale price when there was one) */
  price: money,
  order_qty: z.number().int(),
  size: named.nullable(),
  color: named.extend({ color_code: z.string() }).nullable(),
  unit: named.nullable(),
  /** price times order_qty */
  subtotal: money,
  /** bought at a flash-sale price (a line over the sale's cap is two lines: sale units and the rest) */
  flash_sale: z.boolean(),
});
export type OrderProduct = z.infer<typeof orderProduct>;

export const orderStatusEntry = z.object({
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  /** who made the change */
  by: z.enum(["customer", "seller", "system"]),
});
export type OrderStatusEntry = z.infer<typeof orderStatusEntry>;

/** The parcel as the shop gave it: its carrier, tracking number and, when given, the carrier's tracking page (https). */
export const orderShipment = z.object({
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
});
export type OrderShipment = z.infer<typeof orderShipment>;

export const orderDetail = orderListItem.extend({
  note: z.string().nullable(),
  /** null until the shop gives it */
  shipment: orderShipment.nullable(),
  estimated_delivery_date: z.string().nullable(),
  /** products' subtotal */
  total_amount: money,
  tax_amount: money,
  /** product discounts (regular price minus paid price, summed) */
  discount: money,
  coupon_discount: money,
  /** what the shopper saved: the product discounts and the voucher */
  saved: money,
  delivery_charge: money,
  payable_amount: money,
  all_vat_taxes: z.array(vatLine),
  products: z.array(orderProduct),
  /** oldest first */
  status_history: z.array(orderStatusEntry),
  /** the printable invoice page: an absolute, signed link that opens without the token (new tab, print) */
  invoice_url: z.string(),
  payment_id: z.number().int(),
  /** the payment page while an online payment is Pending and the order not cancelled; otherwise null */
  order_payment_url: z.string().nullable(),
  can_cancel: z.boolean(),
  /** what cancelling now would refund (the order's paid amount), or null when nothing is paid */
  refund_on_cancel: money.nullable(),
  /** what its refunds have given back so far (settled ones; those on their way show as Refunding) */
  refunded_amount: money,
  can_reorder: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetail>;
/** The shopper's own order: with the codes of the other orders (one per shop) its payment covers. */
export const shopperOrderDetail = orderDetail.extend({
  /** oldest first; cancelled ones left out. Only the shopper's view: they are other shops' orders */
  paid_with: z.array(z.string()),
});
export type ShopperOrderDetail = z.infer<typeof shopperOrderDetail>;
export const orderDetailData = z.object({ order: shopperOrderDetail });
export type OrderDetailData = z.infer<typeof orderDetailData>;

/** reorder answer: the cart line count afterwards (the cart badge) */
export const reorderData = z.object({ total: z.number().int(), added: z.number().int() });
export type ReorderData = z.infer<typeof reorderData>;

// ---- seller ----

export const sellerOrdersQuery = ordersQuery.extend({
  /** order code or customer name */
  search: search(),
  /** "open": only orders with a return not yet done (to decide, to receive, or its refund not settled) */
  returns: z.enum(["open"], { error: "The returns field is invalid." }).optional(),
});
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuery>;

export const sellerOrderCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const sellerOrderListItem = orderListItem.extend({ customer: sellerOrderCustomer });
export type SellerOrderListItem = z.infer<typeof sellerOrderListItem>;
export const sellerOrdersData = z.object({
  orders: paginated(sellerOrderListItem),
  status_counts: orderStatusCounts,
  /** the shop's orders with a return not yet done */
  open_returns: z.number().int(),
});
export type SellerOrdersData = z.infer<typeof sellerOrdersData>;

export const sellerOrderDetail = orderDetail.extend({
  customer: sellerOrderCustomer,
  /** the status the seller may move to next, or null (also while `awaiting_payment`) */
  next_status: z.enum(ORDER_STATUSES).nullable(),
  /** paid online and not paid yet: the shop may not confirm it, only cancel it */
  awaiting_payment: z.boolean(),
  /** a seller may cancel while Pending */
  can_cancel: z.boolean(),
  /** the parcel may be given or corrected (SHIPMENT_STATUSES) */
  can_edit_shipment: z.boolean(),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetail>;
export const sellerOrderDetailData = z.object({ order: sellerOrderDetail });

/** `POST /seller/orders/{id}/status`: the next status (see SELLER_NEXT_STATUS) or Cancelled while Pending. */
export const sellerOrderStatusBody = z
  .object({
    status: oneOf("status", ORDER_STATUSES, "The status field is invalid."),
  })
  .strict();
export type SellerOrderStatusBody = z.infer<typeof sellerOrderStatusBody>;

/** Letters and digits, maybe with spaces or dashes between them: what carriers print on a label. */
const TRACKING_NUMBER = /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u;
/** An address the shopper can open: https only, so no script or data link reaches the order page. */
const isHttpsUrl = (v: string) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v);

/** `POST /seller/orders/{id}/shipment`: the parcel's carrier and tracking number (and its tracking page). */
export const sellerOrderShipmentBody = z
  .object({
    carrier: text("carrier", SHIPMENT_LIMITS.carrier),
    tracking_number: text("tracking number", SHIPMENT_LIMITS.tracking_number).refine(
      (v) => v === "" || TRACKING_NUMBER.test(v),
      "The tracking number field may contain only letters, digits, spaces and dashes.",
    ),
    tracking_url: optionalText("tracking link", SHIPMENT_LIMITS.tracking_url).refine(
      (v) => v === null || isHttpsUrl(v),
      "The tracking link field must be an address starting with https://.",
    ),
  })
  .strict();
export type SellerOrderShipmentBody = z.infer<typeof sellerOrderShipmentBody>;

export const addressesApi = endpoints({
  "GET /addresses": { data: addressesData },
  "GET /address/:id": { params: idParams, data: addressData },
  "POST /address/store": { body: addressBody, data: addressData },
  "POST /address/:id/update": { params: idParams, body: addressBody, data: addressData },
  /** answers the addresses left (another may have become the default) */
  "POST /address/:id/delete": { params: idParams, data: addressesData },
});

export const ordersApi = endpoints({
  /** takes an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): the same key answers the first answer again */
  "POST /place-order": { body: placeOrderBody, data: placeOrderData, errors: ["verify_required", "cart_changed"] },
  "GET /orders": { query: ordersQuery, data: ordersData },
  "GET /orders/:id": { params: idParams, data: orderDetailData },
  "POST /orders/:id/cancel": { params: idParams, data: orderDetailData },
  "POST /orders/:id/reorder": { params: idParams, data: reorderData },
});

export const sellerOrdersApi = endpoints({
  "GET /seller/orders": { query: sellerOrdersQuery, data: sellerOrdersData },
  "GET /seller/orders/:id": { params: idParams, data: sellerOrderDetailData },
  "POST /seller/orders/:id/status": { params: idParams, body: sellerOrderStatusBody, data: sellerOrderDetailData },
  "POST /seller/orders/:id/shipment": { params: idParams, body: sellerOrderShipmentBody, data: sellerOrderDetailData },
});

// Payments have no JSON calls: the pay pages, the gateways' callbacks and the Stripe webhook are
// opened by browsers or gateways, so they stay plain routes.
export const paymentsApi = endpoints({});
