import { REVIEW_REPLY_MAX, type ShopReview } from "@market/contract";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { inputClass } from "../../ui/fields.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { StatusTabs } from "../support/index.ts";
import { LIST_PER_PAGE, useReplyReview, useSellerReviews } from "./api.ts";
import { ReportButton } from "./review-actions.tsx";
import { ReviewItem } from "./review-item.tsx";

/** The shop's one public answer to a review. */
function ReplyForm({ review }: { review: ShopReview }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const reply = useReplyReview();
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The keyboard goes into the form it opened, and back to Reply when it is cancelled.
  const toggle = (next: boolean) => {
    flushSync(() => setOpen(next));
    (next ? textRef : buttonRef).current?.focus();
  };
  if (!open)
    return (
      <Button
        ref={buttonRef}
        size="xs"
        onClick={() => toggle(true)}
        aria-label={t("reviews.reply_named", { name: review.user.name })}
      >
        {t("reviews.reply")}
      </Button>
    );
  return (
    <form
      className="w-full space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        reply.mutate(
          { id: review.id, reply: text.trim() },
          {
            onSuccess: () => {
              toast.success(t("reviews.reply_published"), SUCCESS_TOAST);
              setOpen(false);
            },
            onError: (e) =>
              e instanceof ApiError && e.code === "conflict"
                ? toast.error(t("reviews.already_replied"))
                : showApiError(e),
          },
        );
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("reviews.public_reply")}
      </label>
      <textarea
        ref={textRef}
        id={id}
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={inputClass}
      />
      <p className="text-xs text-slate-500">{t("reviews.reply_once_hint")}</p>
      <div className="flex gap-2">
        <Button type="submit" size="xs" disabled={reply.isPending || !text.trim()}>
          {t("reviews.publish_reply")}
        </Button>
        <Button variant="outline" size="xs" onClick={() => toggle(false)}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** The Seller Centre's reviews of the shop's products, with the reply and report actions. */
export function SellerReviews() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<"all" | "unreplied">("all");
  const query = useSellerReviews(page, filter);
  return (
    <div className="space-y-4">
      <StatusTabs
        label={t("reviews.filter")}
        value={filter}
        options={(["all", "unreplied"] as const).map((f) => ({ value: f, label: t(`reviews.filter_${f}`) }))}
        onChange={(f) => {
          setFilter(f);
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
        empty={<EmptyState title={t("reviews.shop_no_reviews")} />}
      >
        {(reviews) => (
          <ul className="space-y-3">
            {reviews.map((r) => (
              <ReviewItem
                key={r.id}
                review={r}
                header={<p className="text-xs font-medium text-primary-700">{r.product.name}</p>}
                actions={
                  <>
                    {!r.reply && <ReplyForm review={r} />}
                    {r.status === "hidden" ? (
                      <span className="text-xs text-slate-500">{t("reviews.status_hidden")}</span>
                    ) : (
                      <ReportButton reviewId={r.id} author={r.user.name} />
                    )}
                  </>
                }
              />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
