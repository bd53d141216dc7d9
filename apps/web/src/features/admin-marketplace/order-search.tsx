import { ORDER_STATUSES, orderStatusKey, PAGINATION_PER_PAGE } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { AmountLines, OrderTimeline, orderDate, PaymentLine, ShipmentLines } from "../orders/index.ts";
import { AmountsIn, Price } from "../settings/index.ts";
import { useAdminOrder, useAdminOrders } from "./api.ts";
import { FilterSelect, useUrlFilters } from "./url-filters.tsx";

/** One order's details as its shopper sees them, with the shopper's contacts, its payment and its history. */
function OrderDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: order, isError, refetch } = useAdminOrder(id);
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={order ? <bdi dir="ltr">{order.order_code}</bdi> : t("admin_marketplace.order")}
      closeLabel={t("common.close")}
    >
      {isError ? (
        <LoadError onReload={refetch} />
      ) : !order ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : (
        <AmountsIn value={order.currency}>
          <div className="space-y-4 text-sm text-slate-700">
            <p>
              {t(orderStatusKey(order.order_status))} · {orderDate(order.created_at)} · {order.shop.name}
            </p>
            <div>
              <p className="font-semibold text-slate-900">{t("admin_marketplace.shopper")}</p>
              <p>{order.customer.name}</p>
              {order.customer.email && (
                <p dir="ltr" className="break-all text-start">
                  {order.customer.email}
                </p>
              )}
              <p className="mt-1">
                {order.address.name}, {order.address.address_line}
              </p>
            </div>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {order.products.map((p) => (
                <li key={p.id} className="flex items-center gap-3 p-2">
                  <img src={p.thumbnail} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
                  <span className="min-w-0 flex-1 break-words">
                    {p.name} × {p.order_qty}
                  </span>
                  <Price amount={p.subtotal} />
                </li>
              ))}
            </ul>
            <AmountLines amounts={order} seenBy="staff" />
            <div>
              <p className="font-semibold text-slate-900">{t("orders.payment")}</p>
              <PaymentLine order={order} className="mt-1 text-slate-700" />
            </div>
            {order.shipment && (
              <div>
                <p className="mb-1 font-semibold text-slate-900">{t("orders.shipment")}</p>
                <ShipmentLines shipment={order.shipment} />
              </div>
            )}
            <div>
              <p className="mb-2 font-semibold text-slate-900">{t("orders.order_timeline")}</p>
              <OrderTimeline status={order.order_status} history={order.status_history} viewer="admin" />
            </div>
          </div>
        </AmountsIn>
      )}
    </Dialog>
  );
}

/** Every order of the marketplace: search by number, shopper or shop; filter by status; open one. */
export function OrderSearch() {
  const { t } = useTranslation();
  const f = useUrlFilters(["search", "status"] as const);
  const status = ORDER_STATUSES.find((s) => s === f.values.status);
  const query = useAdminOrders({ page: f.page, search: f.values.search || undefined, order_status: status });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageTitle>{t("admin_marketplace.orders_title")}</PageTitle>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchForm
          key={f.values.search}
          value={f.values.search}
          label={t("admin_marketplace.search_orders")}
          onSearch={(search) => f.set({ search })}
        />
        <FilterSelect
          label={t("admin_marketplace.filter_status")}
          value={f.values.status}
          onChange={(s) => f.set({ status: s })}
          options={[
            { value: "", label: t("admin_marketplace.all_statuses") },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: t(orderStatusKey(s)) })),
          ]}
        />
      </div>
      <PagedList
        list={query.data}
        isError={query.isError}
        onReload={query.refetch}
        page={f.page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={f.setPage}
        empty={<EmptyState title={t("admin_marketplace.no_orders")} />}
      >
        {(orders) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {orders.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  onClick={() => setOpen(o.id)}
                  className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-start hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900" dir="ltr">
                    {o.order_code}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                    {t(orderStatusKey(o.order_status))}
                  </span>
                  {/* Each name in its own direction, the customer's first: a phone's line cuts the shop's end. */}
                  <span
                    className="min-w-0 basis-full truncate text-sm text-slate-600 sm:flex-1 sm:basis-0"
                    data-testid="order-parties"
                  >
                    <bdi>{o.customer.name}</bdi> · <bdi>{o.shop.name}</bdi>
                  </span>
                  <span className="text-sm text-slate-600">{orderDate(o.created_at)}</span>
                  <AmountsIn value={o.currency}>
                    <Price amount={o.amount} className="font-semibold text-slate-900" />
                  </AmountsIn>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <OrderDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
