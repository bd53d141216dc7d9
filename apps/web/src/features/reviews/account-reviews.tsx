import type { MyReview, ToReviewItem } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { Rating } from "../catalog/index.ts";
import { formatDate } from "../i18n/index.ts";
import { LIST_PER_PAGE, useDeleteReview, useMyReviews, useToReview } from "./api.ts";
import { ReviewFormDialog } from "./review-form.tsx";
import { ShopReply } from "./review-item.tsx";

const card = "flex gap-3 rounded-2xl border border-slate-200 bg-white p-4";

function Thumb({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      className="size-16 shrink-0 rounded-lg border border-slate-100 object-cover"
    />
  );
}

function ToReviewRow({ item }: { item: ToReviewItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <li className={card} data-testid="to-review-item">
      <Thumb src={item.product.thumbnail} />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={productPath(item.product)}
            className="line-clamp-2 text-sm font-medium text-slate-900 hover:underline"
          >
            {item.product.name}
          </Link>
          <p className="mt-0.5 text-xs text-slate-500">
            <Link to={`/order-history/${item.order_id}`} className="hover:underline">
              <bdi>{item.order_code}</bdi>
            </Link>{" "}
            · {t("reviews.delivered_on", { date: formatDate(item.delivered_at) })}
          </p>
        </div>
        <Button size="sm" onClick={() => setOpen(true)}>
          {t("reviews.write_review")}
        </Button>
      </div>
      {open && (
        <ReviewFormDialog
          open={open}
          onOpenChange={setOpen}
          target={{ orderId: item.order_id, product: item.product }}
        />
      )}
    </li>
  );
}

function MyReviewRow({ review }: { review: MyReview }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReview();
  return (
    <li className={card} data-testid="my-review">
      <Thumb src={review.product.thumbnail} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={productPath(review.product)}
            className="line-clamp-1 text-sm font-medium text-slate-900 hover:underline"
          >
            {review.product.name}
          </Link>
          {review.status === "hidden" && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {t("reviews.status_hidden")}
            </span>
          )}
        </div>
        <Rating value={review.rating} />
        <p dir="auto" className="whitespace-pre-line break-words text-start text-sm text-slate-700">
          {review.comment}
        </p>
        {review.photos.length > 0 && (
          <div className="flex gap-2">
            {review.photos.map((p) => (
              <img key={p.id} src={p.url} alt="" width={48} height={48} className="size-12 rounded-md object-cover" />
            ))}
          </div>
        )}
        {review.reply && <ShopReply text={review.reply.text} />}
        <div className="mt-1 flex flex-wrap gap-2">
          {review.can_edit && (
            <Button variant="outline" size="xs" onClick={() => setEditing(true)}>
              {t("reviews.edit_review")}
            </Button>
          )}
          {review.can_delete && (
            <Button variant="danger-outline" size="xs" onClick={() => setDeleting(true)}>
              {t("reviews.delete")}
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <ReviewFormDialog
          open={editing}
          onOpenChange={setEditing}
          target={{ orderId: review.order_id, product: review.product }}
          review={review}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("reviews.delete_title")}
        description={t("reviews.delete_text")}
        confirmLabel={t("reviews.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(review.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(t("reviews.deleted"), SUCCESS_TOAST);
            },
            onError: (e) => showApiError(e),
          })
        }
      />
    </li>
  );
}

/** The account area's reviews: the delivered products still to review, then the shopper's reviews. */
export function AccountReviews() {
  const { t } = useTranslation();
  const [todoPage, setTodoPage] = useState(1);
  const [minePage, setMinePage] = useState(1);
  const todo = useToReview(todoPage);
  const mine = useMyReviews(minePage);
  return (
    <div className="space-y-8">
      <section aria-labelledby="to-review-title">
        <h2 id="to-review-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("reviews.to_review")}
        </h2>
        <PagedList
          list={todo.data}
          isError={todo.isError}
          onReload={() => todo.refetch()}
          page={todoPage}
          perPage={LIST_PER_PAGE}
          onPageChange={setTodoPage}
          empty={<EmptyState title={t("reviews.nothing_to_review")} text={t("reviews.nothing_to_review_text")} />}
        >
          {(items) => (
            <ul className="space-y-3">
              {items.map((i) => (
                <ToReviewRow key={`${i.order_id}-${i.product.id}`} item={i} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
      <section aria-labelledby="my-reviews-title">
        <h2 id="my-reviews-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("reviews.my_reviews")}
        </h2>
        <PagedList
          list={mine.data}
          isError={mine.isError}
          onReload={() => mine.refetch()}
          page={minePage}
          perPage={LIST_PER_PAGE}
          onPageChange={setMinePage}
          empty={<EmptyState title={t("reviews.no_reviews_yet")} />}
        >
          {(items) => (
            <ul className="space-y-3">
              {items.map((r) => (
                <MyReviewRow key={r.id} review={r} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}
