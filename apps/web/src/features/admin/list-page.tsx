import { PAGINATION_PER_PAGE } from "@market/contract";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { StatusTabs } from "../support/index.ts";

/**
 * An admin list's status filter and page, kept in the URL (`?status=&page=`) so reload and back keep
 * them; the default filter and page 1 are left out. A new filter starts at page 1.
 */
export function useListParams<F extends string>(filters: readonly F[], fallback: F) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const filter = filters.find((f) => f === raw) ?? fallback;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const setQuery = (next: F, nextPage = 1, how?: { replace?: boolean }) =>
    setParams(
      { ...(next !== fallback && { status: next }), ...(nextPage > 1 && { page: String(nextPage) }) },
      { replace: how?.replace === true },
    );
  return { filter, page, setQuery };
}

/** An admin list page: its title, the status filter, then the page's rows with the page numbers. */
export function AdminListPage<F extends string, T>({
  title,
  filterLabel,
  options,
  params: { filter, page, setQuery },
  query: { data, isError, refetch },
  empty,
  children,
}: {
  title: string;
  filterLabel: string;
  options: ReadonlyArray<{ value: F; label: string }>;
  params: ReturnType<typeof useListParams<F>>;
  query: { data: { data: T[]; total: number } | undefined; isError: boolean; refetch: () => unknown };
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div className="mb-4">
        <StatusTabs label={filterLabel} value={filter} options={options} onChange={(s) => setQuery(s)} />
      </div>
      <PagedList
        list={data}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={(p, how) => setQuery(filter, p, how)}
        empty={empty}
      >
        {children}
      </PagedList>
    </>
  );
}
