import { useTranslation } from "react-i18next";
import { SellerVouchers } from "../../../features/seller-marketing/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_marketing.vouchers" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("seller_marketing.vouchers_sub")}>{t(handle.title)}</PageTitle>
      <SellerVouchers />
    </>
  );
}
