import { z } from "zod";
import { idParams, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { optionalText, search, text } from "./fields.ts";

// The admin console. Catalogue structure: categories with sub-categories, brands, units, sizes, colours.
//
// Names in other languages keep the storefront's shape: the row's `i18n` column holds
// `{ "ar": { "name": "..." } }` (read by the server's `tr`); on the wire they are `translations`
// by locale code, and a blank translation falls back to the default name.

export const CATEGORY_NAME_MAX = 120;
export const BRAND_NAME_MAX = 120;
/** units, sizes and colours */
export const OPTION_NAME_MAX = 40;
export const CATALOG_SORT_MAX = 100_000;
/** A category, sub-category or brand image: checked by content. */
export const CATALOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The categories of one page of the admin tree; each comes with all its sub-categories. */
export const ADMIN_CATEGORIES_PER_PAGE = 50;

export const ADMIN_CATALOG_MESSAGES = {
  saved: "Saved.",
  created: "Created.",
  deleted: "Deleted.",
  moved: "Order changed.",
  movedAndDeleted: "Products moved and deleted.",
  imageSaved: "Image saved.",
  imageMissing: "Choose an image to upload.",
  imageTooLarge: "The image must not be greater than 2048 kilobytes.",
  imageBadType: "The image must be a file of type: jpg, png, webp.",
  nameTaken: "The name has already been taken.",
  colorCode: "The colour code must look like #1a2b3c.",
  moveTargetInvalid: "Choose another category to move the products to.",
  subCategoryOutside: "The selected sub-category does not belong to the selected category.",
} as const;

/** "This category holds 12 products. Move them to another category first." */
export const holdsProductsMessage = (what: "category" | "sub-category", count: number) =>
  `This ${what} holds ${count} product${count === 1 ? "" : "s"}. Move them to another category first.`;
/** "12 products use this brand. Remove it from them first." */
export const usedByProductsMessage = (what: "brand" | "unit" | "size" | "colour", count: number) =>
  `${count} product${count === 1 ? " uses" : "s use"} this ${what}. Remove it from them first.`;

const localeCode = z.string().regex(/^[a-z]{2,3}$/, "The language code is invalid.");

/** Names in the languages other than the default, by locale code; blank = the default name. */
const nameTranslations = (max: number) =>
  z.record(localeCode, z.object({ name: optionalText("name", max) }).strict()).default({});
const translationsOut = z.record(z.string(), z.object({ name: z.string().nullable() }));

const sort = z
  .number({ error: "The sort field must be a number." })
  .int("The sort field must be an integer.")
  .min(0, "The sort field must be at least 0.")
  .max(CATALOG_SORT_MAX, `The sort field must not be greater than ${CATALOG_SORT_MAX}.`);

// ---- categories and sub-categories ----

/** A category's or sub-category's form; a missing sort puts a new one last and keeps an edited one's place. */
export const adminCategoryBody = z
  .object({
    name: text("name", CATEGORY_NAME_MAX),
    translations: nameTranslations(CATEGORY_NAME_MAX),
    sort: sort.optional(),
  })
  .strict();
export type AdminCategoryBody = z.input<typeof adminCategoryBody>;

export const adminSubCategory = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  sort: z.number().int(),
  translations: translationsOut,
  /** every product filed under it, published or not */
  products_count: z.number().int(),
});
export type AdminSubCategory = z.infer<typeof adminSubCategory>;

export const adminCategory = adminSubCategory.omit({ category_id: true }).extend({
  sub_categories: z.array(adminSubCategory),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCategoriesQuery = z
  .object({ ...pageQuery, per_page: pageQuery.per_page.default(ADMIN_CATEGORIES_PER_PAGE) })
  .strict();

export const catalogMoveBody = z.object({ direction: z.enum(["up", "down"]) }).strict();
export type CatalogMoveBody = z.input<typeof catalogMoveBody>;

/**
 * Deleting a category or sub-category that holds products: where they go first. Without it, such a
 * delete answers 409 with the count.
 */
export const deleteCategoryQuery = z
  .object({
    move_to_category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    move_to_sub_category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type DeleteCategoryQuery = z.input<typeof deleteCategoryQuery>;

const deleted = z.object({ id: z.number().int(), moved_products: z.number().int() });

// ---- brands, units, sizes, colours ----

export const adminOptionsQuery = z.object({ ...pageQuery, search: search() }).strict();
export type AdminOptionsQuery = z.input<typeof adminOptionsQuery>;

export const adminBrandBody = z.object({ name: text("name", BRAND_NAME_MAX) }).strict();
export type AdminBrandBody = z.input<typeof adminBrandBody>;
export const adminBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  products_count: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrand>;

export const adminUnitBody = z
  .object({ name: text("name", OPTION_NAME_MAX), translations: nameTranslations(OPTION_NAME_MAX) })
  .strict();
export type AdminUnitBody = z.input<typeof adminUnitBody>;
export const adminUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: translationsOut,
  products_count: z.number().int(),
});
export type AdminUnit = z.infer<typeof adminUnit>;

export const adminSizeBody = z.object({ name: text("name", OPTION_NAME_MAX), sort: sort.optional() }).strict();
export type AdminSizeBody = z.input<typeof adminSizeBody>;
export const adminSize = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  products_count: z.number().int(),
});
export type AdminSize = z.infer<typeof adminSize>;

