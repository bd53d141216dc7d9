import type { Kysely } from "kysely";
import type { MigrationContext } from "./table.ts";

// The sender's own key for a chat message, so a send repeated after a lost answer is stored once.
// Messages written before it, and product cards, have none (several nulls never collide).
export function chatClientIdsMigration(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("chat_messages").addColumn("client_id", "varchar(64)").execute();
      await db.schema
        .createIndex("chat_messages_client_id")
        .on("chat_messages")
        .columns(["conversation_id", "client_id"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("chat_messages_client_id").execute();
      await db.schema.alterTable("chat_messages").dropColumn("client_id").execute();
    },
  };
}
