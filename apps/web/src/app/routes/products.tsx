import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PAGE, PageHeading, ProductListing, useSearchSuggestions } from "../../features/catalog/index.ts";
import { searchPath, usePageTitle } from "../../features/layout/index.ts";

export const handle = { title: "catalog.products", ownTitle: true, rendered: true };

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.get("search")?.trim();
  // The same (cached) answer as the search box's suggestions: a corrected spelling of the search.
  const corrected = useSearchSuggestions(search ?? "").data?.did_you_mean;
  const results = search ? t("catalog.search_results_for", { search }) : undefined;
  usePageTitle(results);
  return (
    <div className={PAGE}>
      <PageHeading title={results ?? t("catalog.all_products")} />
      {search && corrected ? (
        <p className="text-sm text-slate-700">
          {t("layout.suggestions_did_you_mean")}{" "}
          <Link to={searchPath(corrected)} className="font-semibold text-primary-700 underline">
            {corrected}
          </Link>
        </p>
      ) : null}
      <ProductListing />
    </div>
  );
}
