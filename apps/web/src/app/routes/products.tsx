import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PAGE, PageHeading, ProductListing } from "../../features/catalog/index.ts";

export const handle = { title: "catalog.products" };

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.get("search")?.trim();
  return (
    <div className={PAGE}>
      <PageHeading title={search ? t("catalog.search_results_for", { search }) : t("catalog.all_products")} />
      <ProductListing />
    </div>
  );
}
