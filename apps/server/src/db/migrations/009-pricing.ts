import type { Kysely } from "kysely";

// A cart line remembers how many of its units the shopper last saw at a flash-sale price, so a
// sale running out under it is told before the order is placed rather than charged silently.
export function pricingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("carts")
        .addColumn("sale_quantity_at_add", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("carts").dropColumn("sale_quantity_at_add").execute();
    },
  };
}
