import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { useOrderReviews } from "./api.ts";
import { ReviewFormDialog } from "./review-form.tsx";

/**
 * The order page's action on a line of a delivered order: "Write a review", or "Edit review" while
 * the shopper's review is inside its edit window. Lines of one product share one review.
 */
export function OrderLineReview({
  orderId,
  delivered,
  product,
}: {
  orderId: number;
  delivered: boolean;
  product: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useOrderReviews(orderId, delivered);
  if (!delivered || !data?.can_review) return null;
  const review = data.products.find((p) => p.product_id === product.id)?.review ?? null;
  if (review && !review.can_edit) return <span className="text-xs text-slate-500">{t("reviews.reviewed")}</span>;
  return (
    <>
      <Button variant={review ? "outline" : "primary"} size="xs" onClick={() => setOpen(true)}>
        {t(review ? "reviews.edit_review" : "reviews.write_review")}
      </Button>
      {open && <ReviewFormDialog open={open} onOpenChange={setOpen} target={{ orderId, product }} review={review} />}
    </>
  );
}
