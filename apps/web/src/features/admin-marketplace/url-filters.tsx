import { useId } from "react";
import { useSearchParams } from "react-router";
import { inputClass } from "../../ui/fields.tsx";

/**
 * A list's filters and page kept in the URL (reload and back keep them); blank values are left
 * out, and changing a filter starts again at page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const write = (next: Record<K, string>, nextPage: number, how?: { replace?: boolean }) => {
    const out: Record<string, string> = {};
    for (const k of keys) if (next[k]) out[k] = next[k];
    if (nextPage > 1) out.page = String(nextPage);
    setParams(out, { replace: how?.replace === true });
  };
  return {
    values,
    page,
    set: (patch: Partial<Record<K, string>>) => write({ ...values, ...patch }, 1),
    setPage: (p: number, how?: { replace?: boolean }) => write(values, p, how),
  };
}

/** A labelled native select in a filter bar. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} w-full sm:w-auto`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
