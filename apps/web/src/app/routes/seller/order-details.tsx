import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { OrderPage, SellerOrderDetails, useSellerOrder } from "../../../features/orders/index.ts";

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
