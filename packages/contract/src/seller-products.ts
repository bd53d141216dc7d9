import { z } from "zod";
import { PRODUCT_MODERATIONS } from "./admin-marketplace.ts";
import { idParams, noControlChars, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { blankNumber, flag, id, oneOf, optionalId, optionalText, search, text } from "./fields.ts";

// The Seller Centre's catalogue: products, their variants and images, stock and CSV import/export.
// Money in forms and answers is in major units with at most two decimals, as everywhere on the wire.

export const PRODUCT_LIMITS = {
  name: 200,
  shortDescription: 500,
  /** rich-text HTML, before sanitising */
  description: 50_000,
  metaTitle: 200,
  metaDescription: 500,
  sku: 64,
  maxPrice: 10_000_000,
  maxStock: 1_000_000,
  maxOptions: 30,
  maxVariants: 900,
  maxImages: 10,
  /** an uploaded image, before resizing */
  imageBytes: 8 * 1024 * 1024,
} as const;

export const SELLER_PRODUCT_MESSAGES = {
  /** 422 on `add` from PUT /seller/stock */
  restockOverMax: `With these units the stock would pass ${PRODUCT_LIMITS.maxStock}.`,
  saved: "Product saved.",
  deleted: "Products deleted.",
  discountBelowPrice: "The discount price must be lower than the price.",
  priceAboveSalePrice: "While the product is in a flash sale, its price must stay above the sale price.",
  variantGrid: "Every size and colour pair needs one row of stock.",
  subCategoryOfCategory: "The selected sub category is not in this category.",
  hasOrders: "Products that have been ordered cannot be deleted; unpublish them instead.",
  imageType: "The image must be a JPEG, PNG or WebP file.",
  imageTooLarge: "The image may not be greater than 8 MB.",
  skuTaken: "This SKU is already used by another product of your shop.",
  skuRepeated: "The SKU field must differ from the other sizes and colours of this product.",
  /** an image URL that is neither an upload this server issued nor one the product already shows */
  imageNotIssued: "The image must be one uploaded for this product.",
  stockSaved: "Stock saved.",
} as const;

const priceField = (label: string) =>
  z
    .number({
      error: (iss) =>
        blankNumber(iss.input) ? `The ${label} field is required.` : `The ${label} field must be a number.`,
    })
    .min(0, `The ${label} field must be at least 0.`)
    .max(PRODUCT_LIMITS.maxPrice, `The ${label} field must not be greater than ${PRODUCT_LIMITS.maxPrice}.`)
    .multipleOf(0.01, `The ${label} field must have at most two decimals.`);

const stockField = z
  .number({
    error: (iss) => (blankNumber(iss.input) ? "The stock field is required." : "The stock field must be a number."),
  })
  .int("The stock field must be an integer.")
  .min(0, "The stock field must be at least 0.")
  .max(PRODUCT_LIMITS.maxStock, `The stock field must not be greater than ${PRODUCT_LIMITS.maxStock}.`);

/** Name and texts in one more shipped language (the base texts are the default language's). */
export const productTranslation = z.object({
  name: optionalText("name", PRODUCT_LIMITS.name),
  short_description: optionalText("short description", PRODUCT_LIMITS.shortDescription),
  description: z.string().max(PRODUCT_LIMITS.description).check(noControlChars("description")).optional().default(""),
});

export const productOption = z.object({ id: id("option"), surcharge: priceField("surcharge") });

export const productVariantInput = z.object({
  /** 0 = the product has no sizes */
  size_id: z.number().int().min(0),
  /** 0 = the product has no colours */
  color_id: z.number().int().min(0),
  stock: stockField,
  sku: optionalText("SKU", PRODUCT_LIMITS.sku),
});

/** Create or edit a product: the same schema validates the Seller Centre's form and the server. */
export const productBody = z
  .object({
    name: text("name", PRODUCT_LIMITS.name),
    short_description: optionalText("short description", PRODUCT_LIMITS.shortDescription),
    /** rich-text HTML; sanitised once when saved */
    description: z.string().max(PRODUCT_LIMITS.description).check(noControlChars("description")).default(""),
    /** per shipped language other than the default, by locale code ("ar", "fr") */
    translations: z.record(z.string().min(2).max(10), productTranslation).default({}),
    category_id: id("category"),
    sub_category_id: optionalId("sub category"),
    brand_id: optionalId("brand"),
    unit_id: optionalId("unit"),
    vat_tax_id: optionalId("VAT"),
    price: priceField("price").refine((v) => v > 0, "The price field must be greater than 0."),
    /** 0 = no discount */
    discount_price: priceField("discount price").default(0),
    sizes: z.array(productOption).max(PRODUCT_LIMITS.maxOptions).default([]),
    colors: z.array(productOption).max(PRODUCT_LIMITS.maxOptions).default([]),
    /** one row per size × colour pair (or one row with 0/0 when the product has neither) */
    variants: z.array(productVariantInput).min(1, SELLER_PRODUCT_MESSAGES.variantGrid).max(PRODUCT_LIMITS.maxVariants),
    /** image URLs from POST /seller/product-images, in order: the first is the thumbnail */
    images: z.array(z.string().max(300)).max(PRODUCT_LIMITS.maxImages).default([]),
    meta_title: optionalText("SEO title", PRODUCT_LIMITS.metaTitle),
    meta_description: optionalText("SEO description", PRODUCT_LIMITS.metaDescription),
    is_active: flag("published"),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.discount_price !== 0 && p.discount_price >= p.price)
      ctx.addIssue({ code: "custom", message: SELLER_PRODUCT_MESSAGES.discountBelowPrice, path: ["discount_price"] });
    const skus = new Set<string>();
    for (const [i, v] of p.variants.entries()) {
      if (v.sku === null) continue;
      if (skus.has(v.sku))
        ctx.addIssue({ code: "custom", message: SELLER_PRODUCT_MESSAGES.skuRepeated, path: ["variants", i, "sku"] });
      skus.add(v.sku);
    }
  });
