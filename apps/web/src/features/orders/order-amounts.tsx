import { CASH_ON_DELIVERY, type CheckoutTotals } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { taxName } from "../../lib/tax-name.ts";
import { Price, useChargeCurrency, useIsolateAmount } from "../settings/index.ts";

/** The figures every order and checkout shows; the same names as the checkout totals. */
export type Amounts = Pick<CheckoutTotals, "total_amount" | "coupon_discount" | "delivery_charge" | "all_vat_taxes"> & {
  payable_amount: number;
  /** an order's: what its charge line says (a checkout has none: it is still to be charged) */
  payment_method?: string;
  payment_status?: string;
  /** an order's: what its refunds have given back */
  refunded_amount?: number;
};

/** Where the payment of an amount stands: to be charged, to be paid in cash on delivery, or charged. */
export type Charge = "will_charge" | "on_delivery" | "charged";

export const chargeOf = (a: Pick<Amounts, "payment_method" | "payment_status">): Charge =>
  a.payment_status && a.payment_status !== "Pending"
    ? "charged"
    : a.payment_method === CASH_ON_DELIVERY
      ? "on_delivery"
      : "will_charge";

/** Who reads the amounts: the shopper who pays ("You were charged"), or a seller or admin ("The customer was charged"). */
export type SeenBy = "shopper" | "staff";

/**
 * What is really paid, when prices are shown in another currency than the default one that orders
 * are charged in: "You will be charged $20.84" (the server's amount, in the default currency).
 * Nothing when the shown currency is the default one.
 */
export function ChargedAmount({ amount, charge, seenBy }: { amount: number; charge: Charge; seenBy?: SeenBy }) {
  const { t } = useTranslation();
  const currency = useChargeCurrency();
  const isolate = useIsolateAmount();
  if (!currency) return null;
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="charged-amount">
      <p className="font-semibold">
        {t(seenBy === "staff" ? `orders.charge_${charge}_customer` : `orders.charge_${charge}`, {
          amount: isolate(currency.format(amount)),
        })}
      </p>
      <p className="text-xs text-amber-900">
        {t("orders.charge_note", { shown: currency.shown, charged: currency.charged })}
      </p>
    </div>
  );
}

/**
 * Subtotal, coupon discount, delivery, one line per VAT tax, the total payable and what was
 * refunded of it; under them, in a currency other than the default, what is charged.
 */
export function AmountLines({
  amounts,
  totalLabel,
  seenBy,
}: {
  amounts: Amounts;
  totalLabel?: string;
  seenBy?: SeenBy;
}) {
  return (
    <>
      <Lines amounts={amounts} totalLabel={totalLabel} />
      <ChargedAmount amount={amounts.payable_amount} charge={chargeOf(amounts)} seenBy={seenBy} />
    </>
  );
}

function Lines({ amounts, totalLabel }: { amounts: Amounts; totalLabel?: string }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-2 text-sm" data-testid="amounts">
      <Line label={t("orders.subtotal")} amount={amounts.total_amount} testId="amount-subtotal" />
      {amounts.coupon_discount > 0 && (
        <Line label={t("orders.coupon_discount")} amount={amounts.coupon_discount} minus testId="amount-coupon" />
      )}
      <Line label={t("orders.delivery_charge")} amount={amounts.delivery_charge} testId="amount-delivery" />
      {amounts.all_vat_taxes.map((v) => (
        <Line
          key={v.name}
          // The name keeps its own direction in right-to-left pages.
          label={<bdi>{taxName(t, v)}</bdi>}
          amount={v.amount}
        />
      ))}
      <div className="flex items-center justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
        <dt>{totalLabel ?? t("orders.total_payable")}</dt>
        <dd data-testid="amount-payable">
          <Price amount={amounts.payable_amount} />
        </dd>
      </div>
      {!!amounts.refunded_amount && (
        <Line label={t("orders.refunded_total")} amount={amounts.refunded_amount} minus testId="amount-refunded" />
      )}
    </dl>
  );
}

function Line({
  label,
  amount,
  minus,
  testId,
}: {
  label: ReactNode;
  amount: number;
  minus?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 text-slate-600">
      <dt>{label}</dt>
      <dd className={`font-medium ${minus ? "text-emerald-700" : "text-slate-900"}`} data-testid={testId}>
        <Price amount={amount} minus={minus} />
      </dd>
    </div>
  );
}
