import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Carts, store coupons (vouchers) and favourites. A cart line is keyed by product, size, colour
// and unit (0 = none) within the user's main cart or separate buy-now cart. Money is minor units;
// a percentage coupon's discount is in basis points (1000 = 10 %).
export function cartMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);

      await table("carts")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("size_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("unit_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("is_buy_now", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("unit_price_at_add", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("carts_line_unique", [
          "user_id",
          "is_buy_now",
          "product_id",
          "size_id",
          "color_id",
          "unit_id",
        ])
        .execute();

      await table("coupons")
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        .addColumn("code", "varchar(50)", (c) => c.notNull().unique())
        .addColumn("discount", "integer", (c) => c.notNull())
        .addColumn("discount_type", "varchar(12)", (c) => c.notNull())
        .addColumn("min_order_amount", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_discount", "integer") // null = uncapped
        .addColumn("usage_limit", "integer") // null = unlimited; caps collections and uses
        .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("start_date", "varchar(30)", (c) => c.notNull())
        .addColumn("end_date", "varchar(30)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("coupons_shop").on("coupons").column("shop_id").execute();

      await table("coupon_collections")
        .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("coupon_collections_unique", ["coupon_id", "user_id"])
        .execute();

      await table("coupon_usages")
        .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("order_ref", "varchar(60)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("coupon_usages_unique", ["coupon_id", "user_id"])
        .execute();

      await table("favorites")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("favorites_unique", ["user_id", "product_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["favorites", "coupon_usages", "coupon_collections", "coupons", "carts"]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
