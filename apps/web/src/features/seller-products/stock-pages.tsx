import { type LowStockRow, type RestockBody, restockBody, STOCK_REASONS } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Button } from "../../ui/button.tsx";
import { CellLabel, cardTable } from "../../ui/card-table.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { formatDateTime, variantName } from "../i18n/index.ts";
import { rowInput } from "./control-class.ts";
import { StockBadge } from "./product-list.tsx";
import { STOCK_PER_PAGE, useLowStock, useRestock, useStockMovements } from "./queries.ts";

const cell = cardTable.cell;
const LOG_COLUMNS = ["when", "col_product", "variant", "change", "stock_after", "reason", "ref", "who"] as const;

/** Variants at or under the shop's low-stock threshold, each with a link to its product. */
export function LowStockList() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useLowStock(page);
  return (
    <section aria-labelledby="low-stock-title" className="mb-10">
      <h2 id="low-stock-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t("seller_products.low_stock")}
      </h2>
      {data && (
        <p className="mb-3 text-sm text-slate-500">{t("seller_products.low_stock_text", { count: data.threshold })}</p>
      )}
      <PagedList
        list={data?.rows}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={STOCK_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t("seller_products.no_low_stock")} />}
      >
        {(rows) => (
          <div className={cardTable.frame}>
            <table className={cardTable.table}>
              <thead className={cardTable.head}>
                <tr>
                  {(["col_product", "variant", "sku", "stock", "restock"] as const).map((c) => (
                    <th key={c} scope="col" className={cardTable.th}>
                      {t(`seller_products.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {rows.map((r) => (
                  <tr
                    key={`${r.product_id}-${r.size}-${r.color}-${r.sku}`}
                    data-testid="low-stock-row"
                    className={`${cardTable.row} grid-cols-2`}
                  >
                    <td className={`${cell} col-span-2`}>
                      <Link
                        to={`/seller/products/${r.product_id}`}
                        className="flex items-center gap-3 font-medium text-slate-900 hover:text-primary-700 hover:underline"
                      >
                        {r.thumbnail && (
                          <img
                            src={r.thumbnail}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                            className="size-10 shrink-0 rounded-lg border border-slate-200 object-cover"
                          />
                        )}
                        <span className="min-w-0 break-words">{r.product_name}</span>
                      </Link>
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <CellLabel>{t("seller_products.variant")}</CellLabel>
                      {variantName(r.size, r.color) || t("seller_products.default_variant")}
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <CellLabel>{t("seller_products.sku")}</CellLabel>
                      <bdi className="break-words">{r.sku ?? "—"}</bdi>
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      <CellLabel>{t("seller_products.stock")}</CellLabel>
                      <span className="tabular-nums">{r.stock}</span>{" "}
                      <StockBadge stock={r.stock} threshold={data?.threshold ?? 0} />
                    </td>
                    <td className={`${cell} col-span-2 sm:col-span-1`}>
                      <RestockForm row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </section>
  );
}

/** Units received of a low variant, added to its stock in place (logged as a restock). */
function RestockForm({ row }: { row: LowStockRow }) {
  const { t } = useTranslation();
  const variant = { product_id: row.product_id, size_id: row.size_id, color_id: row.color_id };
  const form = useForm<RestockBody, unknown, z.output<typeof restockBody>>({
    resolver: useContractResolver(restockBody),
    defaultValues: { ...variant, add: Number.NaN },
  });
  const restock = useRestock();
  const error = form.formState.errors.add?.message;
  const name = [row.product_name, variantName(row.size, row.color)].filter(Boolean).join(" · ");
  // Awaited rather than per-call callbacks: a restocked row leaves the list (unmounts) as it succeeds.
  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await restock.mutateAsync(body);
      toast.success(t("seller_products.stock_saved", { name, count: saved.data.stock }), SUCCESS_TOAST);
    } catch (e) {
      showApiError(e, form.setError, ["add"]);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-center gap-2" data-testid="restock-form">
      <CellLabel>{t("seller_products.restock")}</CellLabel>
      <input
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        aria-label={t("seller_products.new_stock_of", { name })}
        aria-invalid={error ? true : undefined}
        className={`${rowInput} w-24`}
        {...form.register("add", { valueAsNumber: true })}
      />
      <Button type="submit" size="sm" disabled={restock.isPending}>
        {t("seller_products.save_stock")}
      </Button>
      {error && (
        <p className="w-full text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

type Reason = (typeof STOCK_REASONS)[number];

/** Every stock change of the shop's products: when, what, by how much, why and who. */
export function StockLog() {
  const { t } = useTranslation();
  const [reason, setReason] = useState<Reason | undefined>();
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useStockMovements({ page, per_page: STOCK_PER_PAGE, reason });
  return (
    <section aria-labelledby="stock-log-title">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="stock-log-title" className="text-lg font-semibold text-slate-900">
          {t("seller_products.stock_log")}
        </h2>
        <label className="text-sm">
          <span className="me-2 text-slate-600">{t("seller_products.reason")}</span>
          <select
            className={`${rowInput} h-10`}
            value={reason ?? ""}
            onChange={(e) => {
              setReason((e.target.value || undefined) as Reason | undefined);
              setPage(1);
            }}
          >
            <option value="">{t("seller_products.all_reasons")}</option>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`seller_products.reason_${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedList
        list={data}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={STOCK_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t("seller_products.no_movements")} />}
      >
        {(rows) => (
          <div className={cardTable.frame}>
            <table className={cardTable.table}>
              <thead className={cardTable.head}>
                <tr>
                  {LOG_COLUMNS.map((c) => (
                    <th key={c} scope="col" className={cardTable.th}>
                      {t(`seller_products.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {rows.map((m) => (
                  <tr key={m.id} data-testid="stock-movement" className={`${cardTable.row} grid-cols-2`}>
                    <td className={`${cell} col-span-2 whitespace-nowrap text-slate-600 max-md:text-xs`}>
                      <bdi>{formatDateTime(m.created_at)}</bdi>
                    </td>
                    <td className={`${cell} col-span-2`}>
                      <Link
                        to={`/seller/products/${m.product_id}`}
                        className="break-words font-medium text-slate-900 hover:text-primary-700 hover:underline"
                      >
                        {m.product_name}
                      </Link>
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <CellLabel>{t("seller_products.variant")}</CellLabel>
                      {variantName(m.size, m.color) || "—"}
                    </td>
                    <td className={cell}>
                      <CellLabel>{t("seller_products.change")}</CellLabel>
                      <bdi
                        className={`font-semibold tabular-nums ${m.change < 0 ? "text-red-700" : "text-emerald-700"}`}
                      >
                        {m.change > 0 ? `+${m.change}` : m.change}
                      </bdi>
                    </td>
                    <td className={`${cell} tabular-nums`}>
                      <CellLabel>{t("seller_products.stock_after")}</CellLabel>
                      {m.stock_after}
                    </td>
                    <td className={cell}>
                      <CellLabel>{t("seller_products.reason")}</CellLabel>
                      {t(`seller_products.reason_${m.reason}`)}
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <CellLabel>{t("seller_products.ref")}</CellLabel>
                      <bdi className="break-words">{m.ref ?? "—"}</bdi>
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <CellLabel>{t("seller_products.who")}</CellLabel>
                      {m.user_name ?? "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </section>
  );
}
