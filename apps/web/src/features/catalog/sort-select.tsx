import { PRODUCT_SORTS, type ProductSort } from "@market/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The list's order: a search starts at its best matches, any other list at the newest first (the server's order). */
export function SortSelect({
  value,
  searching,
  onChange,
}: {
  value: ProductSort | undefined;
  searching: boolean;
  onChange: (v: ProductSort | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-slate-600">
        {t("catalog.sort_by")}
      </label>
      <select
        id={id}
        value={value ?? (searching ? "" : "newest")}
        onChange={(e) => onChange((e.target.value || undefined) as ProductSort | undefined)}
        className="h-10 min-w-0 max-w-full rounded-lg border border-slate-300 bg-white pe-8 ps-3 text-sm text-slate-900 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30"
      >
        {searching && <option value="">{t("catalog.sort_relevance")}</option>}
        {PRODUCT_SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`catalog.sort_${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
