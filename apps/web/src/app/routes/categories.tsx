import { srcSetOf } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { categoryPath, EmptyState, PAGE, PageHeading, useCategories } from "../../features/catalog/index.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.categories", rendered: true };

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function Component() {
  const { t } = useTranslation();
  const { data, isPending } = useCategories();
  return (
    <div className={PAGE}>
      <PageHeading title={t("catalog.all_categories")} />
      {isPending || !data ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-44 rounded-2xl" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <EmptyState text={t("catalog.no_categories")} />
      ) : (
        <ul className={GRID}>
          {data.map((c, i) => (
            <li key={c.id} className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
              <Link to={categoryPath(c.slug)} className="group flex items-center gap-3 rounded-xl">
                <img
                  src={c.thumbnail}
                  srcSet={srcSetOf(c.thumbnail)}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading={i < 6 ? "eager" : "lazy"}
                  className="size-16 shrink-0 rounded-xl bg-slate-100 object-cover"
                />
                <span className="flex flex-col">
                  <span className="text-base font-semibold text-slate-900 group-hover:text-primary-700">{c.name}</span>
                  <span className="text-xs text-slate-600">
                    {t("catalog.products_count", { count: c.total_products })}
                  </span>
                </span>
              </Link>
              {c.sub_categories.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label={t("catalog.sub_categories_of", { name: c.name })}>
                  {c.sub_categories.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={categoryPath(c.slug, s.id)}
                        className="inline-flex h-8 items-center rounded-full bg-slate-100 px-3 text-sm text-slate-700 hover:bg-primary-50 hover:text-primary-800"
                      >
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
