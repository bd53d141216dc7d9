import { useTranslation } from "react-i18next";
import { SellerFlashSales } from "../../../features/seller-marketing/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_marketing.flash_sales" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("seller_marketing.flash_sales_sub")}>{t(handle.title)}</PageTitle>
      <SellerFlashSales />
    </>
  );
}
