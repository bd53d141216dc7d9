import {
  type AdminReview,
  type MyReview,
  REVIEW_EDIT_DAYS,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  type ReviewBody,
  type ReviewUpdateBody,
  type ShopReview,
  type ToReviewItem,
} from "@market/contract";
import { writeTransaction } from "../../db/index.ts";
import { translated } from "../../db/queries.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { imageExtension } from "../../lib/image-upload.ts";
import { shippedLocale, shownName } from "../../lib/messages.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { recordAudit } from "../admin/audit.service.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { notifyInApp } from "../notifications/notify.ts";
import { publicReviewsOf } from "./review-list.service.ts";
import * as repo from "./reviews.repository.ts";

export type ReviewDeps = Pick<AppDeps, "dbh" | "config" | "realtime" | "log">;

/** A photo file of a review form, read into memory (bounded by the routes' form limits). */
export interface PhotoFile {
  bytes: Buffer;
  truncated: boolean;
}

const FOLDER = "reviews";
const DAY_MS = 86_400_000;
const conflict = (message: string) => new AppError(409, message);
const photoError = (message: string) => new AppError(422, message, { photos: [message] });

const canEdit = (createdAt: string) => clock.ms() - Date.parse(createdAt) <= REVIEW_EDIT_DAYS * DAY_MS;

// ---- mapping ----

const productOf = (r: repo.ReviewRow) => ({
  id: r.product_id,
  name: r.product_name,
  slug: r.product_slug,
  thumbnail: r.product_thumbnail,
});

async function myReviewsOf({ dbh }: DbDeps, rows: repo.ReviewRow[]): Promise<MyReview[]> {
  const photos = await repo.photosOf(
    dbh.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id ?? 0,
    product: productOf(r),
    rating: r.rating,
    comment: r.comment,
    photos: photos.filter((p) => p.review_id === r.id).map((p) => ({ id: p.id, url: p.url })),
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
    can_edit: canEdit(r.created_at),
    can_delete: r.status !== "hidden",
    reply: r.reply && r.replied_at ? { text: r.reply, created_at: r.replied_at } : null,
  }));
}

async function shopReviewsOf(deps: DbDeps, rows: repo.ReviewRow[], locale: string): Promise<ShopReview[]> {
  const shown = await publicReviewsOf(deps, rows, locale);
  return shown.map((r, i) => ({
    ...r,
    product: productOf(rows[i] as repo.ReviewRow),
    status: (rows[i] as repo.ReviewRow).status,
  }));
}

// ---- photos ----

/** Checks every photo by its content and size, then stores them; answers their public URLs. */
async function savePhotos(deps: ReviewDeps, files: PhotoFile[]): Promise<string[]> {
  if (files.length > REVIEW_PHOTOS_MAX) throw photoError(REVIEW_MESSAGES.tooManyPhotos);
  const exts: string[] = [];
  for (const f of files) {
    exts.push(
      await imageExtension(f, {
        field: "photos",
        maxBytes: REVIEW_PHOTO_MAX_BYTES,
        tooLarge: REVIEW_MESSAGES.photoTooLarge,
        badType: REVIEW_MESSAGES.photoBadType,
      }),
    );
  }
  return Promise.all(files.map((f, i) => saveUpload(deps.config, FOLDER, exts[i] as string, f.bytes)));
}

const removePhotos = (deps: ReviewDeps, urls: string[]) => Promise.all(urls.map((u) => removeUpload(deps.config, u)));

/** Runs `write` with the photos saved; a failed write takes them away again. */
async function withPhotos<T>(deps: ReviewDeps, files: PhotoFile[], write: (urls: string[]) => Promise<T>) {
  const urls = await savePhotos(deps, files);
  try {
    return await write(urls);
  } catch (e) {
    await removePhotos(deps, urls);
    throw e;
  }
}

// ---- the shopper ----

