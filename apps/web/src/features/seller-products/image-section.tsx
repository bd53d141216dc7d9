import { PRODUCT_LIMITS, srcSetOf } from "@market/contract";
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { FieldError } from "../../ui/fields.tsx";
import { handOffNear, useFocusOnMove } from "../../ui/focus-return.ts";
import { toast } from "../../ui/toast.ts";
import type { ProductFormValues } from "./form-values.ts";
import { uploadProductImage } from "./queries.ts";
import { moved } from "./variant-rows.ts";

type Form = UseFormReturn<ProductFormValues, unknown, unknown>;

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
/** The drag of a thumbnail inside the list (not a file from outside). */
const DRAG_TYPE = "application/x-product-image-index";

/** The product's images: upload by drop or chooser, reorder by drag or buttons, the first is the thumbnail. */
export function ImageSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const inputId = useId();
  const images = useWatch({ control: form.control, name: "images" }) ?? [];
  const [uploading, setUploading] = useState(0);
  const [dropping, setDropping] = useState(false);
  const dragged = useRef<number | null>(null);
  const error = form.formState.errors.images;

  const setImages = (next: string[]) => form.setValue("images", next, { shouldDirty: true, shouldValidate: false });

  const upload = async (files: File[]) => {
    const room = PRODUCT_LIMITS.maxImages - (form.getValues("images")?.length ?? 0);
    if (files.length > room) toast.warning(t("seller_products.too_many_images", { count: PRODUCT_LIMITS.maxImages }));
    const accepted = files.slice(0, Math.max(0, room)).filter((f) => {
      const problem = !IMAGE_TYPES.includes(f.type)
        ? "seller_products.image_bad_type"
        : f.size > PRODUCT_LIMITS.imageBytes
          ? "seller_products.image_too_large"
          : null;
      if (problem) toast.error(t(problem, { name: f.name }));
      return !problem;
    });
    setUploading((n) => n + accepted.length);
    // One at a time, so the images keep the order they were chosen in.
    for (const file of accepted) {
      try {
        const url = await uploadProductImage(file);
        setImages([...(form.getValues("images") ?? []), url]);
      } catch (e) {
        showApiError(e);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = "";
    void upload(files);
  };

  const onDropZone = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    if (e.dataTransfer.types.includes(DRAG_TYPE)) return;
    void upload([...e.dataTransfer.files]);
  };

  const onDropTile = (e: DragEvent, to: number) => {
    if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    e.stopPropagation();
    const from = dragged.current;
    dragged.current = null;
    if (from != null && from !== to) setImages(moved(images, from, to));
  };

  const keepFocus = useFocusOnMove();
  const move = (button: HTMLElement, from: number, to: number) => {
    keepFocus(button);
    setImages(moved(images, from, to));
  };
  const tool =
    "inline-flex h-7 min-w-7 items-center justify-center rounded-md border border-slate-300 bg-white px-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";

  return (
    <div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's extra; the file chooser inside is the keyboard's way */}
      <div
        data-testid="image-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!e.dataTransfer.types.includes(DRAG_TYPE)) setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDropZone}
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm transition ${dropping ? "border-primary-500 bg-primary-50" : "border-slate-300 bg-slate-50"}`}
      >
        <p className="text-slate-600">{t("seller_products.drop_images")}</p>
        <label
          htmlFor={inputId}
          className="mt-2 inline-flex cursor-pointer rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-primary-200"
        >
          {t("seller_products.choose_images")}
          <input
            id={inputId}
            type="file"
            multiple
            accept={IMAGE_TYPES.join(",")}
            className="sr-only"
            onChange={choose}
            disabled={images.length >= PRODUCT_LIMITS.maxImages}
          />
        </label>
        <p className="mt-1 text-xs text-slate-500">
          {t("seller_products.images_hint", { count: PRODUCT_LIMITS.maxImages })}
        </p>
        {uploading > 0 && (
          <p role="status" aria-live="polite" className="mt-2 font-medium text-primary-700" data-testid="uploading">
            {t("seller_products.uploading", { count: uploading })}
          </p>
        )}
      </div>
      {images.length > 0 && (
        <ol
          className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label={t("seller_products.images")}
        >
          {images.map((src, i) => (
            <li
              key={src}
              data-testid="product-image"
              draggable
              onDragStart={(e) => {
                dragged.current = i;
                e.dataTransfer.setData(DRAG_TYPE, String(i));
                e.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(e) => {
                if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
              }}
              onDrop={(e) => onDropTile(e, i)}
              className="cursor-grab overflow-hidden rounded-xl border border-slate-200 bg-white active:cursor-grabbing"
            >
              <div className="relative aspect-square bg-slate-50">
                <img
                  src={src}
                  srcSet={srcSetOf(src)}
                  sizes="12rem"
                  alt={t("seller_products.image_n", { n: i + 1 })}
                  className="h-full w-full object-cover"
                />
                {i === 0 && (
                  <span className="absolute start-1.5 top-1.5 rounded-full bg-primary-600 px-2 py-0.5 text-xs font-medium text-white">
                    {t("seller_products.thumbnail")}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-1 p-1.5">
                <button
                  type="button"
                  className={tool}
                  disabled={i === 0}
                  data-move
                  onClick={(e) => move(e.currentTarget, i, i - 1)}
                  aria-label={t("seller_products.move_earlier", { n: i + 1 })}
                >
                  <span aria-hidden="true" className="inline-block rtl:rotate-180">
                    ←
                  </span>
                </button>
                <button
                  type="button"
                  className={tool}
                  disabled={i === images.length - 1}
                  data-move
                  onClick={(e) => move(e.currentTarget, i, i + 1)}
                  aria-label={t("seller_products.move_later", { n: i + 1 })}
                >
                  <span aria-hidden="true" className="inline-block rtl:rotate-180">
                    →
                  </span>
                </button>
                {i > 0 && (
                  <button type="button" className={tool} onClick={(e) => move(e.currentTarget, i, 0)}>
                    {t("seller_products.make_thumbnail")}
                  </button>
                )}
                <button
                  type="button"
                  className={`${tool} ms-auto text-red-700`}
                  onClick={(e) => {
                    // The keyboard goes on from the image now in its place (its ✕), once it shows.
                    if (e.currentTarget === document.activeElement) requestAnimationFrame(handOffNear(e.currentTarget));
                    setImages(images.filter((_, j) => j !== i));
                  }}
                  aria-label={t("seller_products.remove_image", { n: i + 1 })}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FieldError message={error?.message ?? error?.root?.message} />
    </div>
  );
}
