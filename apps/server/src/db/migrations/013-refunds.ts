import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Refunds: money given back on an order's payment, through the way it was paid. A row is written
// in the same transaction as what makes the refund owed (a cancel), before any gateway is called,
// so a refund is never lost; the gateway call follows and is retried with the row's idempotency
// key. Amounts are minor units of the default currency. Orders' `payment_status` gains Refunding
// and Refunded (its varchar(10) holds them).
export function refundsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "refunds")
        .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("reason", "varchar(100)", (c) => c.notNull())
        // Pending (owed, not yet taken by the gateway), Sent (taken, awaiting its confirmation),
        // Succeeded, Failed (the gateway refused; someone must act)
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("Pending"))
        // the payment's method when the refund was made: "test", "stripe", "cash"
        .addColumn("method", "varchar(30)", (c) => c.notNull())
        // the gateway's id of the refund (a Stripe refund id, the test gateway's reference)
        .addColumn("provider_ref", "varchar(255)")
        .addColumn("idempotency_key", "varchar(100)", (c) => c.notNull().unique())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "varchar(500)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
        .addColumn("refunded_at", "varchar(30)")
        .execute();
      await db.schema.createIndex("refunds_order").on("refunds").column("order_id").execute();
      await db.schema.createIndex("refunds_payment").on("refunds").column("payment_id").execute();
      await db.schema.createIndex("refunds_status").on("refunds").columns(["status", "updated_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("refunds").execute();
    },
  };
}
