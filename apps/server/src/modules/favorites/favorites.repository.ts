import { type Kysely, sql } from "kysely";
import { listedProduct } from "../../db/listing.ts";
import { countRows } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All favourites SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

/** The user's favourites among listed products, newest first. */
export function favoriteIds(db: Q, userId: number, page: PageWindow) {
  return db
    .selectFrom("favorites as f")
    .innerJoin("products as p", "p.id", "f.product_id")
    .select("f.product_id")
    .where("f.user_id", "=", userId)
    .where(listedProduct("p"))
    .orderBy("f.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute()
    .then((rows) => rows.map((r) => r.product_id));
}

export function countFavorites(db: Q, userId: number) {
  return countRows(
    db
      .selectFrom("favorites as f")
      .innerJoin("products as p", "p.id", "f.product_id")
      .where("f.user_id", "=", userId)
      .where(listedProduct("p")),
  );
}

export function activeProductExists(db: Q, productId: number) {
  return db
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where(listedProduct())
    .executeTakeFirst()
    .then(Boolean);
}

export function removeFavorite(db: Q, userId: number, productId: number) {
  return db
    .deleteFrom("favorites")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst()
    .then((r) => Number(r.numDeletedRows) > 0);
}

export function addFavorite(db: Q, userId: number, productId: number, now: string) {
  return db
    .insertInto("favorites")
    .values({ user_id: userId, product_id: productId, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

/**
 * Adds `fromId`'s listed favourites to `toId`'s (those it has already stay as they are) and deletes
 * all of `fromId`'s; answers how many were new to `toId`.
 */
export async function moveFavorites(db: Q, fromId: number, toId: number, now: string) {
  const moved = await db
    .insertInto("favorites")
    .columns(["user_id", "product_id", "created_at"])
    .expression(
      db
        .selectFrom("favorites as f")
        .innerJoin("products as p", "p.id", "f.product_id")
        .select([sql.lit(toId).as("user_id"), "f.product_id", sql.val(now).as("created_at")])
        .where("f.user_id", "=", fromId)
        .where(listedProduct("p"))
        .orderBy("f.id"),
    )
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .executeTakeFirst();
  await db.deleteFrom("favorites").where("user_id", "=", fromId).execute();
  return Number(moved.numInsertedOrUpdatedRows ?? 0);
}
