import { indexesMigration, keepingStatistics } from "./table.ts";

// A product page's related products (its category's best rated, `relatedProductIds`) walk this
// index in their order and stop after ten, where they sorted the category's listed products in a
// temporary B-tree: on bench:scale's data set the product page took 0.4-0.65 ms less on SQLite and
// 0.15-0.4 ms less on PostgreSQL, and no other path changed. It starts with `category_id`, not with
// `is_active, moderation` like the indexes of 020: with those first, both planners chose it for other
// queries and home or the lists got slower (docs/decisions.md, "Read path without the cache").
export const relatedIndexMigration = keepingStatistics(
  "products",
  indexesMigration([["products_category_rating", "products", ["category_id", "rating desc", "id"]]]),
);
