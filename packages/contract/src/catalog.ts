import { z } from "zod";
import { idParam, idParams, money, pageQuery, paginated, queryFlag, textLang } from "./common.ts";
import { MAX_SEARCH_LENGTH, PRODUCT_SORTS } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import { search, text } from "./fields.ts";

export const subCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
});
export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  total_products: z.number().int(),
  sub_categories: z.array(subCategory),
});
export type Category = z.infer<typeof category>;
export type SubCategory = z.infer<typeof subCategory>;

export const brand = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), logo: z.string() });
export type Brand = z.infer<typeof brand>;

export const shopSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  rating: z.number(),
  estimated_delivery_time: z.string(),
  delivery_charge: money,
  /** false: the shop is closed and takes no orders */
  is_open: z.boolean(),
});
export type ShopSummary = z.infer<typeof shopSummary>;

export const shop = shopSummary.extend({
  banner: z.string(),
  description: z.string(),
  description_lang: textLang,
  address: z.string(),
  total_reviews: z.number().int(),
  total_products: z.number().int(),
  is_online: z.boolean(),
  created_at: z.string(),
});
export type Shop = z.infer<typeof shop>;

export const productSize = z.object({ id: z.number().int(), name: z.string(), price: money });
export const productColor = z.object({ id: z.number().int(), name: z.string(), color_code: z.string(), price: money });
export const productUnit = z.object({ id: z.number().int(), name: z.string() });

/** A running flash-sale price on a product, while its quantity cap is not sold out. */
export const productFlashSale = z.object({
  id: z.number().int(),
  name: z.string(),
  sale_price: money,
  quantity: z.number().int(),
  sold: z.number().int(),
  end_date: z.string(),
});

export const productCard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  price: money,
  /** 0 when the product has no discount; the running flash-sale price when there is one */
  discount_price: money,
  discount_percentage: z.number(),
  rating: z.number(),
  total_reviews: z.number().int(),
  total_sold: z.number().int(),
  /** units in stock over every variant */
  quantity: z.number().int(),
  sizes: z.array(productSize),
  colors: z.array(productColor),
  unit: productUnit.nullable(),
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  shop: shopSummary,
  flash_sale: productFlashSale.nullable(),
});
export type ProductCard = z.infer<typeof productCard>;

/** A size/colour pair of a product with its stock and what one unit of it costs now (as the cart charges). */
export const productVariant = z.object({
  size_id: z.number().int(),
  color_id: z.number().int(),
  stock: z.number().int(),
  price: money,
  /** 0 when there is no discount */
  discount_price: money,
  discount_percentage: z.number(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const reviewSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  /** percentage of reviews per star, keys "1" to "5" */
  percentages: z.record(z.string(), z.number()),
  /** number of reviews per star, keys "1" to "5" */
  counts: z.record(z.string(), z.number().int()),
});
export const reviewReply = z.object({ text: z.string(), created_at: z.string() });
export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  /** plain text: render as text, never as HTML */
  comment: z.string(),
  created_at: z.string(),
  user: z.object({ name: z.string(), profile_photo: z.string().nullable() }),
  /** written about a delivered order of the reviewer (seeded reviews are not) */
  verified_purchase: z.boolean(),
  /** photo URLs, at most REVIEW_PHOTOS_MAX */
  photos: z.array(z.string()),
  helpful_count: z.number().int(),
  /** the signed-in shopper marked it helpful (always false for visitors) */
  voted_helpful: z.boolean(),
  /** written by the signed-in shopper, who cannot vote for or report it (always false for visitors) */
  mine: z.boolean(),
  /** the shop's public answer */
  reply: reviewReply.nullable(),
  /** set when its author edited it */
  updated_at: z.string().nullable(),
});
export type Review = z.infer<typeof review>;

export const productDetails = productCard.extend({
  short_description: z.string(),
  short_description_lang: textLang,
  /** sanitised HTML */
  description: z.string(),
  description_lang: textLang,
  thumbnails: z.array(z.string()),
  /** every size/colour pair (0 = none) */
  variants: z.array(productVariant),
  vat: z.object({ name: z.string(), rate: z.number() }).nullable(),
  sub_category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  meta_title: z.string(),
  meta_description: z.string(),
  review_summary: reviewSummary,
  reviews: z.array(review),
});
export type ProductDetails = z.infer<typeof productDetails>;

export const productDetailsAnswer = z.object({
  product: productDetails,
  related_products: z.array(productCard),
  popular_products: z.array(productCard),
});

export const productSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof productSort>;

export const productQuery = z
  .object({
    ...pageQuery,
    search: search(),
    shop_id: idParam.optional(),
    category_id: idParam.optional(),
    sub_category_id: idParam.optional(),
    brand_id: idParam.optional(),
    color_id: idParam.optional(),
    size_id: idParam.optional(),
    rating: z.coerce.number().int().min(1).max(5).optional(),
    min_price: z.coerce.number().min(0).max(10_000_000).optional(),
    max_price: z.coerce.number().min(0).max(10_000_000).optional(),
    sort: productSort.optional(),
    /** 1: only products sold below their price (the Best Deals page) */
    discounted: queryFlag.optional(),
  })
  .strict();
