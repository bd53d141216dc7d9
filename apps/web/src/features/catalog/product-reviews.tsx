import type { ProductDetails } from "@market/contract";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useProductReviews } from "./queries.ts";
import { Rating } from "./rating.tsx";

export function ProductReviews({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isPlaceholderData } = useProductReviews(product.id, page);
  const summary = data?.summary ?? product.review_summary;
  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-5">
        <p className="text-4xl font-bold text-slate-900">{summary.average.toFixed(1)}</p>
        <Rating value={summary.average} size="md" />
        <p className="text-sm text-slate-600">{t("catalog.reviews_count", { count: summary.count })}</p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {[5, 4, 3, 2, 1].map((star) => {
            const pct = Math.round(summary.percentages[String(star)] ?? 0);
            return (
              <li key={star} className="flex items-center gap-2 text-xs text-slate-700">
                <span className="w-12 shrink-0">{t("catalog.star_n", { count: star })}</span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-amber-400" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-9 shrink-0 text-end tabular-nums">{pct}%</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
        ) : !data || data.reviews.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t("catalog.no_reviews")}
          </p>
        ) : (
          <ul className={`flex flex-col gap-3 transition-opacity ${isPlaceholderData ? "opacity-60" : ""}`}>
            {data.reviews.data.map((r) => (
              <li key={r.id} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4">
                <span
                  className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 text-sm font-semibold text-primary-800"
                  aria-hidden="true"
                >
                  {r.user.profile_photo ? (
                    <img
                      src={r.user.profile_photo}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    r.user.name.slice(0, 1).toUpperCase()
                  )}
                </span>
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="text-sm font-semibold text-slate-900">{r.user.name}</span>
                    <time dateTime={r.created_at} className="text-xs text-slate-500">
                      {dayjs(r.created_at).format("DD MMM, YYYY")}
                    </time>
                  </div>
                  <Rating value={r.rating} />
                  {r.comment && <p className="text-sm leading-6 text-slate-700">{r.comment}</p>}
                </div>
              </li>
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
