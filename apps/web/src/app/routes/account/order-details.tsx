import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  OrderDetails,
  OrderPage,
  PaymentResultDialog,
  useOrder,
  usePaymentReturn,
} from "../../../features/orders/index.ts";
import { OrderLineReview } from "../../../features/reviews/index.ts";

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
          <OrderDetails
            order={order}
            lineAction={(line) => (
              <OrderLineReview
                orderId={order.id}
                delivered={order.order_status === "Delivered"}
                product={{ id: line.product_id, name: line.name }}
              />
            )}
          />
          <PaymentResultDialog order={order} />
        </>
      )}
    </OrderPage>
  );
}
