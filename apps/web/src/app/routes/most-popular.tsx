import { useTranslation } from "react-i18next";
import { PAGE, PageHeading, ProductGrid, useMostPopular } from "../../features/catalog/index.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Pagination } from "../../ui/pagination.tsx";

export const handle = { title: "catalog.most_popular" };

export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const { data, isPending, isPlaceholderData } = useMostPopular(page);
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.most_popular")} subtitle={t("catalog.most_popular_subtitle")} />
      <ProductGrid products={data?.data} loading={isPending} stale={isPlaceholderData} />
      {data && <Pagination page={data.current_page} total={data.total} perPage={data.per_page} onChange={setPage} />}
    </div>
  );
}