/** Writes a review of a product of the shopper's delivered order: once per order and product. */
export async function createReview(deps: ReviewDeps, userId: number, body: ReviewBody, files: PhotoFile[]) {
  const { db } = deps.dbh;
  const order = await repo.ownOrder(db, userId, body.order_id);
  if (!order) throw notFound("Order");
  if (order.sells_here) throw new AppError(403, REVIEW_MESSAGES.ownShop);
  if (order.order_status !== "Delivered") throw conflict(REVIEW_MESSAGES.notDelivered);
  if (!(await repo.orderProductIds(db, order.id)).includes(body.product_id))
    throw new AppError(422, REVIEW_MESSAGES.notInOrder, { product_id: [REVIEW_MESSAGES.notInOrder] });

  const { id, shopId } = await withPhotos(deps, files, (urls) =>
    writeTransaction(deps.dbh, async (trx) => {
      const product = await repo.lockProduct(trx, body.product_id, deps.dbh.pg);
      if (!product) throw notFound("Product");
      const id = await repo.insertReview(trx, {
        product_id: body.product_id,
        user_id: userId,
        order_id: order.id,
        rating: body.rating,
        comment: body.comment,
        created_at: clock.iso(),
      });
      // The unique (order, product) key refused it: a second review, or a race with the first.
      if (id === undefined) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      await repo.insertPhotos(trx, id, urls);
      await repo.recountRatings(trx, product.id, product.shop_id);
      return { id, shopId: product.shop_id };
    }),
  );
  clearCatalogCache();
  const product = await nameIn(deps, id, await repo.ownerLocale(db, shopId));
  await notifyInApp(
    deps,
    { shopId },
    "review_posted",
    { product, product_id: body.product_id, rating: body.rating },
    order.id,
  );
  return myReview(deps, userId, id);
}

/**
 * The reviewed product's name in the language of whoever is told (their `users.locale`): kept in
 * the notification for when the product is gone; the bell names it by `product_id` in the reader's language.
 */
async function nameIn(deps: DbDeps, reviewId: number, locale: string | null): Promise<string> {
  const row = await repo.reviewById(deps.dbh.db, reviewId, productName(deps, shippedLocale(locale)));
  return row?.product_name ?? "";
}

async function ownReview(deps: DbDeps, userId: number, id: number) {
  const row = await repo.reviewById(deps.dbh.db, id);
  if (!row || row.user_id !== userId || row.order_id === null) throw notFound("Review");
  return row;
}

export async function myReview(deps: DbDeps, userId: number, id: number): Promise<MyReview> {
  const [r] = await myReviewsOf(deps, [await ownReview(deps, userId, id)]);
  return r as MyReview;
}

/** Changes the stars, the text and the photos within REVIEW_EDIT_DAYS of writing. */
export async function updateReview(
  deps: ReviewDeps,
  userId: number,
  id: number,
  body: ReviewUpdateBody,
  files: PhotoFile[],
) {
  const row = await ownReview(deps, userId, id);
  if (!canEdit(row.created_at)) throw conflict(REVIEW_MESSAGES.editWindowOver);
  const before = await repo.photosOf(deps.dbh.db, [id]);
  const kept = body.keep_photos === undefined ? before : before.filter((p) => body.keep_photos?.includes(p.id));
  const dropped = before.filter((p) => !kept.includes(p));
  if (kept.length + files.length > REVIEW_PHOTOS_MAX) throw photoError(REVIEW_MESSAGES.tooManyPhotos);
  await withPhotos(deps, files, (urls) =>
    writeTransaction(deps.dbh, async (trx) => {
      const product = await repo.lockProduct(trx, row.product_id, deps.dbh.pg);
      if (!product) throw notFound("Product");
      await repo.updateReview(trx, id, { rating: body.rating, comment: body.comment, updated_at: clock.iso() });
      await repo.deletePhotos(
        trx,
        dropped.map((p) => p.id),
      );
      await repo.insertPhotos(trx, id, urls, before.length);
      await repo.recountRatings(trx, product.id, product.shop_id);
    }),
  );
  await removePhotos(
    deps,
    dropped.map((p) => p.url),
  );
  clearCatalogCache();
  return myReview(deps, userId, id);
}

