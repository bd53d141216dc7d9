import { useTranslation } from "react-i18next";
import { STAR_PATH } from "../../ui/icons.tsx";
import { formatRating } from "../i18n/index.ts";

// Five stars side by side as one SVG: a card row shows dozens of ratings, and two SVG elements per
// rating instead of ten keep their first render cheap. The same 24-unit star every 24 units.
// (The star's only absolute commands are `M12 ...` and `L12 ...`; the rest are relative.)
const FIVE_STARS_PATH = [0, 1, 2, 3, 4].map((i) => STAR_PATH.replace(/([ML])12 /g, `$1${12 + 24 * i} `)).join("");

function FiveStars({ size, className }: { size: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size * 5}
      height={size}
      viewBox="0 0 120 24"
      fill="currentColor"
      className={className}
    >
      <path d={FIVE_STARS_PATH} />
    </svg>
  );
}

/** Five stars filled to the rating, with the rating read out as text for screen readers. */
export function Rating({ value, count, size = "sm" }: { value: number; count?: number; size?: "sm" | "md" }) {
  const { t, i18n } = useTranslation();
  const px = size === "md" ? 18 : 14;
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <span className="sr-only">{t("catalog.rating_out_of", { rating: formatRating(value, i18n.language) })}</span>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-slate-300">
          <FiveStars size={px} />
        </span>
        <span className="absolute inset-y-0 start-0 flex overflow-hidden text-amber-400" style={{ width: `${pct}%` }}>
          <FiveStars size={px} className="shrink-0" />
        </span>
      </span>
      {count !== undefined && (
        <>
          <span aria-hidden="true">({count})</span>
          <span className="sr-only">{t("catalog.reviews_count", { count })}</span>
        </>
      )}
    </span>
  );
}
