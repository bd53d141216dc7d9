import type { SellerVoucher, VoucherStatus } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { usePageParam } from "../../lib/use-page-param.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { Pill } from "../../ui/pill.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useAmountText } from "../settings/index.ts";
import { useDateRange } from "./dates.ts";
import { useSellerVouchers, useSetVoucherActive, VOUCHERS_PER_PAGE } from "./queries.ts";
import { VoucherForm } from "./voucher-form.tsx";

const tones: Record<VoucherStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  paused: "bg-amber-50 text-amber-800 ring-amber-200",
  scheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  expired: "bg-slate-100 text-slate-600 ring-slate-200",
  used_up: "bg-rose-50 text-rose-800 ring-rose-200",
};

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation();
  return <Pill tone={tones[status]}>{t(`seller_marketing.status_${status}`)}</Pill>;
}

/** `/seller/vouchers`: the shop's vouchers as cards, a dialog to create or edit one, pause and resume. */
export function SellerVouchers() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const { data, isError, refetch } = useSellerVouchers(page);
  /** the voucher being edited, "new" while creating, null when the dialog is closed */
  const [editing, setEditing] = useState<SellerVoucher | "new" | null>(null);
  const current = editing === "new" ? null : editing;

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing("new")}>{t("seller_marketing.new_voucher")}</Button>
      </div>
      <PagedList
        list={data}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={VOUCHERS_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t("seller_marketing.no_vouchers")} text={t("seller_marketing.no_vouchers_text")} />}
      >
        {(vouchers) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {vouchers.map((v) => (
              <VoucherCard key={v.id} voucher={v} onEdit={() => setEditing(v)} />
            ))}
          </ul>
        )}
      </PagedList>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={
          current ? t("seller_marketing.edit_voucher_named", { code: current.code }) : t("seller_marketing.new_voucher")
        }
        className="sm:max-w-xl"
      >
        {editing !== null && (
          <VoucherForm key={current?.id ?? "new"} voucher={current} onDone={() => setEditing(null)} />
        )}
      </Dialog>
    </>
  );
}

function VoucherCard({ voucher: v, onEdit }: { voucher: SellerVoucher; onEdit: () => void }) {
  const { t } = useTranslation();
  const price = useAmountText();
  const range = useDateRange();
  const toggle = useSetVoucherActive();
  const canToggle = v.status !== "expired";

  const setActive = () =>
    toggle.mutate(
      { id: v.id, active: !v.is_active },
      {
        onSuccess: () =>
          toast.success(
            t(v.is_active ? "seller_marketing.voucher_paused" : "seller_marketing.voucher_resumed"),
            SUCCESS_TOAST,
          ),
        onError: (e) => showApiError(e),
      },
    );

  return (
    <li
      data-testid="seller-voucher"
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p dir="ltr" className="min-w-0 break-all font-mono text-base font-bold text-slate-900">
          {v.code}
        </p>
        <VoucherStatusBadge status={v.status} />
      </div>
      <p className="mt-2 text-lg font-semibold text-primary-700">
        {v.discount_type === "Percentage"
          ? t("seller_marketing.percent_off", { value: v.discount })
          : t("seller_marketing.amount_off", { amount: price(v.discount) })}
      </p>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
        {v.min_order_amount > 0 && <li>{t("seller_marketing.min_order", { amount: price(v.min_order_amount) })}</li>}
        {v.max_discount !== null && <li>{t("seller_marketing.up_to", { amount: price(v.max_discount) })}</li>}
        <li>{t("seller_marketing.validity", { range: range(v.start_date, v.end_date) })}</li>
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-slate-700">
        <span>
          {v.usage_limit === null
            ? t("seller_marketing.used_count", { used: v.used_count })
            : t("seller_marketing.used_of_limit", { used: v.used_count, limit: v.usage_limit })}
        </span>
        <span>{t("seller_marketing.collected_count", { count: v.collected_count })}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t("seller_marketing.edit_voucher_named", { code: v.code })}
        >
          {t("seller_marketing.edit")}
        </Button>
        {canToggle && (
          <Button
            variant={v.is_active ? "danger-outline" : "outline"}
            size="sm"
            onClick={setActive}
            disabled={toggle.isPending}
            aria-label={t(v.is_active ? "seller_marketing.pause_named" : "seller_marketing.resume_named", {
              code: v.code,
            })}
          >
            {t(v.is_active ? "seller_marketing.pause" : "seller_marketing.resume")}
          </Button>
        )}
      </div>
    </li>
  );
}
