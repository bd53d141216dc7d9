import { PAGINATION_PER_PAGE, PAGINATION_SHOWN_PAGES } from "@market/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** Goes to a page; `replace` puts it in place of the current address (a correction, not a step). */
export type PageChange = (page: number, how?: { replace?: boolean }) => void;

type Props = {
  page: number;
  total: number;
  perPage?: number;
  shownPages?: number;
  onChange: PageChange;
};

/**
 * A page past the last one (the list shrank under it, an old link's `?page=99`) goes to the last
 * page, replacing the address so Back does not return to it; an empty list stays where it is.
 */
export function useLastPageInstead(page: number, total: number | undefined, perPage: number, onChange: PageChange) {
  const last = total ? Math.max(1, Math.ceil(total / perPage)) : null;
  const past = last !== null && page > last ? last : null;
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    if (past !== null) change.current(past, { replace: true });
  }, [past]);
}

/** The page numbers around the current one, at most `shown` of them. */
export function pageWindow(page: number, lastPage: number, shown = PAGINATION_SHOWN_PAGES): number[] {
  const count = Math.min(shown, lastPage);
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), lastPage - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({
  page,
  total,
  perPage = PAGINATION_PER_PAGE,
  shownPages = PAGINATION_SHOWN_PAGES,
  onChange,
}: Props) {
  const { t } = useTranslation();
  useLastPageInstead(page, total, perPage, onChange);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (lastPage <= 1) return null;
  const btn =
    "inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-3 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <nav aria-label={t("common.pagination")} className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={`${btn} border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:text-primary-700`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t("common.previous")}
      </button>
      {pageWindow(page, lastPage, shownPages).map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? "page" : undefined}
          className={`${btn} ${
            n === page
              ? "border-primary-600 bg-primary-600 text-white"
              : "border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:text-primary-700"
          }`}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${btn} border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:text-primary-700`}
        disabled={page >= lastPage}
        onClick={() => onChange(page + 1)}
      >
        {t("common.next")}
      </button>
    </nav>
  );
}
