import { PRODUCT_LIMITS, type ProductFormOptions } from "@market/contract";
import { type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError } from "../../ui/fields.tsx";
import { variantName } from "../i18n/index.ts";
import { rowInput } from "./control-class.ts";
import type { ProductFormValues } from "./form-values.ts";
import { variantGrid } from "./variant-rows.ts";

type Form = UseFormReturn<ProductFormValues, unknown, unknown>;
type Kind = "sizes" | "colors";

/** Sizes and colours with their surcharges, and the stock and SKU of every size × colour pair. */
export function VariantSection({ form, options }: { form: Form; options: ProductFormOptions }) {
  const { t } = useTranslation();
  // `keyName`: the options' own field is `id`, which useFieldArray would otherwise overwrite.
  const sizes = useFieldArray({ control: form.control, name: "sizes", keyName: "key" });
  const colors = useFieldArray({ control: form.control, name: "colors", keyName: "key" });
  const variants = useFieldArray({ control: form.control, name: "variants" });
  const rows = useWatch({ control: form.control, name: "variants" });
  const { errors } = form.formState;

  const sizeName = new Map(options.sizes.map((s) => [s.id, s.name]));
  const colorOf = new Map(options.colors.map((c) => [c.id, c]));

  // The grid follows the chosen options at once, keeping what was typed for the pairs that stay.
  const toggle = (kind: Kind, id: number) => {
    const list = kind === "sizes" ? sizes : colors;
    const index = list.fields.findIndex((f) => f.id === id);
    if (index >= 0) list.remove(index);
    else if (list.fields.length < PRODUCT_LIMITS.maxOptions) list.append({ id, surcharge: 0 });
    const ids = (k: Kind) => {
      const current = (k === "sizes" ? sizes : colors).fields.map((f) => f.id);
      if (k !== kind) return current;
      return index >= 0 ? current.filter((x) => x !== id) : [...current, id];
    };
    variants.replace(variantGrid(ids("sizes"), ids("colors"), form.getValues("variants")));
  };

  const picker = (kind: Kind) => {
    const list = kind === "sizes" ? sizes : colors;
    const choices = kind === "sizes" ? options.sizes : options.colors;
    if (choices.length === 0) return null;
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t(`seller_products.${kind}`)}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((o) => {
            const on = list.fields.some((f) => f.id === o.id);
            return (
              <label
                key={o.id}
                className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm focus-within:ring-2 focus-within:ring-primary-300 ${on ? "border-primary-600 bg-primary-50 text-primary-900" : "border-slate-300 text-slate-700 hover:border-slate-400"}`}
              >
                <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(kind, o.id)} />
                {"color_code" in o && (
                  <span
                    aria-hidden="true"
                    className="size-4 rounded-full border border-slate-300"
                    style={{ background: String(o.color_code) }}
                  />
                )}
                {o.name}
              </label>
            );
          })}
        </div>
        {list.fields.length > 0 && (
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {list.fields.map((f, i) => {
              const name = kind === "sizes" ? sizeName.get(f.id) : colorOf.get(f.id)?.name;
              const error = errors[kind]?.[i]?.surcharge?.message;
              return (
                <li key={f.key}>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="min-w-0 flex-1 truncate text-slate-700">
                      {t("seller_products.surcharge_of", { name })}
                    </span>
                    <input
                      type="number"
                      step="0.01"
                      min={0}
                      inputMode="decimal"
                      aria-invalid={error ? true : undefined}
                      className={`${rowInput} w-28 shrink-0`}
                      {...form.register(`${kind}.${i}.surcharge`, { valueAsNumber: true })}
                    />
                  </label>
                  <FieldError message={error} />
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    );
  };

  return (
    <div className="space-y-5">
      {picker("sizes")}
      {picker("colors")}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("seller_products.variants")}</h3>
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[18rem] text-sm" data-testid="variant-grid">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("seller_products.variant")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("seller_products.stock")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("seller_products.sku")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {variants.fields.map((f, i) => {
                const row = rows?.[i] ?? f;
                const color = colorOf.get(row.color_id);
                const size = sizeName.get(row.size_id);
                const label = [size, color?.name].filter(Boolean).join(" / ") || t("seller_products.default_variant");
                const rowErrors = errors.variants?.[i];
                return (
                  <tr key={f.id} data-testid="variant-row">
                    <th scope="row" className="px-3 py-2 text-start font-medium text-slate-800">
                      <span className="inline-flex items-center gap-2 whitespace-nowrap">
                        {color && (
                          <span
                            aria-hidden="true"
                            className="size-3.5 shrink-0 rounded-full border border-slate-300"
                            style={{ background: color.color_code }}
                          />
                        )}
                        {variantName(size, color?.name) || label}
                      </span>
                    </th>
                    <td className="px-3 py-2 align-top">
                      <input
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        aria-label={t("seller_products.stock_of", { name: label })}
                        aria-invalid={rowErrors?.stock ? true : undefined}
                        className={`${rowInput} w-16`}
                        {...form.register(`variants.${i}.stock`, { valueAsNumber: true })}
                      />
                      <FieldError message={rowErrors?.stock?.message} />
                    </td>
                    <td className="px-3 py-2 align-top">
                      <input
                        type="text"
                        maxLength={PRODUCT_LIMITS.sku}
                        aria-label={t("seller_products.sku_of", { name: label })}
                        aria-invalid={rowErrors?.sku ? true : undefined}
                        className={`${rowInput} w-full min-w-20`}
                        dir="ltr"
                        {...form.register(`variants.${i}.sku`)}
                      />
                      <FieldError message={rowErrors?.sku?.message} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <FieldError message={errors.variants?.message ?? errors.variants?.root?.message} />
      </div>
    </div>
  );
}
