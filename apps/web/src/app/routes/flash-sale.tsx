import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { Countdown, PAGE, ProductGrid, useFlashSale } from "../../features/catalog/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { useCurrentInView } from "../../lib/use-current-in-view.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { BoltIcon } from "../../ui/icons.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.flash_sale", ownTitle: true };

export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const categoryId = Number(params.get("category_id")) || undefined;
  const { data, isPending, isError, isPlaceholderData } = useFlashSale(id, {
    page,
    ...(categoryId ? { category_id: categoryId } : {}),
  });
  const sale = data?.flash_sale;
  const started = sale ? Date.parse(sale.start_date) <= Date.now() : true;

  const missing = isError && !data;
  usePageTitle(missing ? t("common.page_not_found") : sale?.name);

  // The chosen category's chip shows on a phone too, where the row scrolls sideways.
  const chips = useCurrentInView<HTMLUListElement>(data?.categories.length, '[aria-pressed="true"]');

  if (missing) return <NotFoundPage />;

  const chip = (active: boolean) =>
    `inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition ${
      active
        ? "border-rose-600 bg-rose-600 text-white"
        : "border-slate-300 bg-white text-slate-700 hover:border-rose-400"
    }`;
  const pick = (cid: number | undefined) => setParams(cid ? { category_id: String(cid) } : {});

  return (
    <div className={PAGE}>
      <header className="relative flex min-h-40 flex-col justify-center gap-4 overflow-hidden rounded-3xl bg-gradient-to-br from-rose-600 via-rose-500 to-orange-400 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-white/90">
            <BoltIcon />
            {t("catalog.flash_sale")}
          </p>
          {sale ? (
            <h1 className="text-3xl font-extrabold">{sale.name}</h1>
          ) : (
            <Skeleton className="h-9 w-56 bg-white/30" />
          )}
        </div>
        <div className="flex min-h-14 flex-col gap-2">
          {sale && (
            <>
              <span className="text-sm font-medium">{started ? t("catalog.ends_in") : t("catalog.starts_in")}</span>
              <Countdown endDate={started ? sale.end_date : sale.start_date} />
            </>
          )}
        </div>
      </header>
      {data && data.categories.length > 0 && (
        <nav aria-label={t("catalog.filter_category")}>
          <ul
            ref={chips}
            className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 whitespace-nowrap [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
          >
            <li>
              <button
                type="button"
                className={chip(!categoryId)}
                aria-pressed={!categoryId}
                onClick={() => pick(undefined)}
              >
                {t("catalog.filter_all")}
              </button>
            </li>
            {data.categories.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={chip(categoryId === c.id)}
                  aria-pressed={categoryId === c.id}
                  onClick={() => pick(c.id)}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ProductGrid products={data?.products.data} loading={isPending} stale={isPlaceholderData} />
      {data && (
        <Pagination
          page={data.products.current_page}
          total={data.products.total}
          perPage={data.products.per_page}
          onChange={setPage}
        />
      )}
    </div>
  );
}
