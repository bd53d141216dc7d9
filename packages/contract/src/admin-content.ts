import { z } from "zod";
import { idParam, idParams, noControlChars, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { id, oneOf, optionalText, search, text } from "./fields.ts";
import { footerItemType } from "./settings.ts";

// The admin console. Storefront content: banners, navbar menu items, footer sections, static pages, blog posts and blog categories.
// Texts: the base fields are the default language's (English); `translations` holds the other
// shipped languages by locale code, each field optional (missing = the English text is shown).

export const ADMIN_CONTENT_LIMITS = {
  title: 200,
  subtitle: 300,
  url: 500,
  menuName: 60,
  menuTitle: 120,
  footerTitle: 120,
  footerItemTitle: 300,
  slug: 140,
  excerpt: 600,
  /** rich-text HTML, before sanitising */
  body: 100_000,
  tag: 40,
  maxTags: 20,
  categoryName: 120,
  /** bounded lists: a storefront shows a handful of each */
  maxBanners: 50,
  maxMenus: 30,
  maxFooters: 12,
  maxFooterItems: 30,
  maxBlogCategories: 100,
  imageBytes: 4 * 1024 * 1024,
} as const;

export const ADMIN_CONTENT_MESSAGES = {
  saved: "Saved.",
  deleted: "Deleted.",
  moved: "Order changed.",
  imageUploaded: "Image uploaded.",
  imageTooLarge: "The image must not be greater than 4 MB.",
  imageBadType: "The image must be a file of type: jpg, png, webp.",
  imageMissing: "Choose an image to upload.",
  /** an image URL that is neither an upload of this console nor the record's current image */
  imageNotIssued: "The image must be one uploaded here.",
  slugTaken: "This slug is already used.",
  publishedInFuture: "The published date cannot be in the future.",
  tooMany: "The list is full: delete an entry first.",
  categoryHasPosts: "This category still holds posts: move or delete them first.",
  endsBeforeStart: "The end must be after the start.",
  urlRequired: "The link field is required.",
} as const;

/** A locale code of a shipped language ("ar", "fr"). */
const localeKey = z.string().regex(/^[a-z]{2,3}$/, "The language code is invalid.");
const translations = <S extends z.ZodRawShape>(shape: S) => z.record(localeKey, z.object(shape)).default({});

/** A link: a path on this site ("/shops") or an http(s), mailto: or tel: address. */
const LINK = /^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i;
const linkText = (label: string) =>
  text(label, ADMIN_CONTENT_LIMITS.url).refine(
    (v) => LINK.test(v),
    `The ${label} field must start with /, http://, https://, mailto: or tel:.`,
  );
const optionalLink = (label: string) =>
  optionalText(label, ADMIN_CONTENT_LIMITS.url).refine(
    (v) => v === null || LINK.test(v),
    `The ${label} field must start with /, http://, https://, mailto: or tel:.`,
  );
export const CONTENT_LINK_TARGETS = ["_self", "_blank"] as const;
const target = oneOf("target", CONTENT_LINK_TARGETS, "The selected target is invalid.");
/** An image URL as uploaded by POST /admin/content-images (or kept from the record). */
const imageUrl = (label: string) => text(label, ADMIN_CONTENT_LIMITS.url);
/** An ISO date-time or nothing; the form sends its local time converted to ISO. */
const optionalInstant = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, message: `The ${label} field must be a date and time.` }), z.null()])
    .optional()
    .transform((v) => v ?? null);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = text("slug", ADMIN_CONTENT_LIMITS.slug).regex(
  SLUG,
  "The slug field may hold only lower-case letters, digits and single dashes.",
);
const html = (label: string) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .max(
      ADMIN_CONTENT_LIMITS.body,
      `The ${label} field must not be greater than ${ADMIN_CONTENT_LIMITS.body} characters.`,
    )
    .check(noControlChars(label));

export const contentMoveBody = z.object({ direction: oneOf("direction", ["up", "down"] as const) }).strict();

const translationsOut = z.record(z.string(), z.record(z.string(), z.string()));

// ---- images ----

export const contentImageData = z.object({ url: z.string() });

// ---- banners ----

export const adminBannerBody = z
  .object({
    title: text("title", ADMIN_CONTENT_LIMITS.title),
    subtitle: optionalText("subtitle", ADMIN_CONTENT_LIMITS.subtitle),
    translations: translations({
      title: optionalText("title", ADMIN_CONTENT_LIMITS.title),
      subtitle: optionalText("subtitle", ADMIN_CONTENT_LIMITS.subtitle),
    }),
    image: imageUrl("image"),
    url: linkText("link"),
    starts_at: optionalInstant("start"),
    ends_at: optionalInstant("end"),
  })
  .strict()
  .refine((b) => !b.starts_at || !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at), {
    message: ADMIN_CONTENT_MESSAGES.endsBeforeStart,
    path: ["ends_at"],
  });
