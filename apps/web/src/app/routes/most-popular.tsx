import { useTranslation } from "react-i18next";
import { PAGE, PageHeading, ProductListing } from "../../features/catalog/index.ts";

export const handle = { title: "catalog.most_popular", rendered: true };

export function Component() {
  const { t } = useTranslation();
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.most_popular")} subtitle={t("catalog.most_popular_subtitle")} />
      <ProductListing defaultSort="popular_product" />
    </div>
  );
}
