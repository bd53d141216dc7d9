import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Accounts: bearer tokens (only their sha256 is stored), one-time codes (HMAC-hashed),
// password-reset tokens, the mail/SMS outbox, and rate events for login throttling and
// guest creation. Timestamps are ISO-8601 text, as everywhere else.
export function authMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);

      await table("access_tokens")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
        .addColumn("revoked_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("last_used_at", "varchar(30)")
        .execute();
      await db.schema.createIndex("access_tokens_user").on("access_tokens").column("user_id").execute();

      await table("otp_codes")
        .addColumn("identity", "varchar(260)", (c) => c.notNull())
        .addColumn("purpose", "varchar(10)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
        .addColumn("consumed_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("otp_codes_identity").on("otp_codes").columns(["identity", "created_at"]).execute();
      await db.schema.createIndex("otp_codes_ip").on("otp_codes").columns(["ip", "created_at"]).execute();

      await table("password_resets")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
        .addColumn("consumed_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();

      await table("outbox")
        .addColumn("channel", "varchar(10)", (c) => c.notNull())
        .addColumn("recipient", "varchar(260)", (c) => c.notNull())
        .addColumn("subject", "varchar(200)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();

      await table("rate_events")
        .addColumn("key", "varchar(300)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_events_key").on("rate_events").columns(["key", "created_at"]).execute();
      await db.schema.createIndex("rate_events_created").on("rate_events").column("created_at").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["rate_events", "outbox", "password_resets", "otp_codes", "access_tokens"]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
