import { useTranslation } from "react-i18next";
import { ShopProfileEditor } from "../../../features/seller-shop/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_shop.shop_profile" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("seller_shop.shop_profile_sub")}>{t(handle.title)}</PageTitle>
      <ShopProfileEditor />
    </>
  );
}
