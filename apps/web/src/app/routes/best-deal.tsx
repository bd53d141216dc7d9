import { useTranslation } from "react-i18next";
import { PAGE, PageHeading, ProductGrid, useBestDeal } from "../../features/catalog/index.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Pagination } from "../../ui/pagination.tsx";

export const handle = { title: "catalog.best_deals" };

export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const { data, isPending, isPlaceholderData } = useBestDeal(page);
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.best_deals")} subtitle={t("catalog.best_deals_subtitle")} />
      <ProductGrid products={data?.data} loading={isPending} stale={isPlaceholderData} />
      {data && <Pagination page={data.current_page} total={data.total} perPage={data.per_page} onChange={setPage} />}
    </div>
  );
}
