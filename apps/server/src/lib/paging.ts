import type { Paginated } from "@market/contract";

/** A page as every list query asks for it (`pageQuery` in the contract). */
export interface PageArgs {
  page: number;
  per_page: number;
}

/** The rows a page covers, as LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export const pageWindow = ({ page, per_page }: PageArgs): PageWindow => ({
  limit: per_page,
  offset: (page - 1) * per_page,
});

/** The last page of `total` rows; an empty list still has page 1. */
export const lastPage = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/** A page's counters without its rows. */
export const pageMeta = (total: number, { page, per_page }: PageArgs): Omit<Paginated<never>, "data"> => ({
  total,
  per_page,
  current_page: page,
  last_page: lastPage(total, per_page),
});

/** A page of a list, in the contract's `paginated` shape. */
export const paginate = <T>(data: T[], total: number, q: PageArgs): Paginated<T> => ({ data, ...pageMeta(total, q) });
