import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../../api/client.ts";
import { OrderDetails } from "../../../features/orders/order-details.tsx";
import { PaymentResultDialog, usePaymentReturn } from "../../../features/orders/payment-result-dialog.tsx";
import { useOrder } from "../../../features/orders/queries.ts";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "account.order_details" };

export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [payment] = usePaymentReturn();
  const { data: order, error, refetch } = useOrder(id, { awaitPayment: payment === "success" });
  const back = (
    <Link to="/order-history" className="text-sm font-semibold text-primary-700 hover:underline">
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
        <>
          <OrderDetails order={order} />
          <PaymentResultDialog order={order} />
        </>
      ) : !Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.status === 404) ? (
        <EmptyState title={t("orders.order_not_found")} text={t("orders.order_not_found_text")} action={back} />
      ) : error ? (
        <p className="text-sm text-red-600">
          {t("common.something_went_wrong")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => refetch()}>
            {t("common.reload")}
          </button>
        </p>
      ) : (
        <div className="space-y-4">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      )}
    </>
  );
}
