import type { Review } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { shownName } from "../../lib/messages.ts";
import type { PageArgs } from "../../lib/paging.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import * as repo from "./reviews.repository.ts";

// The product page's reviews: the summary and a page of the shown reviews. The catalogue's
// product answers read them here (the review writes live in reviews.service.ts, which clears the
// catalogue's cache, so the two directions stay in separate files).

export function reviewSummaryOf(counts: { rating: number; count: number }[]) {
  const count = counts.reduce((n, c) => n + c.count, 0);
  const sum = counts.reduce((n, c) => n + c.rating * c.count, 0);
  const percentages: Record<string, number> = {};
  const perStar: Record<string, number> = {};
  for (let star = 1; star <= 5; star++) {
    const n = counts.find((c) => c.rating === star)?.count ?? 0;
    perStar[String(star)] = n;
    percentages[String(star)] = count === 0 ? 0 : Math.round((n / count) * 1000) / 10;
  }
  return {
    average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10,
    count,
    percentages,
    counts: perStar,
  };
}

/** Rows as the product page shows them, with their photos and the viewer's votes. */
export async function publicReviewsOf(
  { dbh }: DbDeps,
  rows: repo.ReviewRow[],
  locale: string,
  viewerId?: number,
): Promise<Review[]> {
  const ids = rows.map((r) => r.id);
  const [photos, voted] = await Promise.all([
    repo.photosOf(dbh.db, ids),
    viewerId ? repo.votedBy(dbh.db, viewerId, ids) : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    created_at: r.created_at,
    user: { name: shownName(r.user_name, r.user_erased_at, locale), profile_photo: r.profile_photo },
    verified_purchase: r.order_id !== null,
    photos: photos.filter((p) => p.review_id === r.id).map((p) => p.url),
    helpful_count: Number(r.helpful_count),
    voted_helpful: voted.has(r.id),
    mine: viewerId !== undefined && r.user_id === viewerId,
    reply: r.reply && r.replied_at ? { text: r.reply, created_at: r.replied_at } : null,
    updated_at: r.updated_at,
  }));
}

export async function reviewSummary(deps: DbDeps, productId: number) {
  return reviewSummaryOf(await repo.publicCounts(deps.dbh.db, productId));
}

/** A page of a product's shown reviews; `total`, when the caller has counted them already, saves the count. */
export async function reviewPage(
  deps: DbDeps,
  productId: number,
  q: PageArgs & repo.PublicFilter,
  locale: string,
  viewerId?: number,
  total?: number,
) {
  const page = await repo.publicPage(deps.dbh.db, productId, q, pageWindow(q), total);
  return paginate(await publicReviewsOf(deps, page.rows, locale, viewerId), page.total, q);
}
