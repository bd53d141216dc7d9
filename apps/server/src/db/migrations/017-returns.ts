import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Returns of delivered orders (issue 20). A request names some of the order's lines
// (order_products rows) and quantities, with the shopper's reason and photos; the shop approves or
// rejects it, then marks the parcel received, which puts the stock back and records the refund
// (`refund_id`, a row of `refunds`). One request of an order is open (Requested or Approved) at a
// time: the order's row lock serialises the check. Stock movements gain the reason "return".
export function returnsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "returns")
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        // Requested, Approved, Rejected, Received (the refund's own status says when it is Refunded)
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("Requested"))
        .addColumn("reason", "varchar(1000)", (c) => c.notNull())
        .addColumn("reject_reason", "varchar(500)")
        // minor units, fixed when the parcel is received
        .addColumn("refund_amount", "integer")
        .addColumn("refund_id", "integer", (c) => c.references("refunds.id").onDelete("set null"))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
        .addColumn("decided_at", "varchar(30)")
        .addColumn("received_at", "varchar(30)")
        .execute();
      await db.schema.createIndex("returns_order").on("returns").columns(["order_id", "status"]).execute();
      await db.schema.createIndex("returns_shop").on("returns").columns(["shop_id", "status"]).execute();

      await createTableWithId(db, ctx, "return_items")
        .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
        .addColumn("order_product_id", "integer", (c) =>
          c.notNull().references("order_products.id").onDelete("cascade"),
        )
        .addColumn("quantity", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("return_items_return").on("return_items").column("return_id").execute();

      await createTableWithId(db, ctx, "return_photos")
        .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
        .addColumn("url", "varchar(300)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("return_photos_return").on("return_photos").column("return_id").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["return_photos", "return_items", "returns"]) await db.schema.dropTable(t).execute();
    },
  };
}
