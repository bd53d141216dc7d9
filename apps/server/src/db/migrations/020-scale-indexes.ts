import { indexesMigration } from "./table.ts";

// Indexes found with `npm run bench:scale` (10,000 products, 100,000 orders; issue 18):
// - the storefront's unfiltered lists sorted by sales, date or views walk an index in that order
//   from the listed products (is_active, moderation) and stop at the page, instead of sorting all;
// - counts and filter facets of a list read one covering index instead of the wide product rows;
// - a shopper's and a shop's order lists come newest first from (user_id | shop_id, id), and the
//   seller dashboard's sales since a date from (shop_id, created_at).
const INDEXES: Parameters<typeof indexesMigration>[0] = [
  ["products_listed_top_selling", "products", ["is_active", "moderation", "total_sold", "id"]],
  ["products_listed_newest", "products", ["is_active", "moderation", "created_at", "id"]],
  ["products_listed_popular", "products", ["is_active", "moderation", "views", "rating", "id"]],
  [
    "products_listed_facets",
    "products",
    ["is_active", "moderation", "shop_id", "category_id", "brand_id", "price", "discount_price"],
  ],
  ["orders_user_id", "orders", ["user_id", "id"]],
  ["orders_shop_id", "orders", ["shop_id", "id"]],
  ["orders_shop_created", "orders", ["shop_id", "created_at"]],
];

export const scaleIndexesMigration = () => indexesMigration(INDEXES);
