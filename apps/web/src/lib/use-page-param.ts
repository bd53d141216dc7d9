import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** A list's page number kept in the URL (`?page=`), so reload and back keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const setPage = useCallback(
    (next: number) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next > 1) p.set("page", String(next));
        else p.delete("page");
        return p;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  return [page, setPage];
}
