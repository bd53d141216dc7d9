import type { Coupon } from "@market/contract";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TicketIcon } from "../../ui/icons.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { formatDate, isolated } from "../i18n/index.ts";
import { useAmountText } from "../settings/index.ts";
import { useCartStore } from "./cart-store.ts";
import { useCollectVoucher, useVouchers } from "./queries.ts";

export type VoucherShop = { id: number; name: string };

/**
 * 'Voucher from' a shop: its coupons with a collect button, or 'Sorry there is no voucher
 * available'. A collected coupon can be applied at once: it becomes the basket's coupon code and
 * its shop joins the selection, since a coupon only counts for a selected shop.
 */
export function VoucherDialog({ shop, onClose }: { shop: VoucherShop; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: coupons, isPending, isError, error, refetch } = useVouchers(shop.id);
  const navigate = useNavigate();
  const signedOut = error instanceof ApiError && error.code === "unauthenticated";
  // Spec section 4: a 401 on the voucher load ends the session (the API client clears it) and goes home.
  useEffect(() => {
    if (!signedOut) return;
    onClose();
    useCartStore.getState().closeDrawer();
    navigate("/");
  }, [signedOut, onClose, navigate]);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={
        <>
          {t("cart.voucher_from")} <span className="text-primary-700">{shop.name}</span>
        </>
      }
    >
      <div className="mt-4 max-h-[60vh] overflow-y-auto">
        {isPending ? (
          <p className="py-8 text-center text-sm text-slate-500">{t("cart.loading")}</p>
        ) : isError ? (
          // Not "no voucher": the shop may have some, and the shopper can ask again.
          <div className="py-8 text-center" data-testid="vouchers-load-error">
            <LoadError onReload={refetch} />
          </div>
        ) : !coupons || coupons.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">{t("cart.no_voucher")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {coupons.map((c) => (
              <VoucherCard key={c.id} coupon={c} onApplied={onClose} />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

function VoucherCard({ coupon, onApplied }: { coupon: Coupon; onApplied: () => void }) {
  const { t } = useTranslation();
  const money = useAmountText();
  const collect = useCollectVoucher();
  const couponCode = useCartStore((s) => s.couponCode);
  const applied = couponCode.toUpperCase() === coupon.code.toUpperCase();
  const apply = () => {
    const store = useCartStore.getState();
    store.setCouponCode(coupon.code);
    if (!store.selectedShopIds.includes(coupon.shop_id)) store.toggleShop(coupon.shop_id);
    onApplied();
  };
  const action = !coupon.is_collected ? (
    <Button
      type="button"
      disabled={collect.isPending}
      onClick={() => collect.collect(coupon)}
      size="xs"
      className="disabled:opacity-50"
    >
      {t("cart.collect")}
    </Button>
  ) : applied ? (
    <span className="rounded-lg bg-emerald-50 px-3 py-1.5 text-xs font-semibold text-emerald-700">
      {t("cart.applied")}
    </span>
  ) : (
    <>
      <span className="text-xs font-medium text-emerald-700">{t("cart.collected")}</span>
      <button
        type="button"
        onClick={apply}
        className="rounded-lg border border-primary-600 px-3 py-1.5 text-xs font-semibold text-primary-700 hover:bg-primary-50"
      >
        {t("cart.apply")}
      </button>
    </>
  );
  return (
    <li
      className="flex items-stretch overflow-hidden rounded-xl border border-primary-200 bg-primary-50/40"
      data-testid="voucher"
    >
      <div className="flex min-w-20 max-w-28 shrink-0 flex-col items-center justify-center gap-1 border-e border-dashed border-primary-300 bg-primary-50 p-2 text-center text-primary-800 sm:min-w-24">
        <TicketIcon className="size-5" />
        <span className="text-sm font-bold leading-tight">
          {coupon.discount_type === "Percentage"
            ? t("cart.percent_off", { value: coupon.discount })
            : t("cart.amount_off", { amount: money(coupon.discount) })}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2 p-3">
        <div className="flex min-w-0 flex-col gap-0.5 text-xs text-slate-600">
          <p className="font-mono text-sm font-semibold tracking-wide text-slate-900" dir="ltr">
            {coupon.code}
          </p>
          {coupon.min_order_amount > 0 && <p>{t("cart.min_order", { amount: money(coupon.min_order_amount) })}</p>}
          {coupon.max_discount !== null && <p>{t("cart.up_to", { amount: money(coupon.max_discount) })}</p>}
          <p>{t("cart.valid_until", { date: isolated(formatDate(coupon.end_date)) })}</p>
        </div>
        <div className="ms-auto flex items-center gap-2">{action}</div>
      </div>
    </li>
  );
}
