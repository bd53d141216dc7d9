import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Social sign-in identities: one row per (provider, subject), linked to the user it signs in.
export function socialMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "social_accounts")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("provider", "varchar(20)", (c) => c.notNull())
        .addColumn("subject", "varchar(255)", (c) => c.notNull())
        .addColumn("email", "varchar(254)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("last_login_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("social_accounts_provider_subject", ["provider", "subject"])
        .execute();
      await db.schema.createIndex("social_accounts_user").on("social_accounts").column("user_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("social_accounts").execute();
    },
  };
}
