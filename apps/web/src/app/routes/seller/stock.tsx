import { useTranslation } from "react-i18next";
import { LowStockList, StockLog } from "../../../features/seller-products/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_products.stock_title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <LowStockList />
      <StockLog />
    </>
  );
}
