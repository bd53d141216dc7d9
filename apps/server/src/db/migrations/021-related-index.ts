import { type Kysely, type Migration, sql } from "kysely";
import { indexesMigration } from "./020-scale-indexes.ts";
import type { MigrationContext } from "./table.ts";

/**
 * `migration`, then on SQLite an ANALYZE of `table` where one was run before: SQLite keeps planner
 * statistics only after an ANALYZE, and a planner that knows every index of a table but a new one
 * chooses worse plans.
 */
export function keepingStatistics(table: string, migration: Migration) {
  return ({ pg }: MigrationContext) => ({
    ...migration,
    async up(db: Kysely<unknown>) {
      await migration.up(db);
      if (pg) return;
      const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      if (rows.length > 0) await sql`analyze ${sql.table(table)}`.execute(db);
    },
  });
}

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
