import { STOCK_ALERTS_MAX } from "@market/contract";
import type { Db } from "../../db/index.ts";
import { listedProduct } from "../../db/listing.ts";
import { translated } from "../../db/queries.ts";
import type { VariantKey } from "./stock.repository.ts";

// All SQL of stock_alerts: the shoppers waiting for a sold-out variant.

/** A listed product's variant with its stock and names; undefined when there is none such. */
export function listedVariant(db: Db, k: VariantKey) {
  return db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .leftJoin("sizes as z", "z.id", "v.size_id")
    .leftJoin("colors as c", "c.id", "v.color_id")
    .select([
      "p.id",
      "p.name",
      "p.i18n",
      "p.slug",
      "v.stock",
      "z.name as size",
      "c.name as color",
      "c.i18n as color_i18n",
      "s.name as shop",
      "s.i18n as shop_i18n",
    ])
    .where("v.product_id", "=", k.product_id)
    .where("v.size_id", "=", k.size_id)
    .where("v.color_id", "=", k.color_id)
    .where(listedProduct("p"))
    .executeTakeFirst();
}

/** The variants of a product the user waits for. */
export function alertsOf(db: Db, userId: number, productId: number) {
  return db
    .selectFrom("stock_alerts")
    .select(["size_id", "color_id"])
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .orderBy("id")
    .execute();
}

/** Every wait of the user for a listed product, newest first, with the variant's names in `locale`. */
export function allAlertsOf(db: Db, pg: boolean, userId: number, locale: string) {
  return db
    .selectFrom("stock_alerts as a")
    .innerJoin("products as p", "p.id", "a.product_id")
    .leftJoin("sizes as z", "z.id", "a.size_id")
    .leftJoin("colors as c", "c.id", "a.color_id")
    .select([
      "a.product_id",
      "a.size_id",
      "a.color_id",
      "z.name as size",
      translated(pg, "c", "name", locale).as("color"),
      "c.color_code",
    ])
    .where("a.user_id", "=", userId)
    .where(listedProduct("p"))
    .orderBy("a.id", "desc")
    .limit(STOCK_ALERTS_MAX)
    .execute();
}

export async function countOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("stock_alerts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the user's wait for a variant; waiting twice is one wait. */
export function insertAlert(db: Db, userId: number, k: VariantKey, now: string) {
  return db
    .insertInto("stock_alerts")
    .values({ user_id: userId, ...k, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "product_id", "size_id", "color_id"]).doNothing())
    .execute();
}

export function deleteAlert(db: Db, userId: number, k: VariantKey) {
  return db
    .deleteFrom("stock_alerts")
    .where("user_id", "=", userId)
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .execute();
}

/** Ends the waits for a variant and answers who waited (each row is taken by one job only). */
export async function takeWaiting(db: Db, k: VariantKey): Promise<number[]> {
  const rows = await db
    .deleteFrom("stock_alerts")
    .where("product_id", "=", k.product_id)
    .where("size_id", "=", k.size_id)
    .where("color_id", "=", k.color_id)
    .returning("user_id")
    .execute();
  return rows.map((r) => r.user_id);
}

/** The signed-in (not guest) users among `userIds` who have an email, with their mails' language. */
export function mailRecipients(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "email", "locale"])
    .where("id", "in", userIds)
    .where("is_guest", "=", 0)
    .where("email", "is not", null)
    .execute();
}

export function deleteAlertsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve();
  return db.deleteFrom("stock_alerts").where("product_id", "in", productIds).execute();
}
