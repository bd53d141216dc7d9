import { z } from "zod";
import { idParams } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { id, text } from "./fields.ts";

// Returns and refunds (issue 20). Within the site's return window (`return_order_within_days`
// after delivery) a shopper asks to return some lines and quantities of a delivered order, with a
// reason and up to RETURN_PHOTOS_MAX photos; one request of an order is open at a time. The shop
// approves or rejects it (with a reason), then marks the parcel received: the stock comes back and
// the refund goes through the way the order was paid (cash on delivery: marked refunded by hand).

export const RETURN_REASON_MAX = 1000;
export const RETURN_REJECT_REASON_MAX = 500;
export const RETURN_PHOTOS_MAX = 4;
/** the same bound as a ticket attachment's and a review photo's */
export const RETURN_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const RETURN_PHOTO_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";
/** the most lines one request names (an order's lines are far fewer) */
export const RETURN_LINES_MAX = 100;

/** Requested → Approved → Received → Refunded, or Requested → Rejected. */
export const RETURN_STATUSES = ["Requested", "Approved", "Rejected", "Received", "Refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Messages the server answers with (English; the web shows its own texts by code or status). */
export const RETURN_MESSAGES = {
  requested: "Your return request was sent.",
  approved: "The return was approved.",
  rejected: "The return was rejected.",
  received: "The return was marked received.",
  refunded: "The refund was marked as paid.",
  notDelivered: "Only a delivered order can be returned.",
  windowOver: "The return window of this order has closed.",
  returnsOff: "This store does not take returns.",
  openRequest: "This order already has an open return request.",
  tooMany: "You cannot return more than you bought (minus what was already returned).",
  notInOrder: "This product is not part of the order.",
  duplicateLine: "Each line may be named once.",
  notRequested: "Only a requested return can be approved or rejected.",
  notApproved: "Only an approved return can be marked received.",
  notCashPending: "Only a cash on delivery refund that is waiting can be marked as paid.",
  tooManyPhotos: `You may add at most ${RETURN_PHOTOS_MAX} photos.`,
  photoTooLarge: "Each photo must not be greater than 2048 kilobytes.",
  photoBadType: "Each photo must be an image of type: jpg, png, webp.",
} as const;

const quantity = z
  .number({ error: "The quantity must be a whole number." })
  .int("The quantity must be a whole number.")
  .min(1, "The quantity must be at least 1.")
  .max(10_000, "The quantity is too large.");

export const returnLine = z.object({ order_product_id: id("line"), quantity }).strict();

/** A JSON list as a multipart field carries it (a string), or the list itself in a JSON body. */
const jsonList = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** `POST /orders/:id/returns` fields (multipart beside up to RETURN_PHOTOS_MAX `photos` files, or JSON without photos). */
export const returnRequestBody = z
  .object({
    reason: text("reason", RETURN_REASON_MAX),
    lines: z.preprocess(
      jsonList,
      z
        .array(returnLine, { error: "Choose what to return." })
        .min(1, "Choose what to return.")
        .max(RETURN_LINES_MAX, "Too many lines."),
    ),
  })
  .strict();
export type ReturnRequestBody = z.input<typeof returnRequestBody>;

export const returnRejectBody = z.object({ reason: text("reason", RETURN_REJECT_REASON_MAX) }).strict();
export type ReturnRejectBody = z.infer<typeof returnRejectBody>;

export const returnItem = z.object({
  order_product_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** the unit price paid before the coupon, major units */
  price: z.number(),
});

export const returnRequest = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  reject_reason: z.string().nullable(),
  items: z.array(returnItem),
  photos: z.array(z.string()),
  /** what is refunded, major units; known once the parcel is received */
  refund_amount: z.number().nullable(),
  /** while Requested or Approved: what marking it received now would refund, major units; otherwise null */
  refund_estimate: z.number().nullable(),
  /** the refund's own state: Pending (not yet given back; cash waits for the shop), Sent, Succeeded, Failed */
  refund_status: z.enum(["Pending", "Sent", "Succeeded", "Failed"]).nullable(),
  /** the refund waits to be marked paid by hand (cash on delivery) */
  refund_by_hand: z.boolean(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof returnRequest>;

/** The order page's returns: the requests, newest first, and what may still be asked for. */
export const orderReturnsData = z.object({
  /** a new request may be made now (delivered, inside the window, none open, something left) */
  can_request: z.boolean(),
  /** the last day of the return window (ISO date-time), null when the order is not delivered or returns are off */
  window_ends_at: z.string().nullable(),
  /** each line's quantity that may still be returned */
  returnable: z.array(z.object({ order_product_id: z.number().int(), quantity: z.number().int() })),
  returns: z.array(returnRequest),
});
export type OrderReturnsData = z.infer<typeof orderReturnsData>;

const returnData = z.object({ return: returnRequest });

export const returnsApi = endpoints({
  // ---- the shopper ----
  "GET /orders/:id/returns": { params: idParams, data: orderReturnsData },
  /** returnRequestBody fields */
  "POST /orders/:id/returns": { params: idParams, form: true, data: returnData, errors: ["conflict"] },
  // ---- the Seller Centre (orders area) ----
  "GET /seller/orders/:id/returns": { params: idParams, data: orderReturnsData },
  "POST /seller/returns/:id/approve": { params: idParams, data: returnData, errors: ["conflict"] },
  "POST /seller/returns/:id/reject": {
    params: idParams,
    body: returnRejectBody,
    data: returnData,
    errors: ["conflict"],
  },
  /** the parcel is back: stock returns and the refund is made */
  "POST /seller/returns/:id/received": { params: idParams, data: returnData, errors: ["conflict"] },
  /** cash on delivery: the shop gave the money back by hand */
  "POST /seller/returns/:id/refunded": { params: idParams, data: returnData, errors: ["conflict"] },
});
