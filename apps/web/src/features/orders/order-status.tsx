import type { OrderStatus, PaymentStatus } from "@market/contract";
import { CASH_ON_DELIVERY, TIME_FORMAT } from "@market/contract";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useMaster } from "../settings/index.ts";

/** "On The Way" -> "orders.status_on_the_way" */
export const statusKey = (s: OrderStatus) => `orders.status_${s.toLowerCase().replace(/ /g, "_")}`;

// Isolated left to right (U+2066 ... U+2069), so "10:05 am, 21 Nov, 2026" keeps its order in
// right-to-left text.
const ltr = (text: string) => `\u2066${text}\u2069`;

/** Times as the spec writes them: 'hh:mm a, DD MMM, YYYY'. */
export const orderTime = (iso: string) => ltr(dayjs(iso).format(TIME_FORMAT));
/** A day without its time (the estimated delivery). */
export const orderDate = (iso: string) => ltr(dayjs(iso).format("DD MMM, YYYY"));

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
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}
      data-testid="order-status"
    >
      {t(statusKey(status))}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  const paid = status === "Paid";
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        paid ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-50 text-slate-700 ring-slate-200"
      }`}
      data-testid="payment-status"
    >
      {t(paid ? "orders.payment_paid" : "orders.payment_pending")}
    </span>
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