export async function deleteReview(deps: ReviewDeps, userId: number, id: number) {
  const row = await ownReview(deps, userId, id);
  if (row.status === "hidden") throw conflict(REVIEW_MESSAGES.hiddenStays);
  const photos = await repo.photosOf(deps.dbh.db, [id]);
  await writeTransaction(deps.dbh, async (trx) => {
    const product = await repo.lockProduct(trx, row.product_id, deps.dbh.pg);
    await repo.deleteReview(trx, id);
    if (product) await repo.recountRatings(trx, product.id, product.shop_id);
  });
  await removePhotos(
    deps,
    photos.map((p) => p.url),
  );
  clearCatalogCache();
  return { id };
}

export async function myReviews(deps: DbDeps, userId: number, q: PageArgs, locale: string) {
  const page = await repo.mine(deps.dbh, userId, pageWindow(q), locale);
  return paginate(await myReviewsOf(deps, page.rows), page.total, q);
}

export async function toReview(deps: DbDeps, userId: number, q: PageArgs, locale: string) {
  const page = await repo.toReview(deps.dbh, userId, pageWindow(q), locale);
  const items: ToReviewItem[] = page.rows.map((r) => ({
    order_id: Number(r.order_id),
    order_code: r.order_code,
    delivered_at: r.delivered_at ?? r.updated_at,
    product: { id: Number(r.id), name: r.name, slug: r.slug, thumbnail: r.thumbnail },
  }));
  return paginate(items, page.total, q);
}

/** Each product of the shopper's order with their review of it; another shopper's order is a 404. */
export async function orderReviews(deps: DbDeps, userId: number, orderId: number, locale: string) {
  const { db } = deps.dbh;
  const order = await repo.ownOrder(db, userId, orderId);
  if (!order) throw notFound("Order");
  const [productIds, rows] = await Promise.all([
    repo.orderProductIds(db, orderId),
    repo.mineInOrder(deps.dbh, userId, orderId, locale),
  ]);
  const reviews = await myReviewsOf(deps, rows);
  return {
    can_review: order.order_status === "Delivered",
    products: productIds.map((pid) => ({ product_id: pid, review: reviews.find((r) => r.product.id === pid) ?? null })),
  };
}

/** A review shown on the product page, or a 404 (hidden reviews are gone for everyone but their author). */
async function shownReview(deps: DbDeps, id: number) {
  const row = await repo.reviewById(deps.dbh.db, id);
  if (!row || row.status === "hidden") throw notFound("Review");
  return row;
}

/** One "helpful" vote per shopper: the vote's key refuses a second one, even two at once. */
export async function voteHelpful(deps: DbDeps, userId: number, id: number) {
  const row = await shownReview(deps, id);
  if (row.user_id === userId) throw new AppError(403, REVIEW_MESSAGES.ownReview);
  const counted = await writeTransaction(deps.dbh, (trx) => repo.addVote(trx, id, userId, clock.iso()));
  if (counted) clearCatalogCache();
  return { helpful_count: await repo.helpfulCount(deps.dbh.db, id), voted_helpful: true };
}

/** A shopper's or a seller's report: the review waits in the operator's queue. */
export async function reportReview(deps: DbDeps, userId: number, id: number, reason: string) {
  const row = await shownReview(deps, id);
  if (row.user_id === userId) throw new AppError(403, REVIEW_MESSAGES.ownReview);
  const reported = await writeTransaction(deps.dbh, (trx) => repo.addReport(trx, id, userId, reason, clock.iso()));
  return { reported };
}

// ---- the Seller Centre ----

/** The product's name in the reader's language, as the storefront names it. */
const productName = ({ dbh }: DbDeps, locale: string) => translated(dbh.pg, "p", "name", locale);

export async function shopReviews(
  deps: DbDeps,
  shopId: number,
  q: PageArgs & { rating?: number | undefined; filter?: "all" | "unreplied" | undefined },
  locale: string,
) {
  const page = await repo.ofShop(
    deps.dbh.db,
    shopId,
    { rating: q.rating, unreplied: q.filter === "unreplied" },
    pageWindow(q),
    productName(deps, locale),
  );
  return paginate(await shopReviewsOf(deps, page.rows, locale), page.total, q);
}

