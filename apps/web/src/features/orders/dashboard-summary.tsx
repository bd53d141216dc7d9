import type { DashboardData, OrderStatus } from "@market/contract";
import { ORDER_STATUSES } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../ui/empty-state.tsx";
import { orderTime, StatusBadge } from "./order-status.tsx";

const COUNTS = [
  { key: "total_orders", label: "account.total_orders", to: "/order-history" },
  { key: "pending", label: "account.pending_orders", to: "/order-history?status=Pending" },
  { key: "delivered", label: "account.delivered_orders", to: "/order-history?status=Delivered" },
  { key: "cancelled", label: "account.cancelled_orders", to: "/order-history?status=Cancelled" },
  { key: "wishlist", label: "account.wishlist", to: "/wishlist" },
] as const;

const isStatus = (v: unknown): v is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(v);

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** The dashboard's counts and the latest orders (GET /api/dashboard). */
export function DashboardSummary({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {COUNTS.map((c) => (
          <li key={c.key}>
            <Link
              to={c.to}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-4 hover:border-primary-300"
            >
              <p className="text-sm text-slate-500">{t(c.label)}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`count-${c.key}`}>
                {data[c.key]}
              </p>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="recent-orders">
        <h2 id="recent-orders" className="mb-3 text-lg font-semibold text-slate-900">
          {t("account.recent_orders")}
        </h2>
        {data.recent_orders.length === 0 ? (
          <EmptyState title={t("account.no_orders")} text={t("account.no_orders_text")} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {data.recent_orders.map((o, i) => (
              <li key={text(o.id) || i}>
                <Link
                  to={`/order-history/${text(o.id)}`}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900" dir="ltr">
                    {text(o.order_code) || `#${text(o.id)}`}
                  </span>
                  <span className="text-slate-500">{o.created_at ? orderTime(text(o.created_at)) : ""}</span>
                  {isStatus(o.order_status) && <StatusBadge status={o.order_status} />}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
