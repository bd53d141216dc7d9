import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import type { Db, DbHandle } from "../../db/index.ts";
import { countRows, translated } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All review SQL: reviews with their photos, votes and reports, and the product and shop ratings
// they feed.

type Status = "visible" | "reported" | "kept" | "hidden";
const PUBLIC: Status[] = ["visible", "reported", "kept"];

/** The review columns every list needs, joined with the author and the product (named by `productName`). */
function reviewSelect(db: Db, productName: RawBuilder<string> = sql<string>`p.name`) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("products as p", "p.id", "r.product_id")
    .select([
      "r.id",
      "r.product_id",
      "r.user_id",
      "r.order_id",
      "r.rating",
      "r.comment",
      "r.status",
      "r.helpful_count",
      "r.reply",
      "r.replied_at",
      "r.created_at",
      "r.updated_at",
      "u.name as user_name",
      "u.erased_at as user_erased_at",
      "u.profile_photo",
      "u.locale as user_locale",
      productName.as("product_name"),
      "p.slug as product_slug",
      "p.thumbnail as product_thumbnail",
      "p.shop_id",
    ]);
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>["execute"]>>[number];

const hasPhotos = (eb: ExpressionBuilder<Database & { r: Database["reviews"] }, "r">) =>
  eb.exists(eb.selectFrom("review_photos as ph").select("ph.id").whereRef("ph.review_id", "=", "r.id"));

export async function reviewById(db: Db, id: number, productName?: RawBuilder<string>) {
  return reviewSelect(db, productName).where("r.id", "=", id).executeTakeFirst();
}

/** The language a shop's owner reads (null: not known yet). */
export async function ownerLocale(db: Db, shopId: number): Promise<string | null> {
  const row = await db
    .selectFrom("shops as s")
    .innerJoin("users as owner", "owner.id", "s.user_id")
    .select("owner.locale")
    .where("s.id", "=", shopId)
    .executeTakeFirst();
  return row?.locale ?? null;
}

export async function photosOf(db: Db, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  return db
    .selectFrom("review_photos")
    .select(["id", "review_id", "url"])
    .where("review_id", "in", reviewIds)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

export async function votedBy(db: Db, userId: number, reviewIds: number[]) {
  if (reviewIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom("review_votes")
    .select("review_id")
    .where("user_id", "=", userId)
    .where("review_id", "in", reviewIds)
    .execute();
  return new Set(rows.map((r) => Number(r.review_id)));
}

// ---- the product page ----

export async function publicCounts(db: Db, productId: number) {
  const rows = await db
    .selectFrom("reviews")
    .select((eb) => ["rating", eb.fn.countAll<number | string>().as("n")])
    .where("product_id", "=", productId)
    .where("status", "in", PUBLIC)
    .groupBy("rating")
    .execute();
  return rows.map((r) => ({ rating: Number(r.rating), count: Number(r.n) }));
}

export interface PublicFilter {
  rating?: number | undefined;
  photos?: boolean | undefined;
  sort?: "newest" | "highest" | "lowest" | undefined;
}

/** `counted`: the number of the filter's reviews, when the caller knows it. */
export async function publicPage(db: Db, productId: number, f: PublicFilter, page: PageWindow, counted?: number) {
  let q = db.selectFrom("reviews as r").where("r.product_id", "=", productId).where("r.status", "in", PUBLIC);
  if (f.rating !== undefined) q = q.where("r.rating", "=", f.rating);
  if (f.photos) q = q.where(hasPhotos);
  const total = counted ?? (await countRows(q));
  let rows = reviewSelect(db)
    .where("r.product_id", "=", productId)
    .where("r.status", "in", PUBLIC)
    .$if(f.rating !== undefined, (b) => b.where("r.rating", "=", f.rating as number))
    .$if(!!f.photos, (b) => b.where(hasPhotos));
  if (f.sort === "highest") rows = rows.orderBy("r.rating", "desc");
  if (f.sort === "lowest") rows = rows.orderBy("r.rating", "asc");
  const data = await rows
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: data, total };
}

// ---- writing ----

/** When the order was delivered: the latest Delivered step of its timeline (its `updated_at` moves on with returns). */
const deliveredAt = (eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) =>
  eb
    .selectFrom("order_status_history as h")
    .whereRef("h.order_id", "=", "o.id")
    .where("h.status", "=", "Delivered")
    .select((h) => h.fn.max("h.created_at").as("t"));

/** The shopper's order with its status and the time it was delivered; undefined when it is not theirs. */
export async function ownOrder(db: Db, userId: number, orderId: number) {
  return (
    db
      .selectFrom("orders as o")
      .select(["o.id", "o.order_status", "o.order_code", "o.shop_id"])
      .select((eb) => deliveredAt(eb).as("delivered_at"))
      // Whether the shopper owns or works for the order's shop: their review would not be a buyer's.
      .select((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom("shops as s")
                .select("s.id")
                .whereRef("s.id", "=", "o.shop_id")
                .where("s.user_id", "=", userId),
            ),
            eb.exists(
              eb
                .selectFrom("shop_staff as st")
                .select("st.shop_id")
                .whereRef("st.shop_id", "=", "o.shop_id")
                .where("st.user_id", "=", userId),
            ),
          ])
          .as("sells_here"),
      )
      .where("o.id", "=", orderId)
      .where("o.user_id", "=", userId)
      .executeTakeFirst()
  );
}

