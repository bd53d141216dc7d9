import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  PAGE,
  PageHeading,
  ProductListing,
  useCategories,
  useProductQueryState,
} from "../../features/catalog/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { useCurrentInView } from "../../lib/use-current-in-view.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.category", ownTitle: true, rendered: true };

export function Component() {
  const { t } = useTranslation();
  // The category menu links by id (/categories/12?subcategory=30), other pages by slug.
  const { slug = "" } = useParams();
  const { data: categories, isPending } = useCategories();
  const category = categories?.find((c) => c.slug === slug || String(c.id) === slug);
  const { state, update } = useProductQueryState();
  const fixed = useMemo(() => (category ? { category_id: category.id } : undefined), [category]);

  const missing = !isPending && !category;
  usePageTitle(missing ? t("common.page_not_found") : category?.name);

  // The chosen sub-category's chip shows on a phone too, where the row scrolls sideways.
  const chips = useCurrentInView<HTMLUListElement>(category?.sub_categories.length, '[aria-pressed="true"]');

  if (missing) return <NotFoundPage />;

  const chip = (active: boolean) =>
    `inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition ${
      active
        ? "border-primary-600 bg-primary-700 text-white"
        : "border-slate-300 bg-white text-slate-700 hover:border-primary-400 hover:text-primary-700"
    }`;

  return (
    <div className={PAGE}>
      {category ? (
        <PageHeading
          title={category.name}
          // The category's count covers all its sub-categories; with one chosen, the results line
          // below counts its products, so the heading names the sub-category instead.
          subtitle={
            (state.sub_category_id !== undefined &&
              category.sub_categories.find((s) => s.id === state.sub_category_id)?.name) ||
            t("catalog.products_count", { count: category.total_products })
          }
        />
      ) : (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-4 w-24" />
        </div>
      )}
      <ProductListing fixed={fixed} hideCategory enabled={Boolean(category)}>
        {category && category.sub_categories.length > 0 && (
          <nav aria-label={t("catalog.sub_categories_of", { name: category.name })}>
            <ul
              ref={chips}
              className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 whitespace-nowrap [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
            >
              <li>
                <button
                  type="button"
                  className={chip(!state.sub_category_id)}
                  aria-pressed={!state.sub_category_id}
                  onClick={() => update({ sub_category_id: undefined })}
                >
                  {t("catalog.filter_all")}
                </button>
              </li>
              {category.sub_categories.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className={chip(state.sub_category_id === s.id)}
                    aria-pressed={state.sub_category_id === s.id}
                    onClick={() => update({ sub_category_id: s.id })}
                  >
                    {s.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </ProductListing>
    </div>
  );
}
