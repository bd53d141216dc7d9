import type { ProductFilters } from "@market/contract";
import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { StarIcon } from "../../ui/icons.tsx";
import { useCurrency } from "../settings/index.ts";
import type { ProductQueryPatch, ProductQueryState } from "./use-product-query-state.ts";

type Option = { id: number; name: string; color_code?: string };

type Props = {
  filters: ProductFilters | undefined;
  state: ProductQueryState;
  onChange: (patch: ProductQueryPatch) => void;
  /** the category page fixes the category, so it hides that group */
  hideCategory?: boolean;
};

/** Every group is a native radio group: arrow keys move, space selects, no custom key handling. */
export function FiltersPanel({ filters, state, onChange, hideCategory }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      {!hideCategory && (
        <RadioGroup
          legend={t("catalog.filter_category")}
          name="category_id"
          options={filters?.categories ?? []}
          value={state.category_id}
          onChange={(v) => onChange({ category_id: v, sub_category_id: undefined })}
        />
      )}
      <RadioGroup
        legend={t("catalog.filter_brand")}
        name="brand_id"
        options={filters?.brands ?? []}
        value={state.brand_id}
        onChange={(v) => onChange({ brand_id: v })}
      />
      <PriceRange filters={filters} state={state} onChange={onChange} />
      <RadioGroup
        legend={t("catalog.filter_size")}
        name="size_id"
        options={filters?.sizes ?? []}
        value={state.size_id}
        onChange={(v) => onChange({ size_id: v })}
        chips
      />
      <RadioGroup
        legend={t("catalog.filter_color")}
        name="color_id"
        options={filters?.colors ?? []}
        value={state.color_id}
        onChange={(v) => onChange({ color_id: v })}
        chips
      />
      <RadioGroup
        legend={t("catalog.filter_rating")}
        name="rating"
        options={[4, 3, 2, 1].map((r) => ({ id: r, name: t("catalog.rating_and_up", { rating: r }) }))}
        value={state.rating}
        onChange={(v) => onChange({ rating: v })}
        renderLabel={(o) => (
          <span className="inline-flex items-center gap-1">
            <StarIcon className="text-amber-400" />
            {o.name}
          </span>
        )}
      />
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-slate-100 pb-5 last:border-0">
      <legend className="mb-2.5 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

type RadioGroupProps = {
  legend: string;
  name: string;
  options: Option[];
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  chips?: boolean;
  renderLabel?: (o: Option) => ReactNode;
};

function RadioGroup({ legend, name, options, value, onChange, chips, renderLabel }: RadioGroupProps) {
  const { t } = useTranslation();
  const groupId = useId();
  if (options.length === 0 && value === undefined) return null;
  const all: Option = { id: 0, name: t("catalog.filter_all") };
  const rows = [all, ...options];
  if (chips) {
    return (
      <Group legend={legend}>
        <div className="flex flex-wrap gap-2">
          {rows.map((o) => (
            <label key={o.id} className="cursor-pointer">
              <input
                type="radio"
                name={`${groupId}-${name}`}
                className="peer sr-only"
                checked={(value ?? 0) === o.id}
                onChange={() => onChange(o.id || undefined)}
              />
              <span className="inline-flex h-9 items-center gap-1.5 rounded-full border border-slate-300 px-3 text-sm text-slate-700 peer-checked:border-primary-600 peer-checked:bg-primary-50 peer-checked:text-primary-700 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 hover:border-slate-400">
                {o.color_code && (
                  <span
                    className="size-4 rounded-full border border-black/10"
                    style={{ backgroundColor: o.color_code }}
                    aria-hidden="true"
                  />
                )}
                {o.name}
              </span>
            </label>
          ))}
        </div>
      </Group>
    );
  }
  return (
    <Group legend={legend}>
      <div className="-mx-1 flex max-h-56 flex-col gap-0.5 overflow-y-auto px-1">
        {rows.map((o) => (
          <label
            key={o.id}
            className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-slate-700 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={`${groupId}-${name}`}
              className="size-4 accent-primary-600"
              checked={(value ?? 0) === o.id}
              onChange={() => onChange(o.id || undefined)}
            />
            {renderLabel && o.id !== 0 ? renderLabel(o) : o.name}
          </label>
        ))}
      </div>
    </Group>
  );
}

function PriceRange({ filters, state, onChange }: Omit<Props, "hideCategory">) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const rate = currency.rate_from_default ?? 1;
  // The inputs speak the shown currency; the URL and the API keep the default currency.
  const shown = (v: number | undefined) => (v === undefined ? "" : String(Math.round(v * rate * 100) / 100));
  const minId = useId();
  const maxId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (k: string) => {
      const raw = String(data.get(k) ?? "").trim();
      const n = Number(raw);
      return raw === "" || !Number.isFinite(n) || n < 0 ? undefined : Math.round((n / rate) * 100) / 100;
    };
    let min = read("min_price");
    let max = read("max_price");
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onChange({ min_price: min, max_price: max });
  };
  const input =
    "h-10 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-sm [appearance:textfield] focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30 [&::-webkit-inner-spin-button]:appearance-none";
  return (
    <Group legend={t("catalog.filter_price")}>
      {/* key: a URL change (back, reset) refills the inputs */}
      {/* Apply on a row of its own leaves the bounds room for a four-digit price in the sidebar. */}
      <form onSubmit={submit} className="grid grid-cols-2 gap-2" key={`${state.min_price}-${state.max_price}-${rate}`}>
        <div>
          <label htmlFor={minId} className="mb-1 block text-xs text-slate-600">
            {t("catalog.min_price")} ({currency.symbol})
          </label>
          <input
            id={minId}
            name="min_price"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={shown(state.min_price)}
            placeholder={filters ? String(Math.floor(filters.min_price * rate)) : ""}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={maxId} className="mb-1 block text-xs text-slate-600">
            {t("catalog.max_price")} ({currency.symbol})
          </label>
          <input
            id={maxId}
            name="max_price"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={shown(state.max_price)}
            placeholder={filters ? String(Math.ceil(filters.max_price * rate)) : ""}
            className={input}
          />
        </div>
        <button
          type="submit"
          className="col-span-2 h-10 rounded-lg bg-slate-900 px-3 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
        >
          {t("catalog.apply")}
        </button>
      </form>
    </Group>
  );
}
