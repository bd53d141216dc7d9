import type { OrderListItem } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageParam } from "../../lib/use-page-param.ts";
import { buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { AmountsIn, Price, useChargeCurrency, useIsolateAmount } from "../settings/index.ts";
import { chargeOf } from "./order-amounts.tsx";
import { orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { ORDERS_PER_PAGE, useOrders } from "./queries.ts";
import { StatusTabs, useStatusParam } from "./status-tabs.tsx";

/** The shopper's orders: a tab per status with counts, one card per order, paging. */
export function OrderHistory() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusParam();
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useOrders(status, page);
  return (
    <>
      <StatusTabs counts={data?.status_counts} status={status} onChange={setStatus} />
      <PagedList
        list={data?.orders}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={ORDERS_PER_PAGE}
        onPageChange={setPage}
        skeleton={
          <div className="space-y-3">
            {["a", "b", "c"].map((k) => (
              <Skeleton key={k} className="h-28 rounded-2xl" />
            ))}
          </div>
        }
        empty={
          <EmptyState
            title={status ? t("orders.no_orders_in_status") : t("account.no_orders")}
            text={status ? undefined : t("account.no_orders_text")}
            action={
              <Link to="/products" className={`${buttonClass("primary", "lg")} inline-flex`}>
                {t("common.continue_shopping")}
              </Link>
            }
          />
        }
      >
        {(orders) => (
          <ul className="space-y-3">
            {orders.map((o) => (
              <AmountsIn key={o.id} value={o.currency}>
                <OrderCard order={o} />
              </AmountsIn>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const { t } = useTranslation();
  const methodName = usePaymentMethodName();
  const charge = useChargeCurrency();
  const isolate = useIsolateAmount();
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="order-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900" dir="ltr" data-testid="order-code">
            {order.order_code}
          </span>
          <StatusBadge status={order.order_status} />
        </div>
        <span className="text-xs text-slate-500" data-testid="order-time">
          {orderTime(order.created_at)}
        </span>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[1fr_auto]">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-600">
          <dt>{t("orders.shop")}</dt>
          <dd className="name-line truncate font-medium text-slate-900">{order.shop.name}</dd>
          <dt>{t("orders.items")}</dt>
          <dd className="text-slate-900">{order.quantity}</dd>
          <dt>{t("orders.payment")}</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-900">
            {methodName(order.payment_method)}
            <PaymentStatusBadge status={order.payment_status} />
          </dd>
        </dl>
        <div className="flex items-end justify-between gap-4 sm:flex-col sm:items-end">
          <div className="min-w-0 sm:text-end">
            <p className="text-lg font-bold text-slate-900">
              <span className="sr-only">{t("orders.total_payable")} </span>
              <Price amount={order.amount} />
            </p>
            {charge && (
              // Shown in another currency: what the order is charged in, as its page says.
              <p className="text-xs text-slate-600" data-testid="order-charged">
                {t(`orders.charge_${chargeOf(order)}`, { amount: isolate(charge.format(order.amount)) })}
              </p>
            )}
          </div>
          <Link
            to={`/order-history/${order.id}`}
            className="rounded-lg border border-primary-600 px-4 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
            aria-label={t("orders.view_order", { code: order.order_code })}
          >
            {t("orders.view_details")}
          </Link>
        </div>
      </div>
    </li>
  );
}
