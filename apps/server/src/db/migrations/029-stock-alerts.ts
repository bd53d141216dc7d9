import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// The shoppers waiting for a sold-out variant (one row per shopper and variant), found by the
// variant when its stock comes back.
export function stockAlertsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "stock_alerts")
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("product_id", "integer", (c) => c.notNull())
        .addColumn("size_id", "integer", (c) => c.notNull())
        .addColumn("color_id", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("stock_alerts_user_variant")
        .unique()
        .on("stock_alerts")
        .columns(["user_id", "product_id", "size_id", "color_id"])
        .execute();
      await db.schema
        .createIndex("stock_alerts_variant")
        .on("stock_alerts")
        .columns(["product_id", "size_id", "color_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("stock_alerts").execute();
    },
  };
}
