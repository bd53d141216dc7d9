import type { OrderStatus, PaymentStatus } from "@market/contract";
import { CASH_ON_DELIVERY, orderStatusKey } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Pill } from "../../ui/pill.tsx";
import { formatDate, formatDateTime, isolated } from "../i18n/index.ts";
import { useMaster } from "../settings/index.ts";

/** Times as the spec writes them in English, 'hh:mm a, DD MMM, YYYY' (features/i18n/format.ts). */
export const orderTime = (iso: string) => isolated(formatDateTime(iso));
/** A day without its time (the estimated delivery). */
export const orderDate = (iso: string) => isolated(formatDate(iso));

const tones: Record<OrderStatus, string> = {
  Pending: "bg-amber-50 text-amber-800 ring-amber-200",
  Confirm: "bg-sky-50 text-sky-800 ring-sky-200",
  Processing: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  Pickup: "bg-violet-50 text-violet-800 ring-violet-200",
  "On The Way": "bg-cyan-50 text-cyan-800 ring-cyan-200",
  Delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  Cancelled: "bg-rose-50 text-rose-800 ring-rose-200",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Pill tone={tones[status]} testId="order-status">
      {t(orderStatusKey(status))}
    </Pill>
  );
}

const paymentTones: Record<PaymentStatus, string> = {
  Pending: "bg-slate-50 text-slate-700 ring-slate-200",
  Paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  Refunding: "bg-amber-50 text-amber-800 ring-amber-200",
  Refunded: "bg-sky-50 text-sky-800 ring-sky-200",
};

/** "Refunding" -> "orders.payment_refunding" ("Pending" reads "Unpaid"). */
const paymentKey = (s: PaymentStatus) => `orders.payment_${s.toLowerCase()}`;

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Pill tone={paymentTones[status]} testId="payment-status">
      {t(paymentKey(status))}
    </Pill>
  );
}

/** 'Cash on Delivery', or the gateway's title from the settings. */
export function usePaymentMethodName() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  return (method: string) =>
    method === CASH_ON_DELIVERY
      ? t("orders.cash_on_delivery")
      : (master?.payment_gateways.find((g) => g.name === method)?.title ?? method);
}
