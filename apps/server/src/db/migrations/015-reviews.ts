import type { Kysely } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Reviews by buyers (issue 20). A review written through the API names its delivered order, and
// one (order, product) pair holds one review: the unique index refuses a second one, also when
// two arrive at once. Seeded reviews have no order (not a verified purchase). Helpful votes and
// reports are one row per person (unique), so a double click or a race counts once.
export function reviewsMigration(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const alter = () => db.schema.alterTable("reviews");
      await alter()
        .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
        .execute();
      await alter()
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("visible"))
        .execute();
      await alter()
        .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await alter().addColumn("reply", "text").execute();
      await alter().addColumn("replied_at", "varchar(30)").execute();
      await alter().addColumn("updated_at", "varchar(30)").execute();
      await db.schema
        .createIndex("reviews_order_product")
        .on("reviews")
        .columns(["order_id", "product_id"])
        .unique()
        .execute();
      await db.schema.createIndex("reviews_user").on("reviews").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "created_at"]).execute();

      await createTableWithId(db, ctx, "review_photos")
        .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
        .addColumn("url", "varchar(300)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("review_photos_review").on("review_photos").column("review_id").execute();

      await db.schema
        .createTable("review_votes")
        .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "user_id"])
        .execute();

      await createTableWithId(db, ctx, "review_reports")
        .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("reason", "varchar(500)", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("review_reports_review_user")
        .on("review_reports")
        .columns(["review_id", "user_id"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["review_reports", "review_votes", "review_photos"]) await db.schema.dropTable(t).execute();
      for (const i of ["reviews_order_product", "reviews_user", "reviews_status"])
        await db.schema.dropIndex(i).execute();
      for (const c of ["order_id", "status", "helpful_count", "reply", "replied_at", "updated_at"])
        await db.schema.alterTable("reviews").dropColumn(c).execute();
    },
  };
}
