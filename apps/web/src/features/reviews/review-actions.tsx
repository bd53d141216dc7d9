import { REVIEW_REPORT_REASON_MAX, type Review } from "@market/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { inputClass } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useUiStore } from "../auth/index.ts";
import { useHelpfulVote, useReportReview } from "./api.ts";

/** "Helpful (n)": one vote per shopper; a visitor is asked to sign in first. */
export function HelpfulButton({ review }: { review: Review }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => !!s.token);
  const vote = useHelpfulVote();
  const [voted, setVoted] = useState(review.voted_helpful);
  const count = review.helpful_count + (voted && !review.voted_helpful ? 1 : 0);
  return (
    <button
      type="button"
      aria-pressed={voted}
      disabled={voted || vote.isPending}
      onClick={() => {
        if (!signedIn) return useUiStore.getState().openLogin();
        vote.mutate(review.id, {
          onSuccess: () => setVoted(true),
          onError: (e) =>
            e instanceof ApiError && e.code === "forbidden" ? toast.error(t("reviews.own_review")) : showApiError(e),
        });
      }}
      className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-primary-300 aria-pressed:bg-primary-50 aria-pressed:text-primary-800"
    >
      {t("reviews.helpful_n", { count })}
    </button>
  );
}

/** Reports a review to the operator, with a reason; the button names the review's author. */
export function ReportButton({ reviewId, author }: { reviewId: number; author: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => !!s.token);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const report = useReportReview();
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="text-xs text-slate-500 hover:text-slate-800 hover:underline"
        onClick={() => (signedIn ? setOpen(true) : useUiStore.getState().openLogin())}
        aria-label={t("reviews.report_named", { name: author })}
      >
        {t("reviews.report")}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("reviews.report_title")}
        description={t("reviews.report_text")}
      >
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            report.mutate(
              { id: reviewId, reason: reason.trim() },
              {
                onSuccess: ({ reported }) => {
                  setOpen(false);
                  setReason("");
                  toast.success(t(reported ? "reviews.reported" : "reviews.already_reported"), SUCCESS_TOAST);
                },
                onError: (e) =>
                  e instanceof ApiError && e.code === "forbidden"
                    ? toast.error(t("reviews.own_review"))
                    : showApiError(e),
              },
            );
          }}
        >
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {t("reviews.report_reason")}
          </label>
          <textarea
            id={id}
            rows={3}
            required
            maxLength={REVIEW_REPORT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={report.isPending || !reason.trim()}>
              {t("reviews.send_report")}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
