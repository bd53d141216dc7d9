import type { OrderStatus, OrderStatusEntry } from "@market/contract";
import { ORDER_STATUSES, orderStatusKey } from "@market/contract";
import { useTranslation } from "react-i18next";
import { orderTime } from "./order-status.tsx";

/** The way of an order that is not cancelled: Pending to Delivered. */
const PATH = ORDER_STATUSES.filter((s) => s !== "Cancelled");

type Step = { status: OrderStatus; entry?: OrderStatusEntry };

/**
 * The steps to show: every step of the way, reached ones with their time. A cancelled order shows
 * what happened, ending with the cancellation.
 */
export function timelineSteps(current: OrderStatus, history: OrderStatusEntry[]): Step[] {
  const last = (s: OrderStatus) => history.findLast((h) => h.status === s);
  if (current === "Cancelled") return history.map((entry) => ({ status: entry.status, entry }));
  return PATH.map((status) => ({ status, entry: last(status) }));
}

/** Who moved the order, as `viewer` says it. */
function byKey(viewer: "customer" | "seller" | "admin", by: OrderStatusEntry["by"]): string {
  if (viewer === "seller" || (viewer === "admin" && by === "customer")) return `orders.seller_by_${by}`;
  return `orders.by_${by}`;
}

/** The status history as a vertical timeline; the current status stands out. */
export function OrderTimeline({
  status,
  history,
  viewer = "customer",
}: {
  status: OrderStatus;
  history: OrderStatusEntry[];
  /** who reads it: "by you" means the shopper to a shopper and the shop to its seller; the operator reads neither */
  viewer?: "customer" | "seller" | "admin";
}) {
  const { t } = useTranslation();
  const steps = timelineSteps(status, history);
  return (
    <ol className="relative" aria-label={t("orders.order_timeline")}>
      {steps.map((step, i) => {
        const reached = !!step.entry;
        const current = step.status === status && reached;
        const cancelled = step.status === "Cancelled";
        const dot = cancelled
          ? "border-rose-600 bg-rose-600"
          : current
            ? "border-primary-600 bg-primary-600 ring-4 ring-primary-100"
            : reached
              ? "border-primary-600 bg-primary-600"
              : "border-slate-300 bg-white";
        return (
          <li
            key={`${step.status}-${step.entry?.created_at ?? ""}`}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-testid="timeline-step"
            data-reached={reached}
            aria-current={current ? "step" : undefined}
          >
            {i < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute start-[7px] top-4 h-full w-0.5 ${steps[i + 1]?.entry ? "bg-primary-600" : "bg-slate-200"}`}
              />
            )}
            <span aria-hidden="true" className={`relative mt-0.5 size-4 shrink-0 rounded-full border-2 ${dot}`} />
            <div className="min-w-0">
              <p
                className={`text-sm font-semibold ${
                  cancelled ? "text-rose-700" : reached ? "text-slate-900" : "text-slate-500"
                }`}
              >
                {t(orderStatusKey(step.status))}
                {!reached && <span className="sr-only"> ({t("orders.step_not_reached")})</span>}
              </p>
              {step.entry && (
                <p className="text-xs text-slate-500">
                  {orderTime(step.entry.created_at)} · {t(byKey(viewer, step.entry.by))}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
