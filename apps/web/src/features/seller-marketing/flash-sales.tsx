import type { SaleEntry, SellerFlashSale } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { Price } from "../settings/index.ts";
import { useDateRange } from "./dates.ts";
import { EditEntryForm, JoinSaleForm } from "./entry-forms.tsx";
import { SALES_PER_PAGE, useRemoveEntry, useSellerSales } from "./queries.ts";

const stateTones: Record<SellerFlashSale["state"], string> = {
  running: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  upcoming: "bg-sky-50 text-sky-800 ring-sky-200",
  ended: "bg-slate-100 text-slate-600 ring-slate-200",
};

/** `/seller/flash-sales`: the running and upcoming sales, each with the shop's entries and their actions. */
export function SellerFlashSales() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useSellerSales(page);
  return (
    <PagedList
      list={data}
      isError={isError}
      onReload={refetch}
      page={page}
      perPage={SALES_PER_PAGE}
      onPageChange={setPage}
      empty={<EmptyState title={t("seller_marketing.no_sales")} text={t("seller_marketing.no_sales_text")} />}
    >
      {(sales) => (
        <div className="space-y-6">
          {sales.map((s) => (
            <SaleCard key={s.id} sale={s} />
          ))}
        </div>
      )}
    </PagedList>
  );
}

function SaleCard({ sale }: { sale: SellerFlashSale }) {
  const { t } = useTranslation();
  const range = useDateRange();
  const [adding, setAdding] = useState(false);
  const open = sale.state !== "ended";
  return (
    <section
      data-testid="seller-sale"
      aria-labelledby={`sale-${sale.id}`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-4 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
        <img
          src={sale.thumbnail}
          alt=""
          className="aspect-[3/1] w-full rounded-xl bg-slate-100 object-cover sm:w-48"
          loading="lazy"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`sale-${sale.id}`} className="text-lg font-semibold text-slate-900">
              {sale.name}
            </h2>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${stateTones[sale.state]}`}
            >
              {t(`seller_marketing.sale_${sale.state}`)}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">{range(sale.start_date, sale.end_date)}</p>
        </div>
        {open && (
          <Button onClick={() => setAdding(true)} className="shrink-0">
            {t("seller_marketing.add_products")}
          </Button>
        )}
      </div>
      <div className="p-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-700">{t("seller_marketing.your_entries")}</h3>
        {sale.state === "running" && sale.entries.length > 0 && (
          <p className="mb-3 text-xs text-slate-500">{t("seller_marketing.running_hint")}</p>
        )}
        {sale.entries.length === 0 ? (
          <p className="text-sm text-slate-500">{t("seller_marketing.no_entries")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {sale.entries.map((e) => (
              <EntryCard key={e.id} entry={e} sale={sale} />
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title={t("seller_marketing.add_products_to", { name: sale.name })}
        className="sm:max-w-2xl"
      >
        {adding && <JoinSaleForm sale={sale} onDone={() => setAdding(false)} />}
      </Dialog>
    </section>
  );
}

function EntryCard({ entry: e, sale }: { entry: SaleEntry; sale: SellerFlashSale }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveEntry();
  const open = sale.state !== "ended";
  const canRemove = open && (sale.state === "upcoming" || e.sold === 0);

  const confirmRemove = () =>
    remove.mutate(e.id, {
      onSuccess: () => {
        setRemoving(false);
        toast.success(t("seller_marketing.entry_removed"), SUCCESS_TOAST);
      },
      onError: (err) => showApiError(err),
    });

  return (
    <li data-testid="sale-entry" className="flex min-w-0 gap-3 rounded-xl border border-slate-200 p-3">
      <img src={e.thumbnail} alt="" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover" loading="lazy" />
      <div className="min-w-0 flex-1">
        <p className="name-line truncate font-medium text-slate-900">{e.product_name}</p>
        <p className="mt-0.5 text-sm">
          <Price amount={e.sale_price} className="font-semibold text-rose-700" />{" "}
          <s className="text-slate-500">
            <Price amount={e.price} />
          </s>
        </p>
        <p className="text-xs text-slate-500">{t("seller_marketing.sold_of_cap", { sold: e.sold, cap: e.quantity })}</p>
        {open && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="xs"
              onClick={() => setEditing(true)}
              aria-label={t("seller_marketing.edit_entry_named", { name: e.product_name })}
            >
              {t("seller_marketing.edit")}
            </Button>
            {canRemove && (
              <Button
                variant="danger-outline"
                size="xs"
                onClick={() => setRemoving(true)}
                aria-label={t("seller_marketing.remove_named", { name: e.product_name })}
              >
                {t("seller_marketing.remove")}
              </Button>
            )}
          </div>
        )}
      </div>
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t("seller_marketing.edit_entry_named", { name: e.product_name })}
      >
        {editing && <EditEntryForm entry={e} running={sale.state === "running"} onDone={() => setEditing(false)} />}
      </Dialog>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t("seller_marketing.remove_entry_title")}
        description={t("seller_marketing.remove_entry_confirm", { name: e.product_name })}
        confirmLabel={t("seller_marketing.remove")}
        onConfirm={confirmRemove}
        busy={remove.isPending}
        tone="danger"
      />
    </li>
  );
}
