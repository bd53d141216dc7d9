import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// The admin console: an audit log of every admin change; shops that are rejected or suspended and
// their commission; products waiting for moderation or unpublished by the operator with a reason;
// blocked users; scheduled banners; currencies with decimals and the time their rate was set.
export function adminMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const alter = (name: string) => db.schema.alterTable(name);
      await createTableWithId(db, ctx, "audit_log")
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("action", "varchar(40)", (c) => c.notNull()) // create | update | delete | approve | ...
        .addColumn("entity", "varchar(40)", (c) => c.notNull()) // category | setting | shop | ...
        .addColumn("entity_id", "varchar(60)")
        .addColumn("summary", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("before", "text") // JSON, null for a create
        .addColumn("after", "text") // JSON, null for a delete
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
      await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "entity_id"]).execute();

      // shops.status gains "rejected" and "suspended" (a varchar already)
      await alter("shops").addColumn("status_reason", "varchar(500)").execute();
      await alter("shops")
        .addColumn("commission_bp", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // products: "approved" (listed when active), "pending" (waits for moderation), "rejected"
      await alter("products")
        .addColumn("moderation", "varchar(10)", (c) => c.notNull().defaultTo("approved"))
        .execute();
      await alter("products").addColumn("moderation_reason", "varchar(500)").execute();
      await alter("users").addColumn("blocked_at", "varchar(30)").execute();
      await alter("banners").addColumn("starts_at", "varchar(30)").execute();
      await alter("banners").addColumn("ends_at", "varchar(30)").execute();
      await alter("currencies")
        .addColumn("decimals", "integer", (c) => c.notNull().defaultTo(2))
        .execute();
      await alter("currencies").addColumn("rate_updated_at", "varchar(30)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("audit_log").execute();
      const drop = (table: string, column: string) => db.schema.alterTable(table).dropColumn(column).execute();
      await drop("shops", "status_reason");
      await drop("shops", "commission_bp");
      await drop("products", "moderation");
      await drop("products", "moderation_reason");
      await drop("users", "blocked_at");
      await drop("banners", "starts_at");
      await drop("banners", "ends_at");
      await drop("currencies", "decimals");
      await drop("currencies", "rate_updated_at");
    },
  };
}
