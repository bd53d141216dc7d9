import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { usePageParam, withFilter } from "../../lib/use-page-param.ts";
import { CellLabel, cardTable } from "../../ui/card-table.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { AmountsIn, Price } from "../settings/index.ts";
import { orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { OPEN_RETURNS, ORDERS_PER_PAGE, useSellerOrders } from "./queries.ts";
import { StatusTabs, useStatusParam } from "./status-tabs.tsx";

/** The table's columns, each headed by `orders.<name>`. */
const COLUMNS = ["order", "customer", "items", "amount", "payment", "status"] as const;
const cell = cardTable.cell;

/** The shop's orders for its owner: status tabs with counts, a search by order code or customer, paging. */
export function SellerOrders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get("search")?.slice(0, 100) ?? "";
  const [status, setStatus] = useStatusParam([OPEN_RETURNS]);
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useSellerOrders(status, page, search);
  const methodName = usePaymentMethodName();

  return (
    <>
      <SearchForm
        key={search}
        value={search}
        label={t("orders.search_orders")}
        className="mb-4 max-w-md"
        onSearch={(text) => setParams((prev) => withFilter(prev, "search", text))}
      />
      <StatusTabs
        counts={data?.status_counts}
        extra={{ value: OPEN_RETURNS, label: t("orders.open_returns"), count: data?.open_returns }}
        status={status}
        onChange={setStatus}
      />
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
          <div className={cardTable.frame}>
            <table className={cardTable.table}>
              <thead className={cardTable.head}>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={cardTable.th}>
                      {t(`orders.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {orders.map((o) => (
                  <tr
                    key={o.id}
                    data-testid="seller-order"
                    className={`${cardTable.row} grid-cols-[1fr_auto] hover:bg-slate-50`}
                  >
                    <td className={cell}>
                      <Link to={`/seller/orders/${o.id}`} className="font-semibold text-primary-700 hover:underline">
                        <bdi>{o.order_code}</bdi>
                      </Link>
                      <p className="text-xs text-slate-500">{orderTime(o.created_at)}</p>
                    </td>
                    <td className={`${cell} name-line text-slate-900 max-md:col-span-2 max-md:row-start-2`}>
                      <CellLabel>{t("orders.customer")}</CellLabel>
                      {o.customer.name}
                    </td>
                    <td className={`${cell} text-slate-900 max-md:row-start-3`}>
                      <CellLabel>{t("orders.items")}</CellLabel>
                      {o.quantity}
                    </td>
                    <td className={`${cell} font-semibold text-slate-900 max-md:row-start-3 max-md:text-end`}>
                      <AmountsIn value={o.currency}>
                        <Price amount={o.amount} />
                      </AmountsIn>
                    </td>
                    <td className={`${cell} max-md:col-span-2 max-md:row-start-4`}>
                      <span className="me-2 text-slate-700 md:block">{methodName(o.payment_method)}</span>
                      <PaymentStatusBadge status={o.payment_status} />
                    </td>
                    <td className={`${cell} max-md:col-start-2 max-md:row-start-1 max-md:text-end`}>
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
