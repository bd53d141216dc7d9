import { type AdminProduct, PAGINATION_PER_PAGE, PRODUCT_MODERATIONS } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { ReasonDialog } from "../admin/index.ts";
import { Price } from "../settings/index.ts";
import { useAdminProducts, useApproveProduct, useModerationSwitch, useRejectProduct } from "./api.ts";
import { ProductPreview } from "./product-preview.tsx";
import { FilterSelect, useUrlFilters } from "./url-filters.tsx";

const BADGE: Record<AdminProduct["moderation"], string> = {
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
};

/** Every shop's products: search, the moderation queue, approve, reject or unpublish with a reason. */
export function ProductModeration() {
  const { t } = useTranslation();
  const f = useUrlFilters(["search", "moderation"] as const);
  const moderation = PRODUCT_MODERATIONS.find((m) => m === f.values.moderation);
  const query = useAdminProducts({ page: f.page, search: f.values.search || undefined, moderation });
  const toggle = useModerationSwitch();
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const [rejecting, setRejecting] = useState<AdminProduct | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const data = query.data;
  return (
    <>
      <PageTitle sub={t("admin_marketplace.products_sub")}>{t("admin_marketplace.products_title")}</PageTitle>
      <section className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{t("admin_marketplace.moderation")}</p>
          <p className="text-sm text-slate-600">{t("admin_marketplace.moderation_text")}</p>
          {data && data.pending_count > 0 && (
            <p className="mt-1 text-sm font-medium text-amber-800">
              {t("admin_marketplace.pending_count", { count: data.pending_count })}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-primary-600"
            checked={data?.moderation_on ?? false}
            disabled={!data || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked, { onError: (err) => showApiError(err) })}
          />
          {t("admin_marketplace.moderation_on")}
        </label>
      </section>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchForm
          key={f.values.search}
          value={f.values.search}
          label={t("admin_marketplace.search_products")}
          onSearch={(search) => f.set({ search })}
        />
        <FilterSelect
          label={t("admin_marketplace.filter_moderation")}
          value={f.values.moderation}
          onChange={(m) => f.set({ moderation: m })}
          options={[
            { value: "", label: t("admin_marketplace.all_states") },
            ...PRODUCT_MODERATIONS.map((m) => ({ value: m, label: t(`admin_marketplace.moderation_${m}`) })),
          ]}
        />
      </div>
      <PagedList
        list={data?.products}
        isError={query.isError}
        onReload={query.refetch}
        page={f.page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={f.setPage}
        empty={<EmptyState title={t("admin_marketplace.no_products")} />}
      >
        {(products) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {products.map((p) => (
              <li
                key={p.id}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center"
                data-testid="admin-product"
              >
                <img
                  src={p.thumbnail}
                  alt=""
                  className="size-14 shrink-0 rounded-xl border border-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1 space-y-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="min-w-0 break-words font-semibold text-slate-900">{p.name}</p>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[p.moderation]}`}
                    >
                      {t(`admin_marketplace.moderation_${p.moderation}`)}
                    </span>
                    {!p.listed && p.moderation === "approved" && (
                      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                        {t("admin_marketplace.not_listed")}
                      </span>
                    )}
                  </div>
                  <p className="text-sm text-slate-600">
                    {p.shop.name} · <Price amount={p.price} />
                  </p>
                  {p.moderation_reason && (
                    <p className="text-sm text-slate-700">
                      {t("admin.reason")}
                      {t("common.colon")}
                      {p.moderation_reason}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t("common.action_named", { action: t("admin_marketplace.preview"), name: p.name })}
                    onClick={() => setPreviewing(p.id)}
                  >
                    {t("admin_marketplace.preview")}
                  </Button>
                  {p.moderation !== "approved" && (
                    <Button
                      size="sm"
                      disabled={approve.isPending}
                      className="disabled:opacity-60"
                      aria-label={t("admin_marketplace.approve_product", { name: p.name })}
                      onClick={() => approve.mutate(p.id, { onError: (e) => showApiError(e) })}
                    >
                      {t("admin.approve")}
                    </Button>
                  )}
                  {p.moderation !== "rejected" && (
                    <Button
                      size="sm"
                      variant="danger-outline"
                      aria-label={t(
                        p.moderation === "pending"
                          ? "admin_marketplace.reject_product"
                          : "admin_marketplace.unpublish_product",
                        { name: p.name },
                      )}
                      onClick={() => setRejecting(p)}
                    >
                      {t(p.moderation === "pending" ? "admin.reject" : "admin_marketplace.unpublish")}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ProductPreview id={previewing} onClose={() => setPreviewing(null)} />
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={
          rejecting
            ? t(
                rejecting.moderation === "pending"
                  ? "admin_marketplace.reject_product"
                  : "admin_marketplace.unpublish_product",
                { name: rejecting.name },
              )
            : ""
        }
        description={t("admin_marketplace.reject_text")}
        confirmLabel={t(rejecting?.moderation === "pending" ? "admin.reject" : "admin_marketplace.unpublish")}
        onSubmit={(reason) => (rejecting ? reject.mutateAsync({ id: rejecting.id, reason }) : Promise.resolve())}
      />
    </>
  );
}
