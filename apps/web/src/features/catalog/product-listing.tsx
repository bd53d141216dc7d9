import type { ProductFilters, ProductQuery, ProductSort } from "@market/contract";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { FilterIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useFormatPrice } from "../settings/index.ts";
import { FiltersPanel } from "./filters-panel.tsx";
import { ProductGrid } from "./product-grid.tsx";
import { useCategories, useProducts } from "./queries.ts";
import { SortSelect } from "./sort-select.tsx";
import {
  type ProductQueryPatch,
  type ProductQueryState,
  toApiQuery,
  useProductQueryState,
} from "./use-product-query-state.ts";

const PER_PAGE = 20;

type Props = {
  /** query parts the page fixes: the shop or the category it shows */
  fixed?: Partial<ProductQuery>;
  hideCategory?: boolean;
  /** shown above the toolbar, e.g. the category's sub-category chips */
  children?: ReactNode;
  /** wait for the page to resolve its fixed part (e.g. a category slug) */
  enabled?: boolean;
  /** the order until the shopper picks one (Most Popular, Best Deals) */
  defaultSort?: ProductSort;
};

/** Filters, sort, result grid and paging of a product list; its state lives in the URL. */
export function ProductListing({ fixed, hideCategory, children, enabled = true, defaultSort }: Props) {
  const { t } = useTranslation();
  const { state, update, reset } = useProductQueryState();
  const sort = state.sort ?? defaultSort;
  const query = useMemo(() => toApiQuery({ ...state, sort }, { ...fixed, per_page: PER_PAGE }), [state, sort, fixed]);
  const { data, isPending, isPlaceholderData } = useProducts(query, enabled);
  const topRef = useRef<HTMLDivElement>(null);

  // A new page starts at the top of the results, not where the pager was.
  const page = state.page;
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    topRef.current?.scrollIntoView({ block: "start" });
  }, [page]);

  const filters = data?.filters;
  const panel = <FiltersPanel filters={filters} state={state} onChange={update} hideCategory={hideCategory} />;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]" ref={topRef}>
      <aside aria-label={t("catalog.filters")} className="hidden lg:block">
        <div className="sticky top-24 rounded-2xl border border-slate-200 bg-white p-4">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t("catalog.filters")}</h2>
          {filters ? panel : <FiltersSkeleton />}
        </div>
      </aside>
      <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
        {children}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-heading" className="min-h-6 text-sm text-slate-600" aria-live="polite">
            {data ? t("catalog.results_count", { count: data.total }) : ""}
          </h2>
          <div className="flex min-w-0 max-w-full items-center gap-2">
            <MobileFilters>{panel}</MobileFilters>
            <SortSelect
              value={sort}
              searching={Boolean(state.search ?? fixed?.search)}
              onChange={(next) => update({ sort: next })}
            />
          </div>
        </div>
        <ActiveFilters state={state} filters={filters} onChange={update} onReset={reset} hideCategory={hideCategory} />
        <ProductGrid
          products={data?.data}
          loading={enabled ? isPending : true}
          variant="narrow"
          placeholders={8}
          stale={isPlaceholderData}
        />
        {data && (
          <Pagination
            page={data.current_page}
            total={data.total}
            perPage={data.per_page}
            // (a page past the end, `?page=999`, goes to the last: the pager's useLastPageInstead)
            onChange={(p, how) => update({ page: p }, how)}
          />
        )}
      </section>
    </div>
  );
}

function FiltersSkeleton() {
  return (
    <div className="flex flex-col gap-5">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}

function MobileFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:hidden"
      >
        <FilterIcon />
        {t("catalog.filters")}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("catalog.filters")}
        description={<span className="sr-only">{t("catalog.filters_help")}</span>}
        variant="start"
        closeLabel={t("catalog.done")}
      >
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
      </Dialog>
    </>
  );
}

type ActiveProps = {
  state: ProductQueryState;
  filters: ProductFilters | undefined;
  onChange: (patch: ProductQueryPatch) => void;
  onReset: () => void;
  hideCategory?: boolean;
};

function ActiveFilters({ state, filters, onChange, onReset, hideCategory }: ActiveProps) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  // The catalogue's categories name a category or sub-category that the results' facets lack
  // (a shared link whose sub-category has no product in that category, say).
  const { data: categories } = useCategories();
  const name = (list: { id: number; name: string }[] | undefined, id: number) =>
    list?.find((o) => o.id === id)?.name ?? "";
  const chips: { key: string; label: string; clear: ProductQueryPatch }[] = [];
  if (state.category_id && !hideCategory)
    chips.push({
      key: "category",
      label: name(filters?.categories, state.category_id) || name(categories, state.category_id),
      clear: { category_id: undefined, sub_category_id: undefined },
    });
  // A category page lists its sub-categories itself.
  if (state.sub_category_id && !hideCategory)
    chips.push({
      key: "sub_category",
      label: name(
        categories?.flatMap((c) => c.sub_categories),
        state.sub_category_id,
      ),
      clear: { sub_category_id: undefined },
    });
  if (state.brand_id)
    chips.push({ key: "brand", label: name(filters?.brands, state.brand_id), clear: { brand_id: undefined } });
  if (state.size_id)
    chips.push({ key: "size", label: name(filters?.sizes, state.size_id), clear: { size_id: undefined } });
  if (state.color_id)
    chips.push({ key: "color", label: name(filters?.colors, state.color_id), clear: { color_id: undefined } });
  if (state.rating)
    chips.push({
      key: "rating",
      label: t("catalog.rating_and_up", { rating: state.rating }),
      clear: { rating: undefined },
    });
  if (state.min_price !== undefined || state.max_price !== undefined)
    chips.push({
      key: "price",
      label: `${t("catalog.filter_price")}${t("common.colon")}${formatPrice(state.min_price ?? 0)} – ${
        state.max_price === undefined ? "∞" : formatPrice(state.max_price)
      }`,
      clear: { min_price: undefined, max_price: undefined },
    });
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("catalog.active_filters")}>
      {/* a name still loading shows no chip rather than an id */}
      {chips
        .filter((c) => c.label)
        .map((c) => (
          <li key={c.key}>
            <button
              type="button"
              onClick={() => onChange(c.clear)}
              className="inline-flex h-8 items-center gap-1.5 rounded-full bg-primary-50 pe-2 ps-3 text-sm text-primary-800 hover:bg-primary-100"
              aria-label={t("catalog.remove_filter", { name: c.label })}
            >
              {c.label}
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </button>
          </li>
        ))}
      <li>
        <button
          type="button"
          onClick={onReset}
          className="h-8 px-2 text-sm font-medium text-slate-600 underline hover:text-slate-900"
        >
          {t("catalog.clear_all")}
        </button>
      </li>
    </ul>
  );
}