export type AdminBannerBody = z.input<typeof adminBannerBody>;

export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  translations: translationsOut,
  image: z.string(),
  url: z.string(),
  sort: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** shown on the storefront now (inside its window) */
  live: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannersData = z.object({ banners: z.array(adminBanner) });
export const adminBannerData = z.object({ banner: adminBanner });

// ---- navbar menu items and footer sections ----

export const adminMenuBody = z
  .object({
    name: text("name", ADMIN_CONTENT_LIMITS.menuName),
    title: text("title", ADMIN_CONTENT_LIMITS.menuTitle),
    translations: translations({ title: optionalText("title", ADMIN_CONTENT_LIMITS.menuTitle) }),
    url: linkText("link"),
    target,
    is_external: z.boolean({ error: "The external field must be true or false." }),
  })
  .strict();
export type AdminMenuBody = z.input<typeof adminMenuBody>;

export const adminMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  translations: translationsOut,
  url: z.string(),
  target: z.string(),
  is_external: z.boolean(),
  sort: z.number().int(),
});
export type AdminMenu = z.infer<typeof adminMenu>;

export const adminFooterBody = z
  .object({
    title: text("title", ADMIN_CONTENT_LIMITS.footerTitle),
    translations: translations({ title: optionalText("title", ADMIN_CONTENT_LIMITS.footerTitle) }),
  })
  .strict();
export type AdminFooterBody = z.input<typeof adminFooterBody>;

/** Which footer item types carry a url (logo: the image; phone: tel:; email: mailto:; link) and a target (link). */
export const FOOTER_ITEM_URL_TYPES = ["logo", "phone", "email", "link"] as const;
export const FOOTER_ITEM_TYPES = [
  "logo",
  "text",
  "phone",
  "email",
  "social_links",
  "app_store",
  "link",
] as const satisfies readonly z.infer<typeof footerItemType>[];

export const adminFooterItemBody = z
  .object({
    type: oneOf("type", FOOTER_ITEM_TYPES, "The selected type is invalid."),
    title: text("title", ADMIN_CONTENT_LIMITS.footerItemTitle),
    translations: translations({ title: optionalText("title", ADMIN_CONTENT_LIMITS.footerItemTitle) }),
    url: optionalLink("link"),
    target: target.nullish().transform((v) => v ?? null),
  })
  .strict()
  .refine((b) => b.type !== "link" || b.url !== null, { message: ADMIN_CONTENT_MESSAGES.urlRequired, path: ["url"] });
export type AdminFooterItemBody = z.input<typeof adminFooterItemBody>;

export const adminFooterItem = z.object({
  id: z.number().int(),
  footer_id: z.number().int(),
  type: footerItemType,
  title: z.string(),
  translations: translationsOut,
  url: z.string().nullable(),
  target: z.string().nullable(),
  sort: z.number().int(),
});
export type AdminFooterItem = z.infer<typeof adminFooterItem>;
export const adminFooter = z.object({
  id: z.number().int(),
  title: z.string(),
  translations: translationsOut,
  sort: z.number().int(),
  items: z.array(adminFooterItem),
});
export type AdminFooter = z.infer<typeof adminFooter>;

export const adminMenusData = z.object({ menus: z.array(adminMenu), footers: z.array(adminFooter) });

// ---- static pages ----

export const adminPageBody = z
  .object({
    slug,
    title: text("title", ADMIN_CONTENT_LIMITS.title),
    /** rich-text HTML; sanitised once when saved */
    body: html("body"),
    translations: translations({
      title: optionalText("title", ADMIN_CONTENT_LIMITS.title),
      body: html("body").optional(),
    }),
  })
  .strict();
export type AdminPageBody = z.input<typeof adminPageBody>;

export const adminPageRow = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export const adminPage = adminPageRow.extend({ body: z.string(), translations: translationsOut });
export type AdminPage = z.infer<typeof adminPage>;
export const adminPageData = z.object({ page: adminPage });
export const adminPagesQuery = z.object({ ...pageQuery, search: search() }).strict();

// ---- blog ----

export const adminBlogCategoryBody = z
  .object({
    name: text("name", ADMIN_CONTENT_LIMITS.categoryName),
    translations: translations({ name: optionalText("name", ADMIN_CONTENT_LIMITS.categoryName) }),
  })
  .strict();
export type AdminBlogCategoryBody = z.input<typeof adminBlogCategoryBody>;
export const adminBlogCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  translations: translationsOut,
  total_posts: z.number().int(),
});
export type AdminBlogCategory = z.infer<typeof adminBlogCategory>;
export const adminBlogCategoriesData = z.object({ categories: z.array(adminBlogCategory) });

