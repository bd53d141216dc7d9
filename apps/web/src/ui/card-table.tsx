import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Class names of a table that is a list of cards under 768 px: its header is hidden, each row is a
 * grid of the row's cells (the page lays them out with `row`'s columns), and each cell names itself
 * with a `CellLabel`. From 768 px up it is a plain table.
 */
export const cardTable = {
  /** The rounded card around it; a wide table scrolls inside it between 768 px and its own width. */
  frame: "rounded-2xl border border-slate-200 bg-white md:overflow-x-auto",
  table: "block w-full text-start text-sm md:table",
  head: "hidden border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500 md:table-header-group",
  th: "px-4 py-3 text-start font-semibold",
  body: "block divide-y divide-slate-100 md:table-row-group",
  row: "grid gap-x-3 gap-y-1.5 px-4 py-3 md:table-row md:p-0",
  cell: "min-w-0 md:table-cell md:px-4 md:py-3 md:align-middle",
};

/**
 * A cell's column name, shown only while the table is a list of cards. The space after it is where
 * a long value (an order code, a SKU) moves to the next line whole, rather than breaking.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className="text-slate-500 md:hidden">
      {children}
      {t("common.colon")}
    </span>
  );
}