/**
 * The shop's one public answer to a review of its product; another shop's review is a 404. The
 * review's author is told, with the product named in their language.
 */
export async function replyToReview(
  deps: Pick<AppDeps, "dbh" | "realtime" | "log">,
  shopId: number,
  id: number,
  reply: string,
  locale: string,
) {
  const row = await repo.reviewById(deps.dbh.db, id);
  if (!row || row.shop_id !== shopId) throw notFound("Review");
  // Written only while there is none, in one statement: two replies at once cannot both land.
  const written = await writeTransaction(deps.dbh, (trx) => repo.setReplyOnce(trx, id, reply, clock.iso()));
  if (!written) throw conflict(REVIEW_MESSAGES.alreadyReplied);
  clearCatalogCache();
  const product = await nameIn(deps, id, row.user_locale);
  await notifyInApp(
    deps,
    { userId: row.user_id },
    "review_replied",
    { product, product_id: row.product_id },
    row.order_id,
  );
  const updated = await repo.reviewById(deps.dbh.db, id, productName(deps, locale));
  const [r] = await shopReviewsOf(deps, updated ? [updated] : [], locale);
  return r as ShopReview;
}

// ---- the admin console ----

async function adminReviewsOf(
  deps: DbDeps,
  rows: (repo.ReviewRow & { shop_name: string; report_count: unknown })[],
  locale: string,
) {
  const [shown, reports] = await Promise.all([
    shopReviewsOf(deps, rows, locale),
    repo.reportsOf(
      deps.dbh.db,
      rows.map((r) => r.id),
    ),
  ]);
  return shown.map(
    (r, i): AdminReview => ({
      ...r,
      shop: { id: (rows[i] as repo.ReviewRow).shop_id, name: (rows[i] as { shop_name: string }).shop_name },
      reports: reports
        .filter((x) => x.review_id === r.id)
        .slice(0, 10)
        .map((x) => ({ reason: x.reason, created_at: x.created_at, by: shownName(x.name, x.erased_at, locale) })),
      report_count: Number((rows[i] as { report_count: unknown }).report_count ?? 0),
    }),
  );
}

export async function adminReviews(
  deps: DbDeps,
  q: PageArgs & { status?: "reported" | "hidden" | "kept" | undefined },
  locale: string,
) {
  const page = await repo.forAdmin(deps.dbh.db, q.status ?? "reported", pageWindow(q), productName(deps, locale));
  return paginate(await adminReviewsOf(deps, page.rows, locale), page.total, q);
}

/** Hides a review (it leaves the product page and the ratings) or keeps it; audited. */
export async function moderateReview(
  deps: DbDeps,
  adminId: number,
  id: number,
  decision: "hide" | "keep",
  locale: string,
) {
  const before = await repo.reviewById(deps.dbh.db, id);
  if (!before) throw notFound("Review");
  const status = decision === "hide" ? "hidden" : "kept";
  await writeTransaction(deps.dbh, async (trx) => {
    const product = await repo.lockProduct(trx, before.product_id, deps.dbh.pg);
    await repo.setStatus(trx, id, status);
    if (product) await repo.recountRatings(trx, product.id, product.shop_id);
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: decision,
      entity: "review",
      entityId: id,
      summary: `${before.product_name}: ${before.comment}`,
      before: { status: before.status, rating: before.rating },
      after: { status, rating: before.rating },
    });
  });
  clearCatalogCache();
  const row = await repo.reviewById(deps.dbh.db, id, productName(deps, locale));
  const withShop = row && {
    ...row,
    shop_name: await repo.shopNameOf(deps.dbh.db, row.shop_id),
    report_count: await repo.reportCount(deps.dbh.db, id),
  };
  const [r] = await adminReviewsOf(deps, withShop ? [withShop] : [], locale);
  return r as AdminReview;
}
