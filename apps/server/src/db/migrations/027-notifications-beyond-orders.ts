import { type Kysely, type Migration, sql } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// A notification may be about something other than an order (support's answer to a ticket, a
// shop's reply to a review), so its `order_id` may be empty. SQLite cannot drop a NOT NULL, so
// there the table is built again with the same rows and indexes.
const COLUMNS = sql.raw("id, user_id, shop_id, kind, order_id, return_id, params, read_at, created_at");

async function rebuild(db: Kysely<unknown>, ctx: MigrationContext, orderIdRequired: boolean) {
  await createTableWithId(db, ctx, "notifications_next")
    .addColumn("user_id", "integer")
    .addColumn("shop_id", "integer")
    .addColumn("kind", "varchar(30)", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => (orderIdRequired ? c.notNull() : c))
    .addColumn("return_id", "integer")
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("read_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  const kept = orderIdRequired ? sql`where order_id is not null` : sql``;
  await sql`insert into notifications_next (${COLUMNS}) select ${COLUMNS} from notifications ${kept}`.execute(db);
  await db.schema.dropTable("notifications").execute();
  await db.schema.alterTable("notifications_next").renameTo("notifications").execute();
  await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("notifications_shop").on("notifications").columns(["shop_id", "id"]).execute();
}

export const notificationsBeyondOrdersMigration = (ctx: MigrationContext): Migration => ({
  async up(db: Kysely<unknown>) {
    if (ctx.pg) await sql`alter table notifications alter column order_id drop not null`.execute(db);
    else await rebuild(db, ctx, false);
  },
  async down(db: Kysely<unknown>) {
    if (!ctx.pg) return rebuild(db, ctx, true);
    await sql`delete from notifications where order_id is null`.execute(db);
    await sql`alter table notifications alter column order_id set not null`.execute(db);
  },
});
