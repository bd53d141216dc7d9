import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { Price } from "../settings/index.ts";
import { orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { ORDERS_PER_PAGE, useSellerOrders } from "./queries.ts";
import { StatusTabs, useStatusParam } from "./status-tabs.tsx";

/** The table's columns, each headed by `orders.<name>`. */
const COLUMNS = ["order", "customer", "items", "amount", "payment", "status"] as const;

/** The shop's orders for its owner: status tabs with counts, a search by order code or customer, paging. */
export function SellerOrders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get("search")?.slice(0, 100) ?? "";
  const [draft, setDraft] = useState(search);
  const [status, setStatus] = useStatusParam();
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useSellerOrders(status, page, search);
  const methodName = usePaymentMethodName();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (draft.trim()) p.set("search", draft.trim());
      else p.delete("search");
      p.delete("page");
      return p;
    });
  };

  return (
    <>
      <form onSubmit={submit} className="mb-4 flex max-w-md gap-2">
        <label htmlFor="seller-order-search" className="sr-only">
          {t("orders.search_orders")}
        </label>
        <input
          id="seller-order-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={100}
          placeholder={t("orders.search_orders")}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm outline-none focus:border-primary-500 focus:ring-2 focus:ring-primary-200"
        />
        <Button type="submit" size="field">
          {t("orders.search")}
        </Button>
      </form>
      <StatusTabs counts={data?.status_counts} status={status} onChange={setStatus} />
      <PagedList
        list={data?.orders}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={ORDERS_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t(status || search ? "orders.no_orders_in_status" : "orders.no_shop_orders")} />}
      >
        {(orders) => (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full min-w-[44rem] text-start text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-4 py-3 text-start font-semibold">
                      {t(`orders.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((o) => (
                  <tr key={o.id} data-testid="seller-order" className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <Link
                        to={`/seller/orders/${o.id}`}
                        className="font-semibold text-primary-700 hover:underline"
                        dir="ltr"
                      >
                        {o.order_code}
                      </Link>
                      <p className="text-xs text-slate-500">{orderTime(o.created_at)}</p>
                    </td>
                    <td className="px-4 py-3 text-slate-900">{o.customer.name}</td>
                    <td className="px-4 py-3 text-slate-900">{o.quantity}</td>
                    <td className="px-4 py-3 font-semibold text-slate-900">
                      <Price amount={o.amount} />
                    </td>
                    <td className="px-4 py-3">
                      <span className="block text-slate-700">{methodName(o.payment_method)}</span>
                      <PaymentStatusBadge status={o.payment_status} />
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={o.order_status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </>
  );
}