export const COLOR_CODE = /^#[0-9a-fA-F]{6}$/;
export const adminColorBody = z
  .object({
    name: text("name", OPTION_NAME_MAX),
    translations: nameTranslations(OPTION_NAME_MAX),
    color_code: text("colour code", 7)
      .regex(COLOR_CODE, ADMIN_CATALOG_MESSAGES.colorCode)
      .transform((v) => v.toLowerCase()),
  })
  .strict();
export type AdminColorBody = z.input<typeof adminColorBody>;
export const adminColor = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: translationsOut,
  color_code: z.string(),
  products_count: z.number().int(),
});
export type AdminColor = z.infer<typeof adminColor>;

const deletedId = z.object({ id: z.number().int() });
export const adminCatalogApi = endpoints({
  "GET /admin/categories": {
    query: adminCategoriesQuery,
    data: paginated(adminCategory),
  },
  "POST /admin/categories": { body: adminCategoryBody, data: adminCategory },
  "PUT /admin/categories/:id": { params: idParams, body: adminCategoryBody, data: adminCategory },
  /** multipart: `image` */
  "POST /admin/categories/:id/image": { params: idParams, form: true, data: adminCategory },
  "POST /admin/categories/:id/move": {
    params: idParams,
    body: catalogMoveBody,
    data: z.object({ id: z.number().int() }),
  },
  /** 409 with the count when it holds products and no target is given */
  "DELETE /admin/categories/:id": {
    params: idParams,
    query: deleteCategoryQuery,
    data: deleted,
    errors: ["conflict"],
  },
  "POST /admin/categories/:id/sub-categories": { params: idParams, body: adminCategoryBody, data: adminSubCategory },
  "PUT /admin/sub-categories/:id": { params: idParams, body: adminCategoryBody, data: adminSubCategory },
  /** multipart: `image` */
  "POST /admin/sub-categories/:id/image": { params: idParams, form: true, data: adminSubCategory },
  "POST /admin/sub-categories/:id/move": {
    params: idParams,
    body: catalogMoveBody,
    data: z.object({ id: z.number().int() }),
  },
  "DELETE /admin/sub-categories/:id": {
    params: idParams,
    query: deleteCategoryQuery,
    data: deleted,
    errors: ["conflict"],
  },

  "GET /admin/brands": { query: adminOptionsQuery, data: paginated(adminBrand) },
  "POST /admin/brands": { body: adminBrandBody, data: adminBrand },
  "PUT /admin/brands/:id": { params: idParams, body: adminBrandBody, data: adminBrand },
  /** multipart: `logo` */
  "POST /admin/brands/:id/logo": { params: idParams, form: true, data: adminBrand },
  "DELETE /admin/brands/:id": { params: idParams, data: deletedId, errors: ["conflict"] },

  "GET /admin/units": { query: adminOptionsQuery, data: paginated(adminUnit) },
  "POST /admin/units": { body: adminUnitBody, data: adminUnit },
  "PUT /admin/units/:id": { params: idParams, body: adminUnitBody, data: adminUnit },
  "DELETE /admin/units/:id": { params: idParams, data: deletedId, errors: ["conflict"] },

  "GET /admin/sizes": { query: adminOptionsQuery, data: paginated(adminSize) },
  "POST /admin/sizes": { body: adminSizeBody, data: adminSize },
  "PUT /admin/sizes/:id": { params: idParams, body: adminSizeBody, data: adminSize },
  "DELETE /admin/sizes/:id": { params: idParams, data: deletedId, errors: ["conflict"] },

  "GET /admin/colors": { query: adminOptionsQuery, data: paginated(adminColor) },
  "POST /admin/colors": { body: adminColorBody, data: adminColor },
  "PUT /admin/colors/:id": { params: idParams, body: adminColorBody, data: adminColor },
  "DELETE /admin/colors/:id": { params: idParams, data: deletedId, errors: ["conflict"] },
});
