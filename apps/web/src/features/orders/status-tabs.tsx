import type { OrderStatus, OrderStatusCounts } from "@market/contract";
import { ORDER_STATUSES, orderStatusKey } from "@market/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCurrentInView } from "../../lib/use-current-in-view.ts";
import { withFilter } from "../../lib/use-page-param.ts";

/**
 * The tab kept in the URL (`?status=`), so reload and back keep it; a change goes to page 1.
 * `extra`: tabs beside the statuses (the Seller Centre's open returns).
 */
export function useStatusParam<T extends string = never>(
  extra: readonly T[] = [],
): [OrderStatus | T | null, (tab: OrderStatus | T | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status") ?? "";
  const known = [...ORDER_STATUSES, ...extra] as readonly string[];
  const status = known.includes(raw) ? (raw as OrderStatus | T) : null;
  const setStatus = useCallback(
    (next: OrderStatus | T | null) => setParams((prev) => withFilter(prev, "status", next)),
    [setParams],
  );
  return [status, setStatus];
}

/** One tab per status with its count, plus All, and an `extra` tab after them when given. */
export function StatusTabs<T extends string = never>({
  counts,
  extra,
  status,
  onChange,
}: {
  counts: OrderStatusCounts | undefined;
  extra?: { value: T; label: string; count: number | undefined };
  status: NoInfer<OrderStatus | T | null>;
  onChange: (status: NoInfer<OrderStatus | T | null>) => void;
}) {
  const { t } = useTranslation();
  const tabs: Array<OrderStatus | T | null> = [null, ...ORDER_STATUSES, ...(extra ? [extra.value] : [])];
  // The chosen tab (from a link to "?status=returns", say) shows on a phone too; counts change widths.
  const row = useCurrentInView<HTMLDivElement>(counts !== undefined, '[aria-pressed="true"]');
  return (
    <div ref={row} className="-mx-1 mb-4 overflow-x-auto px-1 pb-1">
      {/* A phone scrolls the row to the chosen tab; from a tablet up every tab shows, in rows. */}
      <fieldset className="flex min-w-max gap-1.5 md:min-w-0 md:flex-wrap">
        <legend className="sr-only">{t("orders.filter_by_status")}</legend>
        {tabs.map((s) => {
          const selected = s === status;
          const isExtra = extra !== undefined && s === extra.value;
          const count = isExtra ? extra.count : counts ? counts[(s as OrderStatus | null) ?? "all"] : undefined;
          return (
            <button
              key={s ?? "all"}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(s)}
              data-testid={`tab-${s ?? "all"}`}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
                selected
                  ? "border-primary-600 bg-primary-600 text-white"
                  : "border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:text-primary-700"
              }`}
            >
              {isExtra ? extra.label : s ? t(orderStatusKey(s as OrderStatus)) : t("orders.all")}
              {count !== undefined && (
                <span
                  className={`rounded-full px-1.5 text-xs font-semibold ${selected ? "bg-white text-primary-700" : "bg-slate-100 text-slate-600"}`}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
