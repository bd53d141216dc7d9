import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { OrderDetails } from "../../../features/orders/order-details.tsx";
import { OrderPage } from "../../../features/orders/order-page.tsx";
import { PaymentResultDialog, usePaymentReturn } from "../../../features/orders/payment-result-dialog.tsx";
import { useOrder } from "../../../features/orders/queries.ts";

export const handle = { title: "account.order_details" };

export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [payment] = usePaymentReturn();
  const query = useOrder(id, { awaitPayment: payment === "success" });
  return (
    <OrderPage
      title={t(handle.title)}
      id={id}
      backTo="/order-history"
      query={query}
      notFoundText={t("orders.order_not_found_text")}
    >
      {(order) => (
        <>
          <OrderDetails order={order} />
          <PaymentResultDialog order={order} />
        </>
      )}
    </OrderPage>
  );
}
