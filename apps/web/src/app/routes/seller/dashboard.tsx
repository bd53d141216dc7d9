import { useTranslation } from "react-i18next";
import { SellerDashboardView } from "../../../features/seller-shop/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_shop.dashboard" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("seller_shop.dashboard_sub")}>{t(handle.title)}</PageTitle>
      <SellerDashboardView />
    </>
  );
}
