import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Messages sent through the contact form; the IP is kept to trace abuse.
export function contentMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "contact_messages")
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("email", "varchar(254)", (c) => c.notNull())
        .addColumn("subject", "varchar(200)", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
    },
  };
}
