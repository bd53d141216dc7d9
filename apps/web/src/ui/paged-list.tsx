import type { ReactNode } from "react";
import { LoadError } from "./load-error.tsx";
import { type PageChange, Pagination, useLastPageInstead } from "./pagination.tsx";
import { Skeleton } from "./skeleton.tsx";

type Props<T> = {
  /** the current page's rows and the count over all pages; undefined while the first page loads */
  list: { data: T[]; total: number } | undefined;
  isError: boolean;
  onReload: () => unknown;
  page: number;
  perPage: number;
  onPageChange: PageChange;
  /** shown when the page has no rows */
  empty: ReactNode;
  skeleton?: ReactNode;
  children: (rows: T[]) => ReactNode;
};

/** A paged list's body: a load error with Reload, a skeleton, the empty state, or the rows over the page numbers. */
export function PagedList<T>({
  list,
  isError,
  onReload,
  page,
  perPage,
  onPageChange,
  empty,
  skeleton = <Skeleton className="h-64 w-full rounded-2xl" />,
  children,
}: Props<T>) {
  useLastPageInstead(page, list?.total, perPage, onPageChange);
  if (isError) return <LoadError onReload={onReload} />;
  if (!list) return skeleton;
  if (list.data.length === 0) return empty;
  return (
    <div className="space-y-6">
      {children(list.data)}
      <Pagination page={page} total={list.total} perPage={perPage} onChange={onPageChange} />
    </div>
  );
}
