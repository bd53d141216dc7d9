import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "../../ui/button.tsx";
import { inputClass } from "../../ui/fields.tsx";

/**
 * A list's filters and page kept in the URL (reload and back keep them); blank values are left
 * out, and changing a filter starts again at page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const write = (next: Record<K, string>, nextPage: number) => {
    const out: Record<string, string> = {};
    for (const k of keys) if (next[k]) out[k] = next[k];
    if (nextPage > 1) out.page = String(nextPage);
    setParams(out);
  };
  return {
    values,
    page,
    set: (patch: Partial<Record<K, string>>) => write({ ...values, ...patch }, 1),
    setPage: (p: number) => write(values, p),
  };
}

/** A search box that applies its text when submitted (Enter or the button). */
export function SearchBox({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={label}
        className={`${inputClass} min-w-0`}
      />
      <Button type="submit" variant="outline" size="field" weight="medium">
        {t("admin_marketplace.search")}
      </Button>
    </form>
  );
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
