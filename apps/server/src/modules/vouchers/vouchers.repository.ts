import type { Kysely } from "kysely";
import { countRows } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";

// All voucher SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

const couponColumns = [
  "c.id",
  "c.shop_id",
  "c.code",
  "c.discount",
  "c.discount_type",
  "c.min_order_amount",
  "c.max_discount",
  "c.usage_limit",
  "c.used_count",
  "c.start_date",
  "c.end_date",
  "c.is_active",
] as const;

export function shopExists(db: Q, shopId: number) {
  return db
    .selectFrom("shops")
    .select("id")
    .where("id", "=", shopId)
    .where("status", "=", "active")
    .executeTakeFirst()
    .then(Boolean);
}

/** A shop's coupons running at `now`, with how many were collected and whether `userId` collected each. */
export function runningCoupons(db: Q, shopId: number, userId: number, now: string) {
  return (
    db
      .selectFrom("coupons as c")
      .select((eb) => [
        ...couponColumns,
        eb
          .selectFrom("coupon_collections as cc")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .whereRef("cc.coupon_id", "=", "c.id")
          .as("collected"),
        eb
          .exists(
            eb
              .selectFrom("coupon_collections as mine")
              .select("mine.id")
              .whereRef("mine.coupon_id", "=", "c.id")
              .where("mine.user_id", "=", userId),
          )
          .as("is_collected"),
      ])
      .where("c.shop_id", "=", shopId)
      // A voucher the shop paused is not offered.
      .where("c.is_active", "=", 1)
      .where("c.start_date", "<=", now)
      .where("c.end_date", ">", now)
      .orderBy("c.id")
      .execute()
  );
}

/** The coupon row; on PostgreSQL locked until the transaction ends, so collections are counted one at a time. */
export function couponForUpdate(trx: Q, id: number, pg: boolean) {
  return trx
    .selectFrom("coupons as c")
    .select(couponColumns)
    .where("c.id", "=", id)
    .$if(pg, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function couponByCode(db: Q, code: string) {
  return db.selectFrom("coupons as c").select(couponColumns).where("c.code", "=", code).executeTakeFirst();
}

export function countCollections(db: Q, couponId: number) {
  return countRows(db.selectFrom("coupon_collections").where("coupon_id", "=", couponId));
}

export function isCollected(db: Q, couponId: number, userId: number) {
  return db
    .selectFrom("coupon_collections")
    .select("id")
    .where("coupon_id", "=", couponId)
    .where("user_id", "=", userId)
    .executeTakeFirst()
    .then(Boolean);
}

export function insertCollection(db: Q, couponId: number, userId: number, now: string) {
  return db
    .insertInto("coupon_collections")
    .values({ coupon_id: couponId, user_id: userId, created_at: now })
    .execute();
}

export function isUsedBy(db: Q, couponId: number, userId: number) {
  return db
    .selectFrom("coupon_usages")
    .select("id")
    .where("coupon_id", "=", couponId)
    .where("user_id", "=", userId)
    .executeTakeFirst()
    .then(Boolean);
}