export type ProductBody = z.input<typeof productBody>;
export type ProductInput = z.output<typeof productBody>;

export const SELLER_PRODUCT_SORTS = ["newest", "oldest", "name", "price_asc", "price_desc", "stock_asc"] as const;

export const sellerProductsQuery = z
  .object({
    ...pageQuery,
    /** name or SKU */
    search: search(),
    category_id: z.coerce.number().int().positive().optional(),
    status: z.enum(["published", "draft"]).optional(),
    /** low: at or under the shop's low-stock threshold (and above 0) */
    stock: z.enum(["in", "low", "out"]).optional(),
    sort: z.enum(SELLER_PRODUCT_SORTS).default("newest"),
  })
  .strict();
export type SellerProductsQuery = z.input<typeof sellerProductsQuery>;

export const sellerProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  category: z.string(),
  price: z.number(),
  discount_price: z.number(),
  /** all variants together */
  stock: z.number().int(),
  is_active: z.boolean(),
  /** the operator's review: "pending" waits for approval, "rejected" is off the storefront */
  moderation: z.enum(PRODUCT_MODERATIONS),
  /** why the operator rejected or unpublished it */
  moderation_reason: z.string().nullable(),
  total_sold: z.number().int(),
  updated_at: z.string(),
});
export type SellerProductRow = z.infer<typeof sellerProductRow>;

export const sellerProductsData = z.object({
  products: paginated(sellerProductRow),
  low_stock_threshold: z.number().int(),
});

/** The edit form's values as saved (description sanitised), plus what the form shows beside them. */
export const sellerProductDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** the storefront page of the product */
  url: z.string(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string(),
  translations: z.record(
    z.string(),
    z.object({ name: z.string().nullable(), short_description: z.string().nullable(), description: z.string() }),
  ),
  category_id: z.number().int(),
  sub_category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  vat_tax_id: z.number().int().nullable(),
  price: z.number(),
  discount_price: z.number(),
  sizes: z.array(z.object({ id: z.number().int(), surcharge: z.number() })),
  colors: z.array(z.object({ id: z.number().int(), surcharge: z.number() })),
  variants: z.array(
    z.object({
      size_id: z.number().int(),
      color_id: z.number().int(),
      stock: z.number().int(),
      sku: z.string().nullable(),
    }),
  ),
  images: z.array(z.string()),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  is_active: z.boolean(),
  moderation: z.enum(PRODUCT_MODERATIONS),
  moderation_reason: z.string().nullable(),
});
export type SellerProductDetail = z.infer<typeof sellerProductDetail>;
export const sellerProductData = z.object({ product: sellerProductDetail });