export const adminBlogPostBody = z
  .object({
    category_id: id("category", "The selected category is invalid."),
    slug,
    title: text("title", ADMIN_CONTENT_LIMITS.title),
    excerpt: text("excerpt", ADMIN_CONTENT_LIMITS.excerpt),
    body: html("body"),
    translations: translations({
      title: optionalText("title", ADMIN_CONTENT_LIMITS.title),
      excerpt: optionalText("excerpt", ADMIN_CONTENT_LIMITS.excerpt),
      body: html("body").optional(),
    }),
    thumbnail: imageUrl("thumbnail"),
    tags: z.array(text("tag", ADMIN_CONTENT_LIMITS.tag)).max(ADMIN_CONTENT_LIMITS.maxTags).default([]),
    published_at: z.iso.datetime({ offset: true, message: "The published date field must be a date and time." }),
  })
  .strict();
export type AdminBlogPostBody = z.input<typeof adminBlogPostBody>;

export const adminBlogPostRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  thumbnail: z.string(),
  published_at: z.string(),
});
export const adminBlogPost = adminBlogPostRow.extend({
  category_id: z.number().int(),
  excerpt: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  translations: translationsOut,
});
export type AdminBlogPost = z.infer<typeof adminBlogPost>;
export const adminBlogPostData = z.object({ post: adminBlogPost });
export const adminBlogPostsQuery = z
  .object({ ...pageQuery, search: search(), category_id: idParam.optional() })
  .strict();

export const adminContentApi = endpoints({
  /** multipart: one `image` file (jpg, png, webp); answers its URL for a banner, logo or thumbnail */
  "POST /admin/content-images": { form: true, data: contentImageData },

  "GET /admin/banners": { data: adminBannersData },
  "POST /admin/banners": { body: adminBannerBody, data: adminBannerData },
  "PUT /admin/banners/:id": { params: idParams, body: adminBannerBody, data: adminBannerData },
  "DELETE /admin/banners/:id": { params: idParams, data: z.null() },
  "POST /admin/banners/:id/move": { params: idParams, body: contentMoveBody, data: adminBannersData },

  /** navbar items and footer sections with their items */
  "GET /admin/menus": { data: adminMenusData },
  "POST /admin/menus": { body: adminMenuBody, data: adminMenu },
  "PUT /admin/menus/:id": { params: idParams, body: adminMenuBody, data: adminMenu },
  "DELETE /admin/menus/:id": { params: idParams, data: z.null() },
  "POST /admin/menus/:id/move": { params: idParams, body: contentMoveBody, data: adminMenusData },
  "POST /admin/footers": { body: adminFooterBody, data: adminFooter },
  "PUT /admin/footers/:id": { params: idParams, body: adminFooterBody, data: adminFooter },
  "DELETE /admin/footers/:id": { params: idParams, data: z.null() },
  "POST /admin/footers/:id/move": { params: idParams, body: contentMoveBody, data: adminMenusData },
  "POST /admin/footers/:id/items": { params: idParams, body: adminFooterItemBody, data: adminFooterItem },
  "PUT /admin/footer-items/:id": { params: idParams, body: adminFooterItemBody, data: adminFooterItem },
  "DELETE /admin/footer-items/:id": { params: idParams, data: z.null() },
  "POST /admin/footer-items/:id/move": { params: idParams, body: contentMoveBody, data: adminMenusData },

  "GET /admin/pages": { query: adminPagesQuery, data: paginated(adminPageRow) },
  "GET /admin/pages/:id": { params: idParams, data: adminPageData },
  "POST /admin/pages": { body: adminPageBody, data: adminPageData },
  "PUT /admin/pages/:id": { params: idParams, body: adminPageBody, data: adminPageData },
  "DELETE /admin/pages/:id": { params: idParams, data: z.null() },

  "GET /admin/blog-posts": { query: adminBlogPostsQuery, data: paginated(adminBlogPostRow) },
  "GET /admin/blog-posts/:id": { params: idParams, data: adminBlogPostData },
  "POST /admin/blog-posts": { body: adminBlogPostBody, data: adminBlogPostData },
  "PUT /admin/blog-posts/:id": { params: idParams, body: adminBlogPostBody, data: adminBlogPostData },
  "DELETE /admin/blog-posts/:id": { params: idParams, data: z.null() },
  "GET /admin/blog-categories": { data: adminBlogCategoriesData },
  "POST /admin/blog-categories": { body: adminBlogCategoryBody, data: adminBlogCategoriesData },
  "PUT /admin/blog-categories/:id": { params: idParams, body: adminBlogCategoryBody, data: adminBlogCategoriesData },
  "DELETE /admin/blog-categories/:id": {
    params: idParams,
    data: adminBlogCategoriesData,
    errors: ["conflict"],
  },
});
