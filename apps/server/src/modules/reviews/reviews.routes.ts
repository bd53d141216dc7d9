import {
  REVIEW_MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewBody,
  reviewsApi,
  reviewUpdateBody,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields as parseFields, readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth, requireRole, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as reviews from "./reviews.service.ts";

/** The fields and `photos` files of a review form: multipart, or JSON without photos. */
async function readReviewForm(req: FastifyRequest) {
  if (!req.isMultipart()) return { fields: req.body ?? {}, files: [] };
  return readMultipartForm(req, {
    fileField: (name) => /^photos(\[\d*\])?$/.test(name),
    errorField: "photos",
    maxFiles: REVIEW_PHOTOS_MAX,
    maxBytes: REVIEW_PHOTO_MAX_BYTES,
    tooMany: REVIEW_MESSAGES.tooManyPhotos,
    tooLarge: REVIEW_MESSAGES.photoTooLarge,
  });
}

/** Shoppers' reviews, the shop's answers (Seller Centre, "orders" area: talking to buyers) and the operator's queue. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const me = (req: FastifyRequest) => currentUser(req).id;
  // The shop's conversation with its buyers (orders, messages, reviews) is the "orders" area.
  const seller = requireSellerArea("orders");
  const admin = requireRole("admin");

  registerRoutes(app, reviewsApi, {
    "GET /reviews/to-review": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Products to review",
        data: await reviews.toReview(deps, me(req), query, requestLocale(req)),
      }),
    },
    "GET /reviews/mine": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "My reviews",
        data: await reviews.myReviews(deps, me(req), query, requestLocale(req)),
      }),
    },
    "GET /orders/:id/reviews": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Order reviews",
        data: await reviews.orderReviews(deps, me(req), params.id, requestLocale(req)),
      }),
    },
    "POST /reviews": {
      preValidation: requireAuth,
      handler: async (_, req) => {
        const { fields, files } = await readReviewForm(req);
        const body = parseFields(reviewBody, fields);
        const review = await reviews.createReview(deps, me(req), body, files);
        return { message: REVIEW_MESSAGES.created, data: { review } };
      },
    },
    "PUT /reviews/:id": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => {
        const { fields, files } = await readReviewForm(req);
        const body = parseFields(reviewUpdateBody, fields);
        const review = await reviews.updateReview(deps, me(req), params.id, body, files);
        return { message: REVIEW_MESSAGES.updated, data: { review } };
      },
    },
    "DELETE /reviews/:id": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: REVIEW_MESSAGES.deleted,
        data: await reviews.deleteReview(deps, me(req), params.id),
      }),
    },
    "POST /reviews/:id/helpful": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: REVIEW_MESSAGES.voted,
        data: await reviews.voteHelpful(deps, me(req), params.id),
      }),
    },
    "POST /reviews/:id/report": {
      preValidation: requireAuth,
      handler: async ({ params, body }, req) => {
        const data = await reviews.reportReview(deps, me(req), params.id, body.reason);
        return { message: data.reported ? REVIEW_MESSAGES.reported : REVIEW_MESSAGES.alreadyReported, data };
      },
    },

    "GET /seller/reviews": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Reviews",
        data: await reviews.shopReviews(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "POST /seller/reviews/:id/reply": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: REVIEW_MESSAGES.replied,
        data: {
          review: await reviews.replyToReview(deps, sellerOf(req).shopId, params.id, body.reply, requestLocale(req)),
        },
      }),
    },

    "GET /admin/reviews": {
      preValidation: admin,
      handler: async ({ query }, req) => ({
        message: "Reviews",
        data: await reviews.adminReviews(deps, query, requestLocale(req)),
      }),
    },
    "POST /admin/reviews/:id/hide": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: REVIEW_MESSAGES.hidden,
        data: { review: await reviews.moderateReview(deps, me(req), params.id, "hide", requestLocale(req)) },
      }),
    },
    "POST /admin/reviews/:id/keep": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: REVIEW_MESSAGES.kept,
        data: { review: await reviews.moderateReview(deps, me(req), params.id, "keep", requestLocale(req)) },
      }),
    },
  });
};