/** The choices of the product form: the marketplace's categories, brands, units, VAT, sizes, colours, languages. */
const choice = z.object({ id: z.number().int(), name: z.string() });
export const productFormOptionsData = z.object({
  categories: z.array(choice.extend({ sub_categories: z.array(choice) })),
  brands: z.array(choice),
  units: z.array(choice),
  vat_taxes: z.array(choice.extend({ rate: z.number() })),
  sizes: z.array(choice),
  colors: z.array(choice.extend({ color_code: z.string() })),
  /** shipped languages other than the default, for the translation tabs */
  languages: z.array(z.object({ code: z.string(), name: z.string(), direction: z.enum(["ltr", "rtl"]) })),
});
export type ProductFormOptions = z.infer<typeof productFormOptionsData>;

export const SELLER_BULK_ACTIONS = ["publish", "unpublish", "delete", "category"] as const;
export const sellerBulkBody = z
  .object({
    ids: z.array(id("product")).min(1, "Choose at least one product.").max(500),
    action: oneOf("action", SELLER_BULK_ACTIONS),
    /** for "category" */
    category_id: optionalId("category"),
    sub_category_id: optionalId("sub category"),
  })
  .strict()
  .refine((b) => b.action !== "category" || b.category_id != null, {
    message: "The category field is required.",
    path: ["category_id"],
  });
export type SellerBulkBody = z.input<typeof sellerBulkBody>;
/** `skipped`: products left as they were, e.g. ordered products a delete cannot remove */
export const sellerBulkData = z.object({
  changed: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});

export const productImageData = z.object({
  /** the largest width; the others differ only in the width suffix (see srcSetOf on the web) */
  url: z.string(),
  srcset: z.string(),
});

export const STOCK_REASONS = ["order", "cancel", "return", "edit", "import", "restock"] as const;
export const stockMovement = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  change: z.number().int(),
  stock_after: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  /** the order code for order and cancel */
  ref: z.string().nullable(),
  /** who made the change */
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;
export const stockMovementsQuery = z
  .object({
    ...pageQuery,
    product_id: z.coerce.number().int().positive().optional(),
    reason: z.enum(STOCK_REASONS).optional(),
  })
  .strict();
export const lowStockRow = z.object({
  product_id: z.number().int(),
  size_id: z.number().int(),
  color_id: z.number().int(),
  product_name: z.string(),
  thumbnail: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string().nullable(),
  stock: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;
export const lowStockData = z.object({ threshold: z.number().int(), rows: paginated(lowStockRow) });
/** One variant's new stock, set from the stock page (logged as an edit, as the product form's). */
export const restockBody = z
  .object({
    product_id: id("product"),
    size_id: productVariantInput.shape.size_id,
    color_id: productVariantInput.shape.color_id,
    /** units received, added to what is in stock (orders taken meanwhile stay taken) */
    add: z
      .number({
        error: (iss) => (blankNumber(iss.input) ? "The add field is required." : "The add field must be a number."),
      })
      .int("The add field must be an integer.")
      .min(1, "The add field must be at least 1.")
      .max(PRODUCT_LIMITS.maxStock, `The add field must not be greater than ${PRODUCT_LIMITS.maxStock}.`),
  })
  .strict();
export type RestockBody = z.infer<typeof restockBody>;
export const restockData = z.object({ stock: z.number().int() });

export const sellerProductsApi = endpoints({
  "GET /seller/products": { query: sellerProductsQuery, data: sellerProductsData },
  "GET /seller/product-options": { data: productFormOptionsData },
  "GET /seller/products/:id": { params: idParams, data: sellerProductData },
  "POST /seller/products": { body: productBody, data: sellerProductData },
  "PUT /seller/products/:id": { params: idParams, body: productBody, data: sellerProductData },
  "POST /seller/products/bulk": { body: sellerBulkBody, data: sellerBulkData },
  /** multipart: one `image` file (JPEG, PNG or WebP); stored as WebP in PRODUCT_IMAGE_WIDTHS */
  "POST /seller/product-images": { form: true, data: productImageData },
  "GET /seller/stock/low": { query: z.object({ ...pageQuery }).strict(), data: lowStockData },
  "GET /seller/stock/movements": { query: stockMovementsQuery, data: paginated(stockMovement) },
  "PUT /seller/stock": { body: restockBody, data: restockData },
});
