import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PAGE, PageHeading, ProductListing, useBrands } from "../../features/catalog/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.brand", ownTitle: true, rendered: true };

export function Component() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const { data: brands, isPending } = useBrands();
  const brand = brands?.find((b) => b.slug === slug);
  const fixed = useMemo(() => (brand ? { brand_id: brand.id } : undefined), [brand]);

  const missing = !isPending && !brand;
  usePageTitle(missing ? t("common.page_not_found") : brand?.name);

  if (missing) return <NotFoundPage />;
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
