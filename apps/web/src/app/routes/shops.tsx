import { MAX_SEARCH_LENGTH } from "@market/contract";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  EmptyState,
  PAGE,
  PageHeading,
  SHOP_GRID,
  ShopCard,
  ShopCardSkeleton,
  useShops,
} from "../../features/catalog/index.ts";
import { Pagination } from "../../ui/pagination.tsx";

export const handle = { title: "catalog.shops", rendered: true };

const PER_PAGE = 12;

export function Component() {
  const { t } = useTranslation();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get("search")?.trim().slice(0, MAX_SEARCH_LENGTH) ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, isPending, isPlaceholderData } = useShops({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get("search") ?? "").trim();
    setParams(value ? { search: value } : {});
  };

  return (
    <div className={PAGE}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading
          title={t("catalog.all_shops")}
          subtitle={data ? t("catalog.shops_count", { count: data.total }) : " "}
        />
        <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto" key={search}>
          <label htmlFor={inputId} className="sr-only">
            {t("catalog.search_shops")}
          </label>
          <input
            id={inputId}
            name="search"
            type="search"
            defaultValue={search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t("catalog.search_shops")}
            className="h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30 sm:w-72"
          />
          <button
            type="submit"
            className="h-11 rounded-xl bg-primary-700 px-5 text-sm font-semibold text-white hover:bg-primary-800"
          >
            {t("catalog.search")}
          </button>
        </form>
      </div>
      {isPending || !data ? (
        <ul className={SHOP_GRID} aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <ShopCardSkeleton />
            </li>
          ))}
        </ul>
      ) : data.data.length === 0 ? (
        <EmptyState text={t("catalog.no_shops")} />
      ) : (
        <ul className={`${SHOP_GRID} transition-opacity ${isPlaceholderData ? "opacity-60" : ""}`}>
          {data.data.map((s, i) => (
            <li key={s.id}>
              <ShopCard shop={s} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          page={data.current_page}
          total={data.total}
          perPage={data.per_page}
          onChange={(p, how) => {
            const next = new URLSearchParams(params);
            next.set("page", String(p));
            setParams(next, { replace: how?.replace === true });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
