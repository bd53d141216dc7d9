import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Addresses, payments, orders (one per shop under one payment), their product lines, status
// history, and the idempotency keys of place-order. Money is minor units; an order keeps a
// snapshot of its address and of its products' names and variant names, so later catalog edits
// do not rewrite history.
export function ordersMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);
      const real = ctx.pg ? "double precision" : "real";

      await table("addresses")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("area", "varchar(100)")
        .addColumn("flat_no", "varchar(50)")
        .addColumn("post_code", "varchar(20)")
        .addColumn("address_line", "varchar(255)", (c) => c.notNull())
        .addColumn("address_line2", "varchar(255)")
        .addColumn("address_type", "varchar(10)", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("latitude", real)
        .addColumn("longitude", real)
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("addresses_user").on("addresses").column("user_id").execute();

      await table("payments")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("method", "varchar(30)", (c) => c.notNull())
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("Pending"))
        .addColumn("amount", "integer", (c) => c.notNull())
        // the gateway's reference (a Stripe Checkout session id, the test gateway's charge id)
        .addColumn("provider_ref", "varchar(255)")
        .addColumn("paid_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payments_provider_ref").on("payments").column("provider_ref").execute();

      await table("orders")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
        .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id"))
        .addColumn("order_code", "varchar(20)", (c) => c.notNull())
        .addColumn("order_status", "varchar(12)", (c) => c.notNull())
        .addColumn("payment_status", "varchar(10)", (c) => c.notNull())
        .addColumn("payment_method", "varchar(30)", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("total_amount", "integer", (c) => c.notNull())
        .addColumn("discount", "integer", (c) => c.notNull())
        .addColumn("coupon_id", "integer", (c) => c.references("coupons.id").onDelete("set null"))
        .addColumn("coupon_discount", "integer", (c) => c.notNull())
        .addColumn("delivery_charge", "integer", (c) => c.notNull())
        .addColumn("tax_amount", "integer", (c) => c.notNull())
        .addColumn("payable_amount", "integer", (c) => c.notNull())
        .addColumn("vat_taxes", "text", (c) => c.notNull().defaultTo("[]")) // [{name, rate_bp, amount}]
        .addColumn("note", "varchar(500)")
        .addColumn("address", "text", (c) => c.notNull()) // JSON snapshot
        .addColumn("estimated_delivery_date", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "order_status"]).execute();
      await db.schema.createIndex("orders_shop").on("orders").columns(["shop_id", "order_status"]).execute();
      await db.schema.createIndex("orders_payment").on("orders").column("payment_id").execute();

      await table("order_products")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("size_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("unit_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("size_name", "varchar(40)")
        .addColumn("color_name", "varchar(40)")
        .addColumn("color_code", "varchar(9)")
        .addColumn("unit_name", "varchar(40)")
        .addColumn("regular_price", "integer", (c) => c.notNull()) // list price with surcharges
        .addColumn("price", "integer", (c) => c.notNull()) // unit price paid
        .addColumn("quantity", "integer", (c) => c.notNull())
        // the flash-sale item whose cap this line counted against, and how many units it counted
        .addColumn("flash_sale_item_id", "integer", (c) => c.references("flash_sale_items.id").onDelete("set null"))
        .addColumn("flash_sale_qty", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("order_products_order").on("order_products").column("order_id").execute();

      await table("order_status_history")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("status", "varchar(12)", (c) => c.notNull())
        .addColumn("changed_by", "varchar(10)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_status_history_order").on("order_status_history").column("order_id").execute();

      await table("idempotency_keys")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("key", "varchar(100)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("response", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("idempotency_keys_unique", ["user_id", "key"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        "idempotency_keys",
        "order_status_history",
        "order_products",
        "orders",
        "payments",
        "addresses",
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
