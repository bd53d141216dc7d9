import type { OrderStatus, OrderStatusCounts } from "@market/contract";
import { ORDER_STATUSES, orderStatusKey } from "@market/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

/** The status filter kept in the URL (`?status=`), so reload and back keep it; a change goes to page 1. */
export function useStatusParam(): [OrderStatus | null, (status: OrderStatus | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = (ORDER_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as OrderStatus) : null;
  const setStatus = useCallback(
    (next: OrderStatus | null) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set("status", next);
        else p.delete("status");
        p.delete("page");
        return p;
      }),
    [setParams],
  );
  return [status, setStatus];
}

/** One tab per status with its count, plus All. */
export function StatusTabs({
  counts,
  status,
  onChange,
}: {
  counts: OrderStatusCounts | undefined;
  status: OrderStatus | null;
  onChange: (status: OrderStatus | null) => void;
}) {
  const { t } = useTranslation();
  const tabs = [null, ...ORDER_STATUSES] as const;
  return (
    <div className="-mx-1 mb-4 overflow-x-auto px-1 pb-1">
      <fieldset className="flex min-w-max gap-1.5">
        <legend className="sr-only">{t("orders.filter_by_status")}</legend>
        {tabs.map((s) => {
          const selected = s === status;
          const count = counts ? counts[s ?? "all"] : undefined;
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
              {s ? t(orderStatusKey(s)) : t("orders.all")}
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
