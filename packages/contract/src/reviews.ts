import { z } from "zod";
import { review } from "./catalog.ts";
import { idParams, pageQuery, paginated } from "./common.ts";
import { REVIEW_REPORT_REASON_MAX } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import { idFromText, text } from "./fields.ts";

// Reviews by buyers (issue 20): a shopper reviews each product of a delivered order once (stars,
// text, photos), may edit it for REVIEW_EDIT_DAYS and delete it; other shoppers vote reviews
// helpful; the shop answers once; anyone signed in may report a review, and the operator hides it
// or keeps it. The product page's list is `GET /products/:id/reviews` (catalog.ts).

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_PHOTOS_MAX = 4;
/** the same bound as a ticket attachment's */
export const REVIEW_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const REVIEW_PHOTO_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";
export const REVIEW_EDIT_DAYS = 30;

/** visible: on the product page; reported: waits for the operator (still shown); kept: reported and kept; hidden: gone */
export const REVIEW_STATUSES = ["visible", "reported", "kept", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Messages the server answers with (English; the web shows its own texts by code). */
export const REVIEW_MESSAGES = {
  created: "Thank you for your review.",
  updated: "Your review was updated.",
  deleted: "Your review was deleted.",
  alreadyReviewed: "You have already reviewed this product of this order.",
  notDelivered: "Only the products of a delivered order can be reviewed.",
  notInOrder: "This product is not part of the order.",
  editWindowOver: `A review can be edited within ${REVIEW_EDIT_DAYS} days of writing it.`,
  tooManyPhotos: `You may add at most ${REVIEW_PHOTOS_MAX} photos.`,
  photoTooLarge: "Each photo must not be greater than 2048 kilobytes.",
  photoBadType: "Each photo must be an image of type: jpg, png, webp.",
  ownReview: "You cannot vote for or report your own review.",
  ownShop: "You cannot review a product of a shop you sell for.",
  voted: "Thank you for your feedback.",
  reported: "Thank you. The review will be checked.",
  /** a second report of the same review by the same person: the first one stands */
  alreadyReported: "You have already reported this review. It will be checked.",
  replied: "Your reply was published.",
  alreadyReplied: "This review already has a reply.",
  hidden: "The review was hidden.",
  /** 409 from deleting a review the operator hid */
  hiddenStays: "A review hidden by our moderators cannot be deleted; you can still edit it.",
  kept: "The review was kept.",
} as const;

/** The rating 1-5 as a number or digits (a multipart field). */
const stars = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input == null ? "The rating field is required." : "The rating must be 1 to 5.") })
    .int("The rating must be 1 to 5.")
    .min(1, "The rating field is required.")
    .max(5, "The rating must be 1 to 5."),
);
// named as the form names it ("Your review"): the stored column is `comment`
const comment = text("review", REVIEW_COMMENT_MAX);

/** `POST /reviews` fields (multipart beside up to REVIEW_PHOTOS_MAX `photos` files, or JSON without photos). */
export const reviewBody = z
  .object({ order_id: idFromText("order id"), product_id: idFromText("product id"), rating: stars, comment })
  .strict();
export type ReviewBody = z.infer<typeof reviewBody>;

/**
 * `PUT /reviews/:id` fields: the new rating and text, the ids of the photos to keep (comma-separated;
 * absent keeps them all) and new `photos` files.
 */
export const reviewUpdateBody = z
  .object({
    rating: stars,
    comment,
    keep_photos: z
      .string()
      .max(200)
      .regex(/^(\d+(,\d+)*)?$/, "The keep photos field must be a list of ids.")
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v.split(",").map(Number) : [])),
  })
  .strict();
export type ReviewUpdateBody = z.infer<typeof reviewUpdateBody>;

export const reviewReplyBody = z.object({ reply: text("reply", REVIEW_REPLY_MAX) }).strict();
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;
export const reviewReportBody = z.object({ reason: text("reason", REVIEW_REPORT_REASON_MAX) }).strict();
export type ReviewReportBody = z.infer<typeof reviewReportBody>;

export const reviewPhoto = z.object({ id: z.number().int(), url: z.string() });

const reviewedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
});

