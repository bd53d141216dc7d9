import { type AdminFlashSale, flashSaleFields, PAGINATION_PER_PAGE } from "@market/contract";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { FieldError, FileButton, SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDateTime, isolated } from "../i18n/index.ts";
import { Price, useMaster } from "../settings/index.ts";
import { useDeleteSale, useFlashSales, useRemoveEntry, useSaleEntries, useSaveSale } from "./api.ts";
import { useUrlFilters } from "./url-filters.tsx";

type Fields = z.input<typeof flashSaleFields>;
/** An ISO time as a datetime-local input shows it (the browser's time zone). */
const localInput = (iso: string) => dayjs(iso).format("YYYY-MM-DDTHH:mm");
const when = (iso: string) => isolated(formatDateTime(iso));

/** Creates or edits a sale: names per language, start and end, the banner image. */
function SaleForm({ sale, onDone }: { sale: AdminFlashSale | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const others = (master?.languages ?? []).filter((l) => !l.is_default);
  const save = useSaveSale();
  const bannerId = useId();
  const [banner, setBanner] = useState<File | null>(null);
  const [bannerError, setBannerError] = useState<string>();
  const [names, setNames] = useState<Record<string, string>>(sale?.translations ?? {});
  const form = useForm<Fields, unknown, z.output<typeof flashSaleFields>>({
    resolver: useContractResolver(flashSaleFields),
    defaultValues: {
      name: sale?.name ?? "",
      translations: JSON.stringify(sale?.translations ?? {}),
      start_date: sale ? localInput(sale.start_date) : "",
      end_date: sale ? localInput(sale.end_date) : "",
    },
  });
  const submit = form.handleSubmit(async (v) => {
    if (!sale && !banner) {
      setBannerError(t("admin_marketplace.banner_required"));
      return;
    }
    const body = new FormData();
    body.set("name", v.name);
    body.set("translations", JSON.stringify(v.translations));
    body.set("start_date", v.start_date);
    body.set("end_date", v.end_date);
    if (banner) body.set("banner", banner);
    try {
      await save.mutateAsync({ id: sale?.id ?? null, form: body });
      onDone();
    } catch (e) {
      showApiError(e, form.setError, ["name", "start_date", "end_date"]);
      const err = e instanceof ApiError ? e.fieldError("banner") : undefined;
      if (err) setBannerError(err);
    }
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        form.setValue("translations", JSON.stringify(names));
        void submit(e);
      }}
    >
      <TextField label={t("admin_marketplace.sale_name")} error={errors.name?.message} {...form.register("name")} />
      {others.map((l) => (
        <TextField
          key={l.name}
          label={t("admin_marketplace.sale_name_in", { language: l.title })}
          dir={l.direction}
          value={names[l.name] ?? ""}
          onChange={(e) => setNames({ ...names, [l.name]: e.target.value })}
        />
      ))}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          type="datetime-local"
          label={t("admin_marketplace.starts")}
          error={errors.start_date?.message}
          {...form.register("start_date")}
        />
        <TextField
          type="datetime-local"
          label={t("admin_marketplace.ends")}
          error={errors.end_date?.message}
          {...form.register("end_date")}
        />
      </div>
      <div>
        <p id={`${bannerId}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t("admin_marketplace.banner")}
        </p>
        {(banner || sale) && (
          <img
            src={banner ? URL.createObjectURL(banner) : sale?.thumbnail}
            alt=""
            className="mb-2 h-20 w-full max-w-xs rounded-lg object-cover"
          />
        )}
        <FileButton
          id={bannerId}
          className="px-4"
          accept="image/jpeg,image/png,image/webp"
          aria-labelledby={`${bannerId}-label ${bannerId}-choose`}
          aria-invalid={bannerError ? true : undefined}
          aria-describedby={bannerError ? `${bannerId}-error` : undefined}
          onChange={(e) => {
            setBanner(e.target.files?.[0] ?? null);
            setBannerError(undefined);
          }}
        >
          <span id={`${bannerId}-choose`}>{t("admin_content.choose_image")}</span>
        </FileButton>
        <FieldError id={`${bannerId}-error`} message={bannerError} />
      </div>
      <SubmitButton busy={form.formState.isSubmitting}>{t("admin.save")}</SubmitButton>
    </form>
  );
}

/** The sellers' entries of a sale: shop, product, sale price, cap and units sold; an unsold one can be removed. */
function SaleEntries({ sale }: { sale: AdminFlashSale }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useSaleEntries(sale.id, page);
  const remove = useRemoveEntry();
  if (isError) return <LoadError onReload={refetch} />;
  if (!data) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (data.data.length === 0) return <p className="text-sm text-slate-600">{t("admin_marketplace.no_entries")}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {data.data.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <img src={e.product.thumbnail} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-slate-900">{e.product.name}</p>
              <p className="text-slate-600">
                {e.shop.name} · <Price amount={e.sale_price} /> ·{" "}
                {t("admin_marketplace.sold_of", { sold: e.sold, cap: e.quantity })}
              </p>
            </div>
            <Button
              size="xs"
              variant="danger-outline"
              disabled={e.sold > 0 || remove.isPending}
              title={e.sold > 0 ? t("admin_marketplace.entry_sold") : undefined}
              className="disabled:opacity-50"
              onClick={() => remove.mutate({ id: sale.id, entryId: e.id }, { onError: (err) => showApiError(err) })}
            >
              {t("admin_marketplace.remove")}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={data.total} perPage={PAGINATION_PER_PAGE} onChange={setPage} />
    </div>
  );
}

/** Flash sales: schedule (names, times, banner), edit, delete while unsold, see and prune the sellers' entries. */
export function FlashSaleAdmin() {
  const { t } = useTranslation();
  const f = useUrlFilters([] as const);
  const query = useFlashSales(f.page);
  const remove = useDeleteSale();
  const [editing, setEditing] = useState<AdminFlashSale | "new" | null>(null);
  const [entriesOf, setEntriesOf] = useState<AdminFlashSale | null>(null);
  const [deleting, setDeleting] = useState<AdminFlashSale | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle>{t("admin_marketplace.sales_title")}</PageTitle>
        <Button onClick={() => setEditing("new")}>{t("admin_marketplace.new_sale")}</Button>
      </div>
      <PagedList
        list={query.data}
        isError={query.isError}
        onReload={query.refetch}
        page={f.page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={f.setPage}
        empty={<EmptyState title={t("admin_marketplace.no_sales")} />}
      >
        {(sales) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {sales.map((s) => (
              <li key={s.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <img src={s.thumbnail} alt="" className="h-28 w-full object-cover" />
                <div className="space-y-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900">{s.name}</p>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                      {t(`admin_marketplace.sale_${s.state}`)}
                    </span>
                  </div>
                  <p className="text-sm text-slate-600">
                    {when(s.start_date)} – {when(s.end_date)}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t("admin_marketplace.entries_sold", { entries: s.entries, sold: s.sold })}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setEntriesOf(s)}
                      aria-label={t("common.action_named", { action: t("admin_marketplace.entries"), name: s.name })}
                    >
                      {t("admin_marketplace.entries")}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setEditing(s)}
                      aria-label={t("common.action_named", { action: t("admin_marketplace.edit"), name: s.name })}
                    >
                      {t("admin_marketplace.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant="danger-outline"
                      disabled={s.sold > 0}
                      title={s.sold > 0 ? t("admin_marketplace.sale_sold") : undefined}
                      className="disabled:opacity-50"
                      onClick={() => setDeleting(s)}
                      aria-label={t("common.action_named", { action: t("admin_marketplace.delete"), name: s.name })}
                    >
                      {t("admin_marketplace.delete")}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t(editing === "new" ? "admin_marketplace.new_sale" : "admin_marketplace.edit_sale")}
      >
        {editing !== null && (
          <SaleForm
            key={editing === "new" ? "new" : editing.id}
            sale={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={entriesOf !== null}
        onOpenChange={(open) => !open && setEntriesOf(null)}
        title={entriesOf ? t("admin_marketplace.entries_of", { name: entriesOf.name }) : ""}
        closeLabel={t("common.close")}
      >
        {entriesOf && <SaleEntries sale={entriesOf} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t("admin_marketplace.delete_sale", { name: deleting.name }) : ""}
        description={t("admin_marketplace.delete_sale_text")}
        confirmLabel={t("admin_marketplace.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (e) => showApiError(e) })
        }
      />
    </>
  );
}
