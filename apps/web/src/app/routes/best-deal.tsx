import type { ProductQuery } from "@market/contract";
import { useTranslation } from "react-i18next";
import { PAGE, PageHeading, ProductListing } from "../../features/catalog/index.ts";

export const handle = { title: "catalog.best_deals", rendered: true };

// Only products sold below their price, best discount first until the shopper sorts otherwise.
const DEALS = { discounted: true } satisfies Partial<ProductQuery>;

export function Component() {
  const { t } = useTranslation();
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.best_deals")} subtitle={t("catalog.best_deals_subtitle")} />
      <ProductListing fixed={DEALS} defaultSort="best_deal" />
    </div>
  );
}
