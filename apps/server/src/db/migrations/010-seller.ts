import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// The Seller Centre: shops' opening status, contact and low-stock threshold; a SKU per variant;
// vouchers that can be paused; every stock change logged; staff of a shop and their invitations.
export function sellerMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);
      const alter = (name: string) => db.schema.alterTable(name);
      await alter("shops")
        .addColumn("is_open", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await alter("shops").addColumn("phone", "varchar(21)").execute();
      await alter("shops").addColumn("email", "varchar(254)").execute();
      await alter("shops")
        .addColumn("low_stock_threshold", "integer", (c) => c.notNull().defaultTo(5))
        .execute();
      await alter("products").addColumn("updated_at", "varchar(30)").execute();
      await alter("product_variants").addColumn("sku", "varchar(64)").execute();
      await alter("coupons")
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex("products_shop").on("products").columns(["shop_id", "created_at"]).execute();
      await db.schema.createIndex("coupons_shop_created").on("coupons").columns(["shop_id", "created_at"]).execute();

      await table("stock_movements")
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull())
        .addColumn("size_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("change", "integer", (c) => c.notNull())
        .addColumn("stock_after", "integer", (c) => c.notNull())
        .addColumn("reason", "varchar(10)", (c) => c.notNull()) // order | cancel | edit | import
        .addColumn("ref", "varchar(60)") // the order code, for order and cancel
        .addColumn("user_id", "integer") // who: the seller or staff member, the shopper for orders
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("stock_movements_shop")
        .on("stock_movements")
        .columns(["shop_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("stock_movements_product")
        .on("stock_movements")
        .columns(["product_id", "created_at"])
        .execute();

      await table("shop_staff")
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
        .addColumn("role", "varchar(10)", (c) => c.notNull()) // products | orders | all
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();

      await table("shop_invites")
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("role", "varchar(10)", (c) => c.notNull())
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("invited_by", "integer", (c) => c.notNull())
        .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
        .addColumn("accepted_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("shop_invites_shop").on("shop_invites").columns(["shop_id", "email"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ["shop_invites", "shop_staff", "stock_movements"]) await db.schema.dropTable(name).execute();
      await db.schema.dropIndex("coupons_shop_created").execute();
      await db.schema.dropIndex("products_shop").execute();
      await db.schema.alterTable("coupons").dropColumn("is_active").execute();
      await db.schema.alterTable("product_variants").dropColumn("sku").execute();
      await db.schema.alterTable("products").dropColumn("updated_at").execute();
      for (const c of ["low_stock_threshold", "email", "phone", "is_open"]) {
        await db.schema.alterTable("shops").dropColumn(c).execute();
      }
    },
  };
}