export type ProductQuery = z.infer<typeof productQuery>;

export const productFilters = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sizes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  colors: z.array(z.object({ id: z.number().int(), name: z.string(), color_code: z.string() })),
  min_price: money,
  max_price: money,
});
export type ProductFilters = z.infer<typeof productFilters>;

export const productList = paginated(productCard).extend({ filters: productFilters });
export type ProductList = z.infer<typeof productList>;

export const flashSale = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type FlashSale = z.infer<typeof flashSale>;

export const flashSalesAnswer = z.object({ running: flashSale.nullable(), incoming: flashSale.nullable() });
export const flashSaleQuery = z.object({ ...pageQuery, category_id: idParam.optional() }).strict();
export const flashSaleDetails = z.object({
  flash_sale: flashSale,
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  products: paginated(productCard),
});

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  url: z.string(),
});

export const home = z.object({
  banners: z.array(banner),
  categories: z.array(category),
  flash_sale: flashSale.extend({ products: z.array(productCard) }).nullable(),
  popular_products: z.array(productCard),
  best_deals: z.array(productCard),
  new_arrivals: z.array(productCard),
  shops: z.array(shop),
});
export type Home = z.infer<typeof home>;

export const listQuery = z.object({ ...pageQuery }).strict();
export const shopsQuery = z.object({ ...pageQuery, search: search() }).strict();
export const shopDetails = z.object({
  shop: shop,
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const reviewsQuery = z
  .object({
    ...pageQuery,
    /** only reviews of this many stars */
    rating: z.coerce.number().int().min(1).max(5).optional(),
    sort: z.enum(REVIEW_SORTS, { error: "The selected sort is invalid." }).optional(),
    /** 1: only reviews with photos */
    photos: queryFlag.optional(),
  })
  .strict();
export type ReviewsQuery = z.input<typeof reviewsQuery>;
export const reviewsAnswer = z.object({ summary: reviewSummary, reviews: paginated(review) });

export const categoriesAnswer = z.object({ categories: z.array(category) });

/** Suggestions while typing: `q` bounded like a search, at most SUGGESTION_LIMIT of each kind. */
export const SUGGESTION_LIMIT = 5;
export const suggestionsQuery = z.object({ q: text("q", MAX_SEARCH_LENGTH) }).strict();
export const searchSuggestions = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), thumbnail: z.string() })),
  /** a category, or a sub-category (`sub_category_id`) of the category `slug` */
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      sub_category_id: z.number().int().nullable(),
    }),
  ),
  shops: z.array(z.object({ id: z.number().int(), name: z.string(), logo: z.string() })),
  /** the search with unknown words replaced by the closest indexed words, or null */
  did_you_mean: z.string().nullable(),
});
export type SearchSuggestions = z.infer<typeof searchSuggestions>;

export const brandsAnswer = z.object({
  brands: z.array(brand.extend({ total_products: z.number().int() })),
});
export type BrandWithCount = z.infer<typeof brandsAnswer>["brands"][number];

/** How many products `GET /products/cards` answers at most: a shopper's recently viewed. */
export const CARDS_MAX = 20;

/** Product ids, comma-separated, in the order their cards are wanted ("12,7,30"). */
export const cardsQuery = z
  .object({
    ids: z
      .string()
      .max(CARDS_MAX * 10)
      .regex(new RegExp(`^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,${CARDS_MAX - 1}}$`), {
        message: `The ids field must be up to ${CARDS_MAX} product ids separated by commas.`,
      })
      .transform((v) => [...new Set(v.split(",").map(Number))]),
  })
  .strict();

export const cardsAnswer = z.object({ products: z.array(productCard) });

export const catalogApi = endpoints({
  "GET /home": { data: home },
  "GET /categories": { data: categoriesAnswer },
  "GET /shops": { query: shopsQuery, data: paginated(shop) },
  "GET /shops/:id": { params: idParams, data: shopDetails },
  "GET /products": { query: productQuery, data: productList },
  "GET /products/cards": { query: cardsQuery, data: cardsAnswer },
  "GET /products/:id/details": { params: idParams, data: productDetailsAnswer },
  "GET /products/:id/reviews": { params: idParams, query: reviewsQuery, data: reviewsAnswer },
  "GET /most-popular": { query: listQuery, data: paginated(productCard) },
  "GET /best-deal": { query: listQuery, data: paginated(productCard) },
  "GET /flash-sales": { data: flashSalesAnswer },
  "GET /flash-sale/:id/details": { params: idParams, query: flashSaleQuery, data: flashSaleDetails },
  "GET /brands": { data: brandsAnswer },
  "GET /search/suggestions": { query: suggestionsQuery, data: searchSuggestions },
});
