import {
  type JoinSaleBody,
  joinSaleBody,
  MARKETING_LIMITS,
  type SaleEntry,
  type SaleEntryBody,
  type SellerFlashSale,
  saleEntryBody,
} from "@market/contract";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { FieldError, SubmitButton, TextField } from "../../ui/fields.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { Price, useAmountText } from "../settings/index.ts";
import { useJoinSale, useProductPick, useUpdateEntry } from "./queries.ts";

/** What a shopper pays outside the sale: the sale price must be lower. */
const currentOf = (p: { price: number; discount_price: number }) => (p.discount_price > 0 ? p.discount_price : p.price);

type Picked = { id: number; name: string; thumbnail: string; current: number };

/** Picks products of the shop (search by name or SKU) and gives each a sale price and a cap. */
export function JoinSaleForm({ sale, onDone }: { sale: SellerFlashSale; onDone: () => void }) {
  const { t } = useTranslation();
  const price = useAmountText();
  const [search, setSearch] = useState("");
  const products = useProductPick(search, true);
  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const inSale = new Set(sale.entries.map((e) => e.product_id));

  const form = useForm<JoinSaleBody, unknown, z.output<typeof joinSaleBody>>({
    resolver: useContractResolver(joinSaleBody),
    defaultValues: { items: [] },
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const join = useJoinSale(sale.id);
  const { errors } = form.formState;

  const toggle = (p: Picked) => {
    const index = items.fields.findIndex((f) => f.product_id === p.id);
    const next = new Map(picked);
    if (index >= 0) {
      items.remove(index);
      next.delete(p.id);
    } else {
      // A suggestion 10 % under the current price; the seller sets their own.
      items.append({ product_id: p.id, sale_price: Math.floor(p.current * 90) / 100, quantity: 10 });
      next.set(p.id, p);
    }
    setPicked(next);
  };

  const submit = form.handleSubmit((values) =>
    join.mutate(values, {
      onSuccess: () => {
        toast.success(t("seller_marketing.entries_added"), SUCCESS_TOAST);
        onDone();
      },
      onError: (e) =>
        showApiError(
          e,
          form.setError,
          items.fields.flatMap((_, i) => [
            `items.${i}.product_id` as const,
            `items.${i}.sale_price` as const,
            `items.${i}.quantity` as const,
          ]),
        ),
    }),
  );

  const listError = errors.items?.root?.message ?? errors.items?.message;
  return (
    <div className="mt-4 space-y-4">
      <SearchForm label={t("seller_marketing.search_products")} onSearch={setSearch} />

      <div className="max-h-64 overflow-y-auto rounded-xl border border-slate-200">
        {products.isError ? (
          <p className="p-4 text-sm text-red-600">{t("common.something_went_wrong")}</p>
        ) : !products.data ? (
          <div className="space-y-2 p-3" aria-busy="true">
            <span className="sr-only">{t("seller_marketing.loading")}</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : products.data.data.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">{t("seller_marketing.no_products_found")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {products.data.data.map((p) => {
              const taken = inSale.has(p.id);
              const current = currentOf(p);
              const checked = picked.has(p.id);
              return (
                <li key={p.id} className="flex items-center gap-3 px-3 py-2">
                  <input
                    id={`pick-${sale.id}-${p.id}`}
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary-600"
                    checked={checked}
                    disabled={taken}
                    onChange={() => toggle({ id: p.id, name: p.name, thumbnail: p.thumbnail, current })}
                  />
                  <img src={p.thumbnail} alt="" className="size-10 shrink-0 rounded-md bg-slate-100 object-cover" />
                  <label htmlFor={`pick-${sale.id}-${p.id}`} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block name-line truncate text-sm font-medium text-slate-900">{p.name}</span>
                    <span className="block text-xs text-slate-500">
                      {taken ? t("seller_marketing.already_in_sale") : <Price amount={current} />}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="text-sm font-medium text-slate-700">
          {t("seller_marketing.selected_count", { count: items.fields.length })}
        </p>
        <ul className="space-y-3">
          {items.fields.map((field, i) => {
            const p = picked.get(field.product_id);
            const rowErrors = errors.items?.[i];
            return (
              <li key={field.id} data-testid="join-item" className="rounded-xl border border-slate-200 p-3">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <p className="min-w-0 name-line truncate text-sm font-semibold text-slate-900">{p?.name}</p>
                  <span className="shrink-0 text-xs text-slate-500">
                    {p && t("seller_marketing.current_price_is", { amount: price(p.current) })}
                  </span>
                </div>
                <FieldError message={rowErrors?.product_id?.message} />
                <div className="grid grid-cols-2 gap-3">
                  <TextField
                    label={t("seller_marketing.sale_price")}
                    type="number"
                    step="0.01"
                    min={0}
                    inputMode="decimal"
                    error={rowErrors?.sale_price?.message}
                    {...form.register(`items.${i}.sale_price`, { valueAsNumber: true })}
                  />
                  <TextField
                    label={t("seller_marketing.cap")}
                    type="number"
                    step="1"
                    min={1}
                    max={MARKETING_LIMITS.maxCap}
                    inputMode="numeric"
                    error={rowErrors?.quantity?.message}
                    {...form.register(`items.${i}.quantity`, { valueAsNumber: true })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <FieldError message={listError} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <SubmitButton busy={join.isPending} disabled={items.fields.length === 0} className="sm:w-auto sm:px-6">
            {t("seller_marketing.join_sale")}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

/** An entry's sale price and cap; while the sale runs the price is fixed and the cap stays at or above sold. */
export function EditEntryForm({ entry, running, onDone }: { entry: SaleEntry; running: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<SaleEntryBody, unknown, z.output<typeof saleEntryBody>>({
    resolver: useContractResolver(saleEntryBody),
    defaultValues: { sale_price: entry.sale_price, quantity: entry.quantity },
  });
  const update = useUpdateEntry(entry.id);
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t("seller_marketing.entry_saved"), SUCCESS_TOAST);
        onDone();
      },
      onError: (e) => showApiError(e, form.setError, ["sale_price", "quantity"]),
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      {running && <p className="text-sm text-slate-600">{t("seller_marketing.running_hint")}</p>}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t("seller_marketing.sale_price")}
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          readOnly={running}
          error={errors.sale_price?.message}
          {...form.register("sale_price", { valueAsNumber: true })}
        />
        <TextField
          label={t("seller_marketing.cap")}
          type="number"
          step="1"
          min={Math.max(1, entry.sold)}
          inputMode="numeric"
          error={errors.quantity?.message}
          {...form.register("quantity", { valueAsNumber: true })}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <SubmitButton busy={update.isPending} className="sm:w-auto sm:px-6">
          {t("seller_marketing.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
