import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Background jobs of the embedded queue (SQLite; on PostgreSQL pg-boss keeps its own tables), and
// the delivery state of each outbox message: mail goes out through a job, never in the request.
export function jobsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "jobs")
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull()) // JSON
        .addColumn("state", "varchar(10)", (c) => c.notNull()) // queued | active | failed
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("run_at", "varchar(30)", (c) => c.notNull())
        .addColumn("last_error", "varchar(500)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();

      // kept: no transport configured (the outbox is where it ends); queued; sent; failed
      await db.schema
        .alterTable("outbox")
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("kept"))
        .execute();
      await db.schema
        .alterTable("outbox")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("outbox").addColumn("last_error", "varchar(500)").execute();
      await db.schema.alterTable("outbox").addColumn("sent_at", "varchar(30)").execute();
      await db.schema.createIndex("outbox_status").on("outbox").columns(["status", "id"]).execute();
    },
    async down() {},
  };
}
