import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Chat between a shopper and a shop. One conversation per (user, shop) keeps the last message and
// each side's unread count, so lists and badges read one row instead of counting messages.
// A product card is a message with product_id and no text.
export function chatMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => createTableWithId(db, ctx, name);

      await table("chat_conversations")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id").onDelete("cascade"))
        .addColumn("user_unread", "integer", (c) => c.notNull().defaultTo(0)) // shop messages the user has not seen
        .addColumn("shop_unread", "integer", (c) => c.notNull().defaultTo(0)) // user messages the shop has not seen
        .addColumn("last_message_id", "integer")
        .addColumn("last_message_at", "varchar(30)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addUniqueConstraint("chat_conversations_pair", ["user_id", "shop_id"])
        .execute();
      await db.schema
        .createIndex("chat_conversations_user")
        .on("chat_conversations")
        .columns(["user_id", "last_message_at"])
        .execute();
      await db.schema
        .createIndex("chat_conversations_shop")
        .on("chat_conversations")
        .columns(["shop_id", "last_message_at"])
        .execute();

      await table("chat_messages")
        .addColumn("conversation_id", "integer", (c) =>
          c.notNull().references("chat_conversations.id").onDelete("cascade"),
        )
        .addColumn("sender_type", "varchar(4)", (c) => c.notNull()) // "user" | "shop"
        .addColumn("sender_id", "integer", (c) => c.notNull()) // the writing user (shopper or shop owner)
        .addColumn("message", "text") // null for a product card
        .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
        .addColumn("seen_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("chat_messages_conversation")
        .on("chat_messages")
        .columns(["conversation_id", "id"])
        .execute();
      await db.schema
        .createIndex("chat_messages_sender")
        .on("chat_messages")
        .columns(["sender_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("chat_messages").execute();
      await db.schema.dropTable("chat_conversations").execute();
    },
  };
}
