import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ProductListing } from "../../features/catalog/product-listing.tsx";
import { PAGE, PageHeading } from "../../features/catalog/section.tsx";

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
