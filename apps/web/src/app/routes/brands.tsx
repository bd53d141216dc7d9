import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState, PAGE, PageHeading, useBrands } from "../../features/catalog/index.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.brands", rendered: true };

const GRID = "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5";

export function Component() {
  const { t } = useTranslation();
  const { data, isPending } = useBrands();
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.all_brands")} />
      {isPending || !data ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: 10 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-36 rounded-2xl" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <EmptyState text={t("catalog.no_brands")} />
      ) : (
        <ul className={GRID}>
          {data.map((b) => (
            <li key={b.id}>
              <Link
                to={`/brands/${b.slug}`}
                className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-center hover:border-primary-400"
              >
                <img
                  src={b.logo}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 rounded-xl bg-slate-100 object-contain"
                />
                <span className="text-sm font-semibold text-slate-900 group-hover:text-primary-700">{b.name}</span>
                <span className="text-xs text-slate-600">
                  {t("catalog.products_count", { count: b.total_products })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
