import type { ProductDetails, ReviewSort } from "@market/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "../../ui/fields.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Rating } from "../catalog/index.ts";
import { formatRating } from "../i18n/index.ts";
import { useProductReviews } from "./api.ts";
import { HelpfulButton, ReportButton } from "./review-actions.tsx";
import { ReviewItem } from "./review-item.tsx";

type SortChoice = ReviewSort | "photos";
const SORTS: SortChoice[] = ["newest", "highest", "lowest", "photos"];

/** The product page's reviews: the summary with a bar per star (a bar filters by its star), sort and pages. */
export function ProductReviews({ product }: { product: ProductDetails }) {
  const { t, i18n } = useTranslation();
  const sortId = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortChoice>("newest");
  const [star, setStar] = useState<number>();
  const { data, isPending, isPlaceholderData } = useProductReviews(product.id, {
    page,
    ...(sort === "photos" ? { photos: "1" } : { sort }),
    ...(star && { rating: star }),
  });
  const summary = data?.summary ?? product.review_summary;
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-5 lg:self-start" data-testid="review-summary">
        <p className="text-4xl font-bold text-slate-900">{formatRating(summary.average, i18n.language)}</p>
        <Rating value={summary.average} size="md" />
        <p className="text-sm text-slate-600">{t("catalog.reviews_count", { count: summary.count })}</p>
        <ul className="mt-2 flex flex-col gap-1">
          {[5, 4, 3, 2, 1].map((s) => {
            const pct = Math.round(summary.percentages[String(s)] ?? 0);
            const n = summary.counts?.[String(s)] ?? 0;
            return (
              <li key={s}>
                <button
                  type="button"
                  aria-pressed={star === s}
                  onClick={() => {
                    setStar(star === s ? undefined : s);
                    setPage(1);
                  }}
                  className="flex w-full items-center gap-2 rounded-lg px-1 py-0.5 text-xs text-slate-700 hover:bg-slate-100 aria-pressed:bg-primary-50 aria-pressed:ring-1 aria-pressed:ring-primary-200"
                >
                  <span className="w-16 shrink-0 whitespace-nowrap text-start">
                    {t("catalog.star_n", { count: s })}
                  </span>
                  <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${pct}%` }} />
                  </span>
                  <span className="w-8 shrink-0 text-end tabular-nums">{n}</span>
                  <span className="sr-only">{t("reviews.filter_star", { count: s })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {star ? (
            <button
              type="button"
              onClick={() => setStar(undefined)}
              className="rounded-full bg-primary-50 px-3 py-1 text-xs font-medium text-primary-800 hover:bg-primary-100"
            >
              {t("reviews.showing_star", { count: star })} ×
            </button>
          ) : (
            <span />
          )}
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="whitespace-nowrap text-sm text-slate-600">
              {t("reviews.sort_by")}
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as SortChoice);
                setPage(1);
              }}
              className={`${inputClass} w-auto py-1.5`}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`reviews.sort_${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
        ) : !data || data.reviews.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t(star || sort === "photos" ? "reviews.none_match" : "catalog.no_reviews")}
          </p>
        ) : (
          <ul className={`flex flex-col gap-3 transition-opacity ${isPlaceholderData ? "opacity-60" : ""}`}>
            {data.reviews.data.map((r) => (
              <ReviewItem
                key={r.id}
                review={r}
                actions={
                  !r.mine && (
                    <>
                      <HelpfulButton review={r} />
                      <ReportButton reviewId={r.id} author={r.user.name} />
                    </>
                  )
                }
              />
            ))}
          </ul>
        )}
        {data && (
          <Pagination
            page={data.reviews.current_page}
            total={data.reviews.total}
            perPage={data.reviews.per_page}
            onChange={setPage}
          />
        )}
      </div>
    </div>
  );
}
