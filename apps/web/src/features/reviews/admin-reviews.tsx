import type { AdminReview } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { formatDate } from "../i18n/index.ts";
import { StatusTabs } from "../support/index.ts";
import { type AdminReviewFilter, LIST_PER_PAGE, useAdminReviews, useModerateReview } from "./api.ts";
import { ReviewItem } from "./review-item.tsx";

const FILTERS: AdminReviewFilter[] = ["reported", "hidden", "kept"];

function Decision({ review }: { review: AdminReview }) {
  const { t } = useTranslation();
  const moderate = useModerateReview();
  const decide = (decision: "hide" | "keep") =>
    moderate.mutate(
      { id: review.id, decision },
      {
        onSuccess: () =>
          toast.success(t(decision === "hide" ? "reviews.was_hidden" : "reviews.was_kept"), SUCCESS_TOAST),
        onError: (e) => showApiError(e),
      },
    );
  return (
    <>
      {review.status !== "hidden" && (
        <Button variant="danger" size="xs" disabled={moderate.isPending} onClick={() => decide("hide")}>
          {t("reviews.hide")}
        </Button>
      )}
      {review.status !== "kept" && (
        <Button variant="outline" size="xs" disabled={moderate.isPending} onClick={() => decide("keep")}>
          {t(review.status === "hidden" ? "reviews.show_again" : "reviews.keep")}
        </Button>
      )}
    </>
  );
}

/** The operator's queue of reported reviews (and the hidden and kept ones): hide or keep, audited. */
export function AdminReviews() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AdminReviewFilter>("reported");
  const query = useAdminReviews(page, status);
  return (
    <div className="space-y-4">
      <StatusTabs
        label={t("reviews.filter")}
        value={status}
        options={FILTERS.map((f) => ({ value: f, label: t(`reviews.status_${f}`) }))}
        onChange={(f) => {
          setStatus(f);
          setPage(1);
        }}
      />
      <PagedList
        list={query.data}
        isError={query.isError}
        onReload={() => query.refetch()}
        page={page}
        perPage={LIST_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t("reviews.queue_empty")} />}
      >
        {(reviews) => (
          <ul className="space-y-3">
            {reviews.map((r) => (
              <ReviewItem
                key={r.id}
                review={r}
                header={
                  <p className="text-xs font-medium text-primary-700">
                    {r.product.name} · {r.shop.name}
                  </p>
                }
                actions={
                  <div className="flex w-full flex-col gap-2">
                    {r.reports.length > 0 && (
                      <div className="rounded-xl bg-amber-50 p-3 text-xs text-amber-900">
                        <p className="font-semibold">{t("reviews.reports_n", { count: r.report_count })}</p>
                        <ul className="mt-1 space-y-1">
                          {r.reports.map((x) => (
                            <li key={`${x.by}-${x.created_at}`}>
                              <bdi>{x.by}</bdi> ({formatDate(x.created_at)}): <bdi>{x.reason}</bdi>
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <Decision review={r} />
                    </div>
                  </div>
                }
              />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
