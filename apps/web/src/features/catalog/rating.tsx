import { useTranslation } from "react-i18next";
import { StarIcon } from "./icons.tsx";

/** Five stars filled to the rating, with the rating read out as text for screen readers. */
export function Rating({ value, count, size = "sm" }: { value: number; count?: number; size?: "sm" | "md" }) {
  const { t } = useTranslation();
  const px = size === "md" ? 18 : 14;
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <span className="sr-only">{t("catalog.rating_out_of", { rating: value.toFixed(1) })}</span>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-slate-300">
          {[0, 1, 2, 3, 4].map((i) => (
            <StarIcon key={i} width={px} height={px} />
          ))}
        </span>
        <span className="absolute inset-y-0 start-0 flex overflow-hidden text-amber-400" style={{ width: `${pct}%` }}>
          {[0, 1, 2, 3, 4].map((i) => (
            <StarIcon key={i} width={px} height={px} className="shrink-0" />
          ))}
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
