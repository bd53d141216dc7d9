import { type RawBuilder, sql } from "kysely";

/**
 * A product the storefront lists and a cart may order: published by its seller, approved by the
 * operator (moderation), of an active shop (not pending, rejected or suspended). The one home of
 * this rule for every repository that reads products for shoppers. `alias`: the products table's
 * alias in the query, or none when its columns are unqualified.
 */
export function listedProduct(alias?: string, { shopIndex = true } = {}): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(alias ? `${alias}.${c}` : c);
  // `+shop_id` is the same test, which no index on shop_id can serve: for a query that should walk
  // an index in order from (is_active, moderation) rather than pick its rows by shop and sort them.
  const shop = shopIndex ? col("shop_id") : sql`+${col("shop_id")}`;
  return sql<boolean>`(${col("is_active")} = 1 and ${col("moderation")} = 'approved' and ${shop} in (select id from shops where status = 'active'))`;
}

/** `listedProduct` as 1 or 0 in a select list (a boolean answers 1/0 on SQLite, true/false on PostgreSQL). */
export const listedFlag = (alias?: string): RawBuilder<number> =>
  sql<number>`case when ${listedProduct(alias)} then 1 else 0 end`;
