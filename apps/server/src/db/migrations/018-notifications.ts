import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// In-app notifications (a shopper's or a shop's), the mails each user turned off, the language a
// user's mails are written in, and the HTML part of an outbox mail.
export function notificationsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, ctx, "notifications")
        .addColumn("user_id", "integer")
        .addColumn("shop_id", "integer")
        .addColumn("kind", "varchar(30)", (c) => c.notNull())
        .addColumn("order_id", "integer", (c) => c.notNull())
        .addColumn("return_id", "integer")
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("read_at", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "id"]).execute();
      await db.schema.createIndex("notifications_shop").on("notifications").columns(["shop_id", "id"]).execute();
      await db.schema
        .createTable("mail_opt_outs")
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("topic", "varchar(30)", (c) => c.notNull())
        .addPrimaryKeyConstraint("mail_opt_outs_pk", ["user_id", "topic"])
        .execute();
      await db.schema.alterTable("users").addColumn("locale", "varchar(10)").execute();
      await db.schema.alterTable("outbox").addColumn("html", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("outbox").dropColumn("html").execute();
      await db.schema.alterTable("users").dropColumn("locale").execute();
      await db.schema.dropTable("mail_opt_outs").execute();
      await db.schema.dropTable("notifications").execute();
    },
  };
}
