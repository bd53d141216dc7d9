import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";
import { refillRows } from "../search-index.ts";
import type { MigrationContext } from "./table.ts";

// The search index also holds colours, sizes, sub-category and description words (every language).
// An FTS5 table cannot gain columns, so SQLite's is made anew; both engines are refilled.
export function searchMigration({ pg }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (!pg) {
        await sql`drop table if exists product_search`.execute(db);
        await sql`create virtual table product_search using fts5(
          name, brand, shop, category, attributes, description,
          tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      }
      await refillRows(db as unknown as Kysely<Database>, pg);
    },
    async down() {},
  };
}
