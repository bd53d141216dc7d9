import { useTranslation } from "react-i18next";

type Named = { name: string } | null | undefined;

/** A line's "Size: M  Colour: ● Navy  Unit: Pair", each part only when there is one. */
export function VariantNames({
  size,
  color,
  unit,
}: {
  size?: Named;
  color?: (Named & { color_code: string }) | null;
  unit?: Named;
}) {
  const { t } = useTranslation();
  if (!size && !color && !unit) return null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
      {size && (
        <span>
          {t("cart.size")}
          {t("common.colon")}
          <span className="font-medium text-slate-800">{size.name}</span>
        </span>
      )}
      {color && (
        <span className="inline-flex items-center gap-1">
          {t("cart.color")}
          {t("common.colon").trimEnd()}
          <span
            className="inline-block size-3 rounded-full border border-black/10"
            style={{ backgroundColor: color.color_code }}
            aria-hidden="true"
          />
          <span className="font-medium text-slate-800">{color.name}</span>
        </span>
      )}
      {unit && (
        <span>
          {t("cart.unit")}
          {t("common.colon")}
          <span className="font-medium text-slate-800">{unit.name}</span>
        </span>
      )}
    </p>
  );
}