/** The shopper's own review, as the order page and the account area show it. */
export const myReview = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  product: reviewedProduct,
  rating: z.number().int(),
  comment: z.string(),
  photos: z.array(reviewPhoto),
  status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  /** still inside the edit window */
  can_edit: z.boolean(),
  /** false once the operator hid it: deleting it would free its order's product for a new, visible review */
  can_delete: z.boolean(),
  reply: z.object({ text: z.string(), created_at: z.string() }).nullable(),
});
export type MyReview = z.infer<typeof myReview>;
export const myReviewData = z.object({ review: myReview });

/** A product of a delivered order the shopper has not reviewed yet. */
export const toReviewItem = z.object({
  order_id: z.number().int(),
  order_code: z.string(),
  delivered_at: z.string(),
  product: reviewedProduct,
});
export type ToReviewItem = z.infer<typeof toReviewItem>;

/** An order's review state: each product's review by the shopper (null: not reviewed). */
export const orderReviewsData = z.object({
  /** the order is delivered: its products may be reviewed */
  can_review: z.boolean(),
  products: z.array(z.object({ product_id: z.number().int(), review: myReview.nullable() })),
});
export type OrderReviewsData = z.infer<typeof orderReviewsData>;

export const helpfulData = z.object({ helpful_count: z.number().int(), voted_helpful: z.boolean() });
/** `reported` false: this person had reported the review already (the first report stands). */
export const reportData = z.object({ reported: z.boolean() });

/** A review as the Seller Centre and the admin console list it. */
export const shopReview = review.extend({
  product: reviewedProduct,
  status: z.enum(REVIEW_STATUSES),
});
export type ShopReview = z.infer<typeof shopReview>;
export const adminReview = shopReview.extend({
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** the reports' reasons, newest first (at most 10) */
  reports: z.array(z.object({ reason: z.string(), created_at: z.string(), by: z.string() })),
  report_count: z.number().int(),
});
export type AdminReview = z.infer<typeof adminReview>;

export const sellerReviewsQuery = z
  .object({
    ...pageQuery,
    rating: z.coerce.number().int().min(1).max(5).optional(),
    /** "unreplied": only reviews without the shop's answer */
    filter: z.enum(["all", "unreplied"]).optional(),
  })
  .strict();
export type SellerReviewsQuery = z.input<typeof sellerReviewsQuery>;
export const adminReviewsQuery = z
  .object({ ...pageQuery, status: z.enum(["reported", "hidden", "kept"]).optional() })
  .strict();
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>;

export const reviewsApi = endpoints({
  // ---- the shopper ----
  "GET /reviews/to-review": { query: z.object(pageQuery).strict(), data: paginated(toReviewItem) },
  "GET /reviews/mine": { query: z.object(pageQuery).strict(), data: paginated(myReview) },
  "GET /orders/:id/reviews": { params: idParams, data: orderReviewsData },
  /** reviewBody fields */
  "POST /reviews": { form: true, data: myReviewData, errors: ["conflict"] },
  /** reviewUpdateBody fields */
  "PUT /reviews/:id": { params: idParams, form: true, data: myReviewData, errors: ["conflict"] },
  "DELETE /reviews/:id": { params: idParams, data: z.object({ id: z.number().int() }) },
  /** one vote per shopper: a second vote changes nothing */
  "POST /reviews/:id/helpful": { params: idParams, data: helpfulData },
  /** a shopper or a seller; a second report by the same person changes nothing */
  "POST /reviews/:id/report": { params: idParams, body: reviewReportBody, data: reportData },
  // ---- the Seller Centre ----
  "GET /seller/reviews": { query: sellerReviewsQuery, data: paginated(shopReview) },
  "POST /seller/reviews/:id/reply": {
    params: idParams,
    body: reviewReplyBody,
    data: z.object({ review: shopReview }),
    errors: ["conflict"],
  },
  // ---- the admin console ----
  "GET /admin/reviews": { query: adminReviewsQuery, data: paginated(adminReview) },
  "POST /admin/reviews/:id/hide": { params: idParams, data: z.object({ review: adminReview }) },
  "POST /admin/reviews/:id/keep": { params: idParams, data: z.object({ review: adminReview }) },
});
