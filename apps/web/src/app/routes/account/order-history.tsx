import { useTranslation } from "react-i18next";
import { OrderHistory } from "../../../features/orders/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.order_history" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <OrderHistory />
    </>
  );
}
