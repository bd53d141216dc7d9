import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Support tickets: issue types, tickets with random public numbers, their messages (from the
// shopper or staff) and attachments kept outside the public uploads folder. Shops already carry
// `status` (001: "active" = approved, "pending" = waiting for review), so seller registration
// adds no column; existing shops stay active.
export function supportMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);

      await table("ticket_issue_types")
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("support_tickets")
        .addColumn("ticket_number", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("issue_type_id", "integer", (c) => c.notNull().references("ticket_issue_types.id"))
        .addColumn("subject", "varchar(150)")
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("phone", "varchar(21)")
        .addColumn("order_number", "varchar(40)")
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("pending"))
        .addColumn("message_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("support_tickets_user")
        .on("support_tickets")
        .columns(["user_id", "updated_at"])
        .execute();
      await db.schema
        .createIndex("support_tickets_status")
        .on("support_tickets")
        .columns(["status", "updated_at"])
        .execute();

      await table("support_ticket_messages")
        .addColumn("ticket_id", "integer", (c) => c.notNull().references("support_tickets.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("is_staff", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("support_ticket_messages_ticket")
        .on("support_ticket_messages")
        .column("ticket_id")
        .execute();

      await table("support_ticket_attachments")
        .addColumn("message_id", "integer", (c) =>
          c.notNull().references("support_ticket_messages.id").onDelete("cascade"),
        )
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("mime", "varchar(60)", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("stored_name", "varchar(60)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("support_ticket_attachments_message")
        .on("support_ticket_attachments")
        .column("message_id")
        .execute();

      await db.schema.createIndex("shops_status").on("shops").columns(["status", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("shops_status").execute();
      for (const t of [
        "support_ticket_attachments",
        "support_ticket_messages",
        "support_tickets",
        "ticket_issue_types",
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
