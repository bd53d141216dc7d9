import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EmptyState, PAGE, PageHeading, ProductListing, useBrands } from "../../features/catalog/index.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.brand" };

export function Component() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const { data: brands, isPending } = useBrands();
  const brand = brands?.find((b) => b.slug === slug);
  const fixed = useMemo(() => (brand ? { brand_id: brand.id } : undefined), [brand]);

  if (!isPending && !brand) {
    return (
      <div className={PAGE}>
        <PageHeading title={t("catalog.brand")} />
        <EmptyState text={t("catalog.brand_not_found")} />
      </div>
    );
  }
  return (
    <div className={PAGE}>
      {brand ? (
        <PageHeading title={brand.name} subtitle={t("catalog.products_count", { count: brand.total_products })} />
      ) : (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-4 w-24" />
        </div>
      )}
      <ProductListing fixed={fixed} enabled={Boolean(brand)} />
    </div>
  );
}
