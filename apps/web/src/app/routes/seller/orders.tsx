import { useTranslation } from "react-i18next";
import { SellerOrders } from "../../../features/orders/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "orders.shop_orders" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <SellerOrders />
    </>
  );
}
