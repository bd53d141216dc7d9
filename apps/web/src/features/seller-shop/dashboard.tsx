import { type OrderStatus, orderStatusKey, type SellerDashboard } from "@market/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useFormatPrice } from "../settings/index.ts";
import { useShopDashboard } from "./queries.ts";

// Recharts is big: it loads with the chart, not with the Seller Centre's other pages.
const SalesChart = lazy(() => import("./sales-chart.tsx"));

/** The shop's figures, each order status leading to the shop's orders in it. */
export function SellerDashboardView() {
  const { data, isError, refetch } = useShopDashboard();
  const money = useFormatPrice();
  if (isError) return <LoadError onReload={refetch} />;
  if (!data) return <Skeleton className="h-[32rem] w-full rounded-2xl" />;
  return (
    <SalesFigures
      data={data}
      money={money}
      statusLink={(s) => `/seller/orders?status=${encodeURIComponent(s)}`}
      openReturns={{ count: data.open_returns, link: "/seller/orders?status=returns" }}
    />
  );
}

/**
 * A shop's or the marketplace's figures: sales over three periods, a chart of daily sales, orders
 * per status (each a link to those orders; a shop's open returns after them) and the top products.
 */
export function SalesFigures({
  data,
  money,
  statusLink,
  openReturns,
}: {
  data: SellerDashboard;
  money: (amount: number) => string;
  statusLink: (status: OrderStatus) => string;
  openReturns?: { count: number; link: string };
}) {
  const { t } = useTranslation();
  const cards = [
    { key: "today", label: t("seller_shop.sales_today"), value: data.sales.today },
    { key: "7", label: t("seller_shop.sales_7_days"), value: data.sales.last_7_days },
    { key: "30", label: t("seller_shop.sales_30_days"), value: data.sales.last_30_days },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <div key={c.key} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid={`sales-${c.key}`}>
            <dt className="text-sm text-slate-600">{c.label}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{money(c.value)}</dd>
          </div>
        ))}
      </dl>

      <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="daily-sales-title">
        <h2 id="daily-sales-title" className="mb-4 text-lg font-semibold text-slate-900">
          {t("seller_shop.daily_sales")}
        </h2>
        <Suspense fallback={<Skeleton className="h-72 w-full rounded-xl" />}>
          <SalesChart daily={data.daily} money={money} />
        </Suspense>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="by-status-title">
          <h2 id="by-status-title" className="mb-3 text-lg font-semibold text-slate-900">
            {t("seller_shop.orders_by_status")}
          </h2>
          <ul className="divide-y divide-slate-100">
            {data.orders_by_status.map((s) => (
              <li key={s.status} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link to={statusLink(s.status)} className="text-slate-700 hover:text-primary-700 hover:underline">
                  {t(orderStatusKey(s.status))}
                </Link>
                <span className="font-semibold tabular-nums text-slate-900">{s.count}</span>
              </li>
            ))}
            {openReturns && (
              <li className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="dashboard-open-returns">
                <Link to={openReturns.link} className="text-slate-700 hover:text-primary-700 hover:underline">
                  {t("orders.open_returns")}
                </Link>
                <span className="font-semibold tabular-nums text-slate-900">{openReturns.count}</span>
              </li>
            )}
          </ul>
        </section>

        <section
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-labelledby="top-products-title"
        >
          <h2 id="top-products-title" className="mb-3 text-lg font-semibold text-slate-900">
            {t("seller_shop.top_products")}
          </h2>
          {data.top_products.length === 0 ? (
            <EmptyState title={t("seller_shop.no_sales_yet")} />
          ) : (
            <ol className="divide-y divide-slate-100">
              {data.top_products.map((p) => (
                <li key={p.product_id} className="flex items-center gap-3 py-2 text-sm">
                  {p.thumbnail ? (
                    <img
                      src={p.thumbnail}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-lg object-cover"
                    />
                  ) : (
                    <span className="size-10 shrink-0 rounded-lg bg-slate-100" />
                  )}
                  <Link
                    to={`/seller/products/${p.product_id}`}
                    className="min-w-0 flex-1 name-line truncate text-slate-900 hover:text-primary-700 hover:underline"
                  >
                    {p.name}
                  </Link>
                  <span className="shrink-0 text-end">
                    <span className="block font-semibold tabular-nums text-slate-900">
                      {t("seller_shop.units", { count: p.units })}
                    </span>
                    <span className="block text-xs text-slate-500">{money(p.amount)}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
