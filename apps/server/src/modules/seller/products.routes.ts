import { PRODUCT_LIMITS, SELLER_PRODUCT_MESSAGES, sellerProductsApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { localizeMessage } from "../../lib/messages.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import { lowStock, movements } from "../stock/stock.service.ts";
import { registerResizeJob } from "./product-images.ts";
import * as products from "./products.service.ts";

/** The Seller Centre's catalogue: products, variants, images, stock; only the shop acted for. */
export const sellerProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  registerResizeJob(deps); // an uploaded image's widths are written by a job
  const seller = requireSellerArea("products");
  const who = (req: Parameters<typeof sellerOf>[0]) => ({ shopId: sellerOf(req).shopId, userId: currentUser(req).id });

  registerRoutes(app, sellerProductsApi, {
    "GET /seller/products": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Products",
        data: await products.listProducts(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "GET /seller/product-options": {
      preValidation: seller,
      handler: async (_, req) => ({
        message: "Product options",
        data: await products.formOptions(deps, requestLocale(req)),
      }),
    },
    "GET /seller/products/:id": {
      preValidation: seller,
      handler: async ({ params }, req) => ({
        message: "Product",
        data: { product: await products.getProduct(deps, sellerOf(req).shopId, params.id) },
      }),
    },
    "POST /seller/products": {
      preValidation: seller,
      handler: async ({ body }, req) => ({
        message: SELLER_PRODUCT_MESSAGES.saved,
        data: { product: await products.saveProduct(deps, who(req), null, body) },
      }),
    },
    "PUT /seller/products/:id": {
      preValidation: seller,
      handler: async ({ params, body }, req) => ({
        message: SELLER_PRODUCT_MESSAGES.saved,
        data: { product: await products.saveProduct(deps, who(req), params.id, body) },
      }),
    },
    "POST /seller/products/bulk": {
      preValidation: seller,
      handler: async ({ body }, req) => {
        const { changed, skipped } = await products.bulkAction(deps, sellerOf(req).shopId, body);
        // Why a product was skipped is said in the seller's language, as the answer's message is.
        const locale = requestLocale(req);
        return {
          message: body.action === "delete" ? SELLER_PRODUCT_MESSAGES.deleted : SELLER_PRODUCT_MESSAGES.saved,
          data: { changed, skipped: skipped.map((s) => ({ ...s, reason: localizeMessage(s.reason, locale) })) },
        };
      },
    },
    "POST /seller/product-images": {
      preValidation: seller,
      // The form's own limit (8 MB) instead of the app-wide photo limit.
      bodyLimit: PRODUCT_LIMITS.imageBytes + 64 * 1024,
      handler: async (_, req) => {
        const { files } = await readMultipartForm(req, {
          fileField: (name) => name === "image",
          errorField: "image",
          maxFiles: 1,
          maxBytes: PRODUCT_LIMITS.imageBytes,
          tooMany: "Only one file, image, may be sent.",
          tooLarge: SELLER_PRODUCT_MESSAGES.imageTooLarge,
        });
        return { message: "Image uploaded", data: await products.uploadProductImage(deps, files[0]) };
      },
    },
    "GET /seller/stock/low": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Low stock",
        data: await lowStock(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "GET /seller/stock/movements": {
      preValidation: seller,
      handler: async ({ query }, req) => ({
        message: "Stock movements",
        data: await movements(deps, sellerOf(req).shopId, query, requestLocale(req)),
      }),
    },
    "PUT /seller/stock": {
      preValidation: seller,
      handler: async ({ body }, req) => ({
        message: SELLER_PRODUCT_MESSAGES.stockSaved,
        data: await products.restockVariant(deps, who(req), body),
      }),
    },
  });
};
