import type { CheckoutData } from "@market/contract";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { taxName } from "../../lib/tax-name.ts";
import { Price } from "../settings/index.ts";
import { useCartStore } from "./cart-store.ts";

/**
 * The checkout figures of the selected shops (`POST /cart/checkout`): subtotal, coupon discount,
 * delivery, each tax by name and the payable 'Cart Amount'. With no checkout figures (no shop selected) the
 * 'Cart Amount' is `allLines`, what every line of the cart costs (the server's cart total).
 */
export function CartTotals({
  checkout,
  allLines,
  label,
}: {
  checkout: CheckoutData["checkout"] | undefined;
  allLines?: number;
  label?: string;
}) {
  const { t } = useTranslation();
  const c = checkout;
  return (
    <dl className="flex flex-col gap-1.5 text-sm" data-testid="cart-totals">
      {c && (
        <>
          {/* The rows and names of the checkout page and the order's summary, in their order. */}
          <Row label={t("cart.subtotal")} amount={c.total_amount} testId="cart-subtotal" />
          {c.coupon_discount > 0 && (
            <Row label={t("cart.coupon_discount")} amount={c.coupon_discount} minus testId="coupon-discount" />
          )}
          <Row label={t("cart.delivery_charge")} amount={c.delivery_charge} />
          {c.all_vat_taxes.map((v) => (
            <Row key={v.name} label={<bdi>{taxName(t, v)}</bdi>} amount={v.amount} />
          ))}
        </>
      )}
      <div className="mt-1 flex items-center justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>{label ?? t("cart.cart_amount")}</dt>
        <dd data-testid="cart-amount">
          {/* The selected shops' figures still loading: no amount rather than a wrong one. */}
          {c || allLines !== undefined ? <Price amount={c ? c.payable_amount : (allLines ?? 0)} /> : "…"}
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, amount, minus, testId }: { label: ReactNode; amount: number; minus?: boolean; testId?: string }) {
  return (
    <div className="flex items-center justify-between text-slate-600">
      <dt>{label}</dt>
      <dd className={minus ? "font-medium text-emerald-700" : "font-medium text-slate-800"} data-testid={testId}>
        <Price amount={amount} minus={minus} />
      </dd>
    </div>
  );
}

/**
 * The basket's coupon: type or paste a code, or apply a collected voucher from the shop's voucher
 * list. What the server said about it (`apply_coupon`) shows under the box.
 */
export function CouponBox({ applied }: { applied: CheckoutData["apply_coupon"] | undefined }) {
  const { t } = useTranslation();
  const couponCode = useCartStore((s) => s.couponCode);
  const setCouponCode = useCartStore((s) => s.setCouponCode);
  const [draft, setDraft] = useState("");
  // Applying swaps the field for the chip and removing swaps it back, which would drop the keyboard
  // focus to <body>: it goes to what takes the place of the pressed control instead.
  const focusNext = useRef(false);
  const focusOnMount = (el: HTMLElement | null) => {
    if (el && focusNext.current) {
      focusNext.current = false;
      el.focus();
    }
  };
  const current = applied && applied.code.toUpperCase() === couponCode.toUpperCase() ? applied : null;
  if (couponCode) {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2 rounded-lg border border-dashed border-primary-300 bg-primary-50/50 px-3 py-2">
          <span className="min-w-0 text-sm">
            <span className="text-slate-600">
              {t("cart.coupon_code")}
              {t("common.colon")}
            </span>
            <span className="font-mono font-semibold text-slate-900" dir="ltr">
              {couponCode.toUpperCase()}
            </span>
          </span>
          <button
            type="button"
            ref={focusOnMount}
            onClick={() => {
              focusNext.current = true;
              setCouponCode("");
            }}
            className="shrink-0 text-xs font-semibold text-rose-700 hover:underline"
          >
            {t("cart.remove_coupon")}
          </button>
        </div>
        {current && (
          <p className={`text-xs ${current.valid ? "text-emerald-700" : "text-rose-700"}`} role="status">
            {current.valid ? t("cart.applied") : current.message}
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.trim()) {
          focusNext.current = true;
          setCouponCode(draft);
        }
        setDraft("");
      }}
    >
      <label className="sr-only" htmlFor="cart-coupon">
        {t("cart.coupon_code")}
      </label>
      <input
        id="cart-coupon"
        ref={focusOnMount}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={50}
        placeholder={t("cart.coupon_placeholder")}
        autoComplete="off"
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
      />
      <button
        type="submit"
        className="h-10 shrink-0 rounded-lg border border-primary-600 px-4 text-sm font-semibold text-primary-700 hover:bg-primary-50"
      >
        {t("cart.apply")}
      </button>
    </form>
  );
}