export async function orderProductIds(db: Db, orderId: number) {
  const rows = await db
    .selectFrom("order_products")
    .select("product_id")
    .distinct()
    .where("order_id", "=", orderId)
    .orderBy("product_id")
    .execute();
  return rows.map((r) => Number(r.product_id));
}

/**
 * Serialises rating changes of one product (and its shop) on PostgreSQL: a second writer waits, so
 * its recount sees the first one's review. SQLite's write transactions never interleave.
 */
export async function lockProduct(trx: Db, productId: number, pg: boolean) {
  const q = trx.selectFrom("products").select(["id", "shop_id"]).where("id", "=", productId);
  return pg ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

/** Inserts the review unless its (order, product) already has one: then answers undefined. */
export async function insertReview(
  trx: Db,
  row: { product_id: number; user_id: number; order_id: number; rating: number; comment: string; created_at: string },
) {
  const r = await trx
    .insertInto("reviews")
    .values(row)
    .onConflict((oc) => oc.columns(["order_id", "product_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return r ? Number(r.id) : undefined;
}

export async function insertPhotos(trx: Db, reviewId: number, urls: string[], firstSort = 0) {
  if (urls.length === 0) return;
  await trx
    .insertInto("review_photos")
    .values(urls.map((url, i) => ({ review_id: reviewId, url, sort: firstSort + i })))
    .execute();
}

export async function deletePhotos(trx: Db, ids: number[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom("review_photos").where("id", "in", ids).execute();
}

/** Saves an edit; a review the operator kept is shown again as unchecked, so the new text can be reported. */
export async function updateReview(trx: Db, id: number, set: { rating: number; comment: string; updated_at: string }) {
  await trx.updateTable("reviews").set(set).where("id", "=", id).execute();
  await trx
    .updateTable("reviews")
    .set({ status: "visible" })
    .where("id", "=", id)
    .where("status", "=", "kept")
    .execute();
}

export async function deleteReview(trx: Db, id: number) {
  await trx.deleteFrom("reviews").where("id", "=", id).execute();
}

/**
 * The product's rating and count, and its shop's (every review of every product of the shop),
 * from the reviews that are shown.
 */
export async function recountRatings(trx: Db, productId: number, shopId: number) {
  const visible = sql.join(PUBLIC.map((s) => sql.lit(s)));
  await sql`
    update products set
      rating = coalesce((select avg(rating * 1.0) from reviews where product_id = ${productId} and status in (${visible})), 0),
      total_reviews = (select count(*) from reviews where product_id = ${productId} and status in (${visible}))
    where id = ${productId}`.execute(trx);
  await sql`
    update shops set
      rating = coalesce((select avg(r.rating * 1.0) from reviews r join products p on p.id = r.product_id
                         where p.shop_id = ${shopId} and r.status in (${visible})), 0),
      total_reviews = (select count(*) from reviews r join products p on p.id = r.product_id
                       where p.shop_id = ${shopId} and r.status in (${visible}))
    where id = ${shopId}`.execute(trx);
}

// ---- votes and reports ----

/** One vote per shopper: the primary key refuses a second; answers whether this one counted. */
export async function addVote(trx: Db, reviewId: number, userId: number, now: string): Promise<boolean> {
  const r = await trx
    .insertInto("review_votes")
    .values({ review_id: reviewId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["review_id", "user_id"]).doNothing())
    .returning("review_id")
    .executeTakeFirst();
  if (!r) return false;
  await trx
    .updateTable("reviews")
    .set((eb) => ({ helpful_count: eb("helpful_count", "+", 1) }))
    .where("id", "=", reviewId)
    .execute();
  return true;
}

export async function helpfulCount(db: Db, reviewId: number) {
  const r = await db.selectFrom("reviews").select("helpful_count").where("id", "=", reviewId).executeTakeFirst();
  return Number(r?.helpful_count ?? 0);
}

export async function addReport(trx: Db, reviewId: number, userId: number, reason: string, now: string) {
  const r = await trx
    .insertInto("review_reports")
    .values({ review_id: reviewId, user_id: userId, reason, created_at: now })
    .onConflict((oc) => oc.columns(["review_id", "user_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  // A review the operator already kept or hid is not queued again.
  if (r)
    await trx
      .updateTable("reviews")
      .set({ status: "reported" })
      .where("id", "=", reviewId)
      .where("status", "=", "visible")
      .execute();
  return !!r;
}

export async function reportsOf(db: Db, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  return db
    .selectFrom("review_reports as rr")
    .innerJoin("users as u", "u.id", "rr.user_id")
    .select(["rr.review_id", "rr.reason", "rr.created_at", "u.name", "u.erased_at"])
    .where("rr.review_id", "in", reviewIds)
    .orderBy("rr.created_at", "desc")
    .orderBy("rr.id", "desc")
    .execute();
}

export async function setStatus(trx: Db, id: number, status: Status) {
  await trx.updateTable("reviews").set({ status }).where("id", "=", id).execute();
}

// ---- the seller's answer ----

/** Writes the reply once: answers false when the review already has one. */
export async function setReplyOnce(trx: Db, id: number, reply: string, now: string): Promise<boolean> {
  const r = await trx
    .updateTable("reviews")
    .set({ reply, replied_at: now })
    .where("id", "=", id)
    .where("reply", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- lists ----

/** The shopper's reviews, each product named in `locale`. */
export async function mine({ db, pg }: Pick<DbHandle, "db" | "pg">, userId: number, page: PageWindow, locale: string) {
  const q = db.selectFrom("reviews as r").where("r.user_id", "=", userId).where("r.order_id", "is not", null);
  const [rows, total] = await Promise.all([
    reviewSelect(db, translated(pg, "p", "name", locale))
      .where("r.user_id", "=", userId)
      .where("r.order_id", "is not", null)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
  return { rows, total };
}

export async function mineInOrder(
  { db, pg }: Pick<DbHandle, "db" | "pg">,
  userId: number,
  orderId: number,
  locale: string,
) {
  return reviewSelect(db, translated(pg, "p", "name", locale))
    .where("r.user_id", "=", userId)
    .where("r.order_id", "=", orderId)
    .execute();
}

/** Products of the shopper's delivered orders without their review, newest order first. */
export async function toReview(
  { db, pg }: Pick<DbHandle, "db" | "pg">,
  userId: number,
  page: PageWindow,
  locale: string,
) {
  const base = db
    .selectFrom("order_products as op")
    .innerJoin("orders as o", "o.id", "op.order_id")
    .where("o.user_id", "=", userId)
    .where("o.order_status", "=", "Delivered")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("reviews as r")
            .select("r.id")
            .whereRef("r.order_id", "=", "o.id")
            .whereRef("r.product_id", "=", "op.product_id"),
        ),
      ),
    );
  const pairs = base.select(["o.id as order_id", "op.product_id"]).distinct();
  const totalRow = await db
    .selectFrom(pairs.as("x"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom(pairs.as("x"))
    .innerJoin("orders as o", "o.id", "x.order_id")
    .innerJoin("products as p", "p.id", "x.product_id")
    .select(["o.id as order_id", "o.order_code", "o.updated_at", "p.id", "p.slug", "p.thumbnail"])
    .select((eb) => deliveredAt(eb).as("delivered_at"))
    .select(translated(pg, "p", "name", locale).as("name"))
    .orderBy("delivered_at", "desc")
    .orderBy("o.id", "desc")
    .orderBy("p.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(totalRow.n) };
}

export async function ofShop(
  db: Db,
  shopId: number,
  f: { rating?: number | undefined; unreplied?: boolean },
  page: PageWindow,
  productName?: RawBuilder<string>,
) {
  const filtered = <Q extends ReturnType<typeof reviewSelect>>(q: Q) =>
    q
      .where("p.shop_id", "=", shopId)
      .$if(f.rating !== undefined, (b) => b.where("r.rating", "=", f.rating as number))
      .$if(!!f.unreplied, (b) => b.where("r.reply", "is", null)) as Q;
  const [rows, total] = await Promise.all([
    filtered(reviewSelect(db, productName))
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(
      db
        .selectFrom("reviews as r")
        .innerJoin("products as p", "p.id", "r.product_id")
        .where("p.shop_id", "=", shopId)
        .$if(f.rating !== undefined, (b) => b.where("r.rating", "=", f.rating as number))
        .$if(!!f.unreplied, (b) => b.where("r.reply", "is", null)),
    ),
  ]);
  return { rows, total };
}

export async function forAdmin(db: Db, status: Status, page: PageWindow, productName?: RawBuilder<string>) {
  const [rows, total] = await Promise.all([
    reviewSelect(db, productName)
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .select(["s.name as shop_name"])
      .select((eb) =>
        eb
          .selectFrom("review_reports as rr")
          .whereRef("rr.review_id", "=", "r.id")
          .select((x) => x.fn.countAll<number | string>().as("n"))
          .as("report_count"),
      )
      .where("r.status", "=", status)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("reviews as r").where("r.status", "=", status)),
  ]);
  return { rows, total };
}

export async function shopNameOf(db: Db, shopId: number) {
  const r = await db.selectFrom("shops").select("name").where("id", "=", shopId).executeTakeFirst();
  return r?.name ?? "";
}

export async function reportCount(db: Db, reviewId: number) {
  return countRows(db.selectFrom("review_reports").where("review_id", "=", reviewId));
}
