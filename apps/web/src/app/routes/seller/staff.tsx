import { useTranslation } from "react-i18next";
import { StaffManager } from "../../../features/seller-shop/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_shop.staff" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("seller_shop.staff_sub")}>{t(handle.title)}</PageTitle>
      <StaffManager />
    </>
  );
}
