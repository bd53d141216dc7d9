import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../../api/client.ts";
import { useSellerOrder } from "../../../features/orders/queries.ts";
import { SellerOrderDetails } from "../../../features/orders/seller-order-details.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "account.order_details" };

export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: order, error, refetch } = useSellerOrder(id);
  const back = (
    <Link to="/seller/orders" className="text-sm font-semibold text-primary-700 hover:underline">
      {t("orders.back_to_orders")}
    </Link>
  );
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PageTitle>{t(handle.title)}</PageTitle>
        {back}
      </div>
      {order ? (
        <SellerOrderDetails order={order} />
      ) : !Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.status === 404) ? (
        <EmptyState title={t("orders.order_not_found")} action={back} />
      ) : error ? (
        <p className="text-sm text-red-600">
          {t("common.something_went_wrong")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => refetch()}>
            {t("common.reload")}
          </button>
        </p>
      ) : (
        <Skeleton className="h-96 rounded-2xl" />
      )}
    </>
  );
}
