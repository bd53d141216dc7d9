import type { CheckoutTotals } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Price } from "../settings/index.ts";

/** The figures every order and checkout shows; the same names as the checkout totals. */
export type Amounts = Pick<CheckoutTotals, "total_amount" | "coupon_discount" | "delivery_charge" | "all_vat_taxes"> & {
  payable_amount: number;
};

/** Subtotal, coupon discount, delivery, one line per VAT tax and the total payable. */
export function AmountLines({ amounts, totalLabel }: { amounts: Amounts; totalLabel?: string }) {
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
          // A tax named with its rate ("VAT 5%") is not told the rate twice; the name keeps its own
          // direction in right-to-left pages.
          label={
            v.name.includes(`${v.rate}%`) ? <bdi>{v.name}</bdi> : t("orders.vat_line", { name: v.name, rate: v.rate })
          }
          amount={v.amount}
        />
      ))}
      <div className="flex items-center justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
        <dt>{totalLabel ?? t("orders.total_payable")}</dt>
        <dd data-testid="amount-payable">
          <Price amount={amounts.payable_amount} />
        </dd>
      </div>
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
        {minus && "−"}
        <Price amount={amount} />
      </dd>
    </div>
  );
}
