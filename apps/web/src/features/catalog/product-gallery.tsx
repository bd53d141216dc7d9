import { IMAGE_SIZES, srcSetOf } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The main image and its thumbnails; a thumbnail button shows its image in the main frame. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-3xl border border-slate-200 bg-white">
        {current && (
          <img
            src={current}
            srcSet={srcSetOf(current)}
            sizes={IMAGE_SIZES.productMain}
            alt={name}
            width={800}
            height={800}
            fetchPriority="high"
            className="h-full w-full object-contain"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label={t("catalog.product_images")}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-pressed={i === active}
                aria-label={t("catalog.show_image", { index: i + 1 })}
                className={`block aspect-square w-full overflow-hidden rounded-xl border-2 bg-white transition ${
                  i === active ? "border-primary-600" : "border-transparent ring-1 ring-slate-200 hover:ring-slate-300"
                }`}
              >
                <img
                  src={src}
                  srcSet={srcSetOf(src)}
                  sizes="(min-width: 1024px) 7.5rem, 20vw"
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
