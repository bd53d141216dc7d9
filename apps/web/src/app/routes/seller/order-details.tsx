import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { OrderPage } from "../../../features/orders/order-page.tsx";
import { useSellerOrder } from "../../../features/orders/queries.ts";
import { SellerOrderDetails } from "../../../features/orders/seller-order-details.tsx";

export const handle = { title: "account.order_details" };

export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useSellerOrder(id);
  return (
    <OrderPage title={t(handle.title)} id={id} backTo="/seller/orders" query={query}>
      {(order) => <SellerOrderDetails order={order} />}
    </OrderPage>
  );
}
