import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** `params` with the filter `key` set to `value` (left out when blank) and the list back at page 1. */
export function withFilter(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const p = new URLSearchParams(params);
  if (value) p.set(key, value);
  else p.delete(key);
  p.delete("page");
  return p;
}

/** A list's page number kept in the URL (`?page=`), so reload and back keep it. */
export function usePageParam(): [number, (page: number, how?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const setPage = useCallback(
    (next: number, how?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next > 1) p.set("page", String(next));
          else p.delete("page");
          return p;
        },
        { replace: how?.replace === true },
      );
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );
  return [page, setPage];
}

/** A record's id kept in the URL (`?shop=12`), so reload and back keep what was open; null when none. */
export function useIdParam(key: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(key));
  const id = Number.isInteger(raw) && raw >= 1 ? raw : null;
  const setId = useCallback(
    (next: number | null) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set(key, String(next));
        else p.delete(key);
        return p;
      }),
    [key, setParams],
  );
  return [id, setId];
}
