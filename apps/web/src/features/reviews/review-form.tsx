import {
  type MyReview,
  REVIEW_COMMENT_MAX,
  REVIEW_PHOTO_ACCEPT,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewUpdateBody,
} from "@market/contract";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FieldError, invalidProps, SubmitButton, TextAreaField, useFocusFirstInvalid } from "../../ui/fields.tsx";
import { STAR_PATH } from "../../ui/icons.tsx";
import { PhotoPicker, usePhotoFiles } from "../../ui/photo-picker.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useSaveReview } from "./api.ts";

const formSchema = reviewUpdateBody.omit({ keep_photos: true });

/** Five radio buttons drawn as stars; the keyboard moves between them like any radio group. */
function StarsInput({ value, onChange, error }: { value: number; onChange: (n: number) => void; error?: string }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("reviews.your_rating")}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded p-0.5 focus-within:ring-2 focus-within:ring-primary-300">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={t("reviews.stars_n", { count: n })}
              {...invalidProps(`${name}-error`, error)}
            />
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className={`size-8 ${n <= value ? "text-amber-400" : "text-slate-300"}`}
              fill="currentColor"
            >
              <path d={STAR_PATH} />
            </svg>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

type Target = { orderId: number; product: { id: number; name: string } };

/**
 * Writes a new review of a product of a delivered order, or edits the shopper's review: stars,
 * text and up to four photos (the server checks them by content; here only the obvious is checked).
 */
export function ReviewFormDialog({
  open,
  onOpenChange,
  target,
  review,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: Target;
  review?: MyReview | null | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveReview();
  const fileId = useId();
  const [kept, setKept] = useState<number[]>(() => review?.photos.map((p) => p.id) ?? []);
  const photos = usePhotoFiles({
    max: REVIEW_PHOTOS_MAX,
    maxBytes: REVIEW_PHOTO_MAX_BYTES,
    kept: kept.length,
    tooLarge: t("reviews.photo_too_large"),
    tooMany: t("reviews.too_many_photos", { count: REVIEW_PHOTOS_MAX }),
  });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors, submitCount },
  } = useForm({
    resolver: useContractResolver(formSchema),
    defaultValues: { rating: review?.rating ?? 0, comment: review?.comment ?? "" },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount);
  const rating = Number(watch("rating")) || 0;

  const submit = handleSubmit((values) => {
    const form = new FormData();
    form.set("rating", String(values.rating));
    form.set("comment", values.comment);
    if (review) form.set("keep_photos", kept.join(","));
    else {
      form.set("order_id", String(target.orderId));
      form.set("product_id", String(target.product.id));
    }
    for (const f of photos.files) form.append("photos[]", f, f.name);
    save.mutate(
      { id: review?.id, form },
      {
        onSuccess: () => {
          toast.success(t(review ? "reviews.updated" : "reviews.thanks"), SUCCESS_TOAST);
          photos.clear();
          onOpenChange(false);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === "conflict") {
            toast.error(t(review ? "reviews.edit_window_over" : "reviews.already_reviewed"));
            return;
          }
          if (e instanceof ApiError && e.fieldError("photos")) photos.refuse(t("reviews.photo_refused"));
          showApiError(e, setError, ["rating", "comment"]);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(review ? "reviews.edit_review" : "reviews.write_review")}
      description={target.product.name}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="review-form">
        <StarsInput
          value={rating}
          onChange={(n) => setValue("rating", n, { shouldValidate: true })}
          error={errors.rating?.message}
        />
        <TextAreaField
          label={t("reviews.your_review")}
          maxLength={REVIEW_COMMENT_MAX}
          placeholder={t("reviews.review_placeholder")}
          error={errors.comment?.message}
          {...register("comment")}
        />
        <PhotoPicker
          id={fileId}
          label={t("reviews.photos_label", { count: REVIEW_PHOTOS_MAX })}
          photos={photos}
          kept={(review?.photos ?? [])
            .filter((p) => kept.includes(p.id))
            .map((p) => ({ url: p.url, onRemove: () => setKept((k) => k.filter((x) => x !== p.id)) }))}
          accept={REVIEW_PHOTO_ACCEPT}
          addLabel={t("reviews.add_photos")}
          removeLabel={t("reviews.remove_photo")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" size="md" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <SubmitButton busy={save.isPending} className="sm:w-auto">
            {t(review ? "reviews.save_changes" : "reviews.submit_review")}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
