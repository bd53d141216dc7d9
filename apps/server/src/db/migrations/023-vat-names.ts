import type { Kysely, Migration } from "kysely";

// A tax's name in other languages ({ "ar": { "name": "…" } }), as the other named rows keep theirs:
// checkout, the product page and the order page name the tax in the shopper's language.
export const vatNamesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("vat_taxes")
      .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("vat_taxes").dropColumn("i18n").execute();
  },
});
