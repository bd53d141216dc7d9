import { SELLER_PRODUCT_SORTS } from "@market/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { PRODUCTS_PER_PAGE, type ProductListQuery } from "./queries.ts";

export const STATUS_FILTERS = ["published", "draft"] as const;
export const STOCK_FILTERS = ["in", "low", "out"] as const;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined;

/** The list's search, filters, sort and page, kept in the URL so reload, back and a shared link keep them. */
export function useProductListParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo((): ProductListQuery & { page: number; category_id: number | undefined } => {
    const page = Number(params.get("page"));
    const category = Number(params.get("category_id"));
    return {
      page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
      per_page: PRODUCTS_PER_PAGE,
      search: params.get("search")?.slice(0, 100) || undefined,
      category_id: Number.isInteger(category) && category > 0 ? category : undefined,
      status: oneOf(STATUS_FILTERS, params.get("status")),
      stock: oneOf(STOCK_FILTERS, params.get("stock")),
      sort: oneOf(SELLER_PRODUCT_SORTS, params.get("sort")) ?? "newest",
    };
  }, [params]);

  /** Sets one parameter ("" removes it); any change but the page's goes back to page 1. */
  const set = useCallback(
    (
      name: "search" | "category_id" | "status" | "stock" | "sort" | "page",
      value: string,
      how?: { replace?: boolean },
    ) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (value && !(name === "sort" && value === "newest") && !(name === "page" && value === "1"))
            p.set(name, value);
          else p.delete(name);
          if (name !== "page") p.delete("page");
          return p;
        },
        { replace: name === "search" || how?.replace === true },
      );
    },
    [setParams],
  );
  return { query, set };
}
