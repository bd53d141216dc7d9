import type { OrderDetail } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Price } from "../../ui/price.tsx";
import { AddressView } from "../addresses/address-card.tsx";
import { SUCCESS_TOAST, showApiError } from "../auth/api.ts";
import { useCartStore } from "../cart/cart-store.ts";
import { dangerButton, primaryButton, secondaryButton } from "./buttons.ts";
import { AmountLines } from "./order-amounts.tsx";
import { OrderItems } from "./order-items.tsx";
import { orderDate, orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { OrderTimeline } from "./order-timeline.tsx";
import { useCancelOrder, useReorder } from "./queries.ts";

export const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";
export const cardTitle = "mb-3 text-base font-semibold text-slate-900";

/** What the shopper can do with an order: pay, cancel (after a confirmation), order again, invoice. */
function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.id);
  const reorder = useReorder(order.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      {order.order_payment_url && (
        <a href={order.order_payment_url} className={primaryButton}>
          {t("orders.pay_now")}
        </a>
      )}
      {order.can_reorder && (
        <button
          type="button"
          className={primaryButton}
          disabled={reorder.isPending}
          onClick={() =>
            reorder.mutate(undefined, {
              onSuccess: (res) => {
                toast.success(res.message || t("orders.reordered"), SUCCESS_TOAST);
                useCartStore.getState().openDrawer();
              },
              onError: (e) => showApiError(e),
            })
          }
        >
          {t("orders.reorder")}
        </button>
      )}
      {/* A signed link: the printable invoice opens without the bearer token. */}
      <a href={order.invoice_url} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
        {t("orders.invoice")}
      </a>
      {order.can_cancel && (
        <button type="button" className={dangerButton} onClick={() => setConfirming(true)}>
          {t("orders.cancel_order")}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("orders.cancel_order")}
        description={t("orders.cancel_order_confirm", { code: order.order_code })}
        confirmLabel={t("orders.yes_cancel_order")}
        cancelLabel={t("orders.keep_order")}
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (res) => {
              setConfirming(false);
              toast.success(res.message || t("orders.order_cancelled"), SUCCESS_TOAST);
            },
            onError: (e) => {
              setConfirming(false);
              showApiError(e);
            },
          })
        }
      />
    </div>
  );
}

/** An order as its shopper sees it: status, timeline, items, amounts, address, payment. */
export function OrderDetails({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const methodName = usePaymentMethodName();
  return (
    <div className="space-y-5">
      <section className={`${card} flex flex-wrap items-start justify-between gap-4`}>
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-bold text-slate-900" dir="ltr" data-testid="order-code">
              {order.order_code}
            </span>
            <StatusBadge status={order.order_status} />
          </p>
          <p className="text-sm text-slate-500">{t("orders.placed_on", { time: orderTime(order.created_at) })}</p>
          {order.estimated_delivery_date &&
            order.order_status !== "Cancelled" &&
            order.order_status !== "Delivered" && (
              <p className="text-sm text-slate-600">
                {t("orders.estimated_delivery", { date: orderDate(order.estimated_delivery_date) })}
              </p>
            )}
        </div>
        <OrderActions order={order} />
      </section>
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <section className={card} aria-labelledby="order-items">
            <h2 id="order-items" className={cardTitle}>
              {t("orders.items_from", { shop: order.shop.name })}
            </h2>
            <OrderItems products={order.products} />
          </section>
          <section className={card} aria-labelledby="order-status-history">
            <h2 id="order-status-history" className={cardTitle}>
              {t("orders.order_timeline")}
            </h2>
            <OrderTimeline status={order.order_status} history={order.status_history} />
          </section>
        </div>
        <div className="space-y-5">
          <section className={card} aria-labelledby="order-summary">
            <h2 id="order-summary" className={cardTitle}>
              {t("orders.order_summary")}
            </h2>
            <AmountLines amounts={order} />
            {order.discount > 0 && (
              <p className="mt-2 text-xs text-emerald-700">
                {t("orders.you_saved")} <Price amount={order.discount} />
              </p>
            )}
          </section>
          <section className={card} aria-labelledby="order-payment">
            <h2 id="order-payment" className={cardTitle}>
              {t("orders.payment")}
            </h2>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
              {methodName(order.payment_method)}
              <PaymentStatusBadge status={order.payment_status} />
            </p>
          </section>
          <section className={card} aria-labelledby="order-address">
            <h2 id="order-address" className={cardTitle}>
              {t("orders.shipping_address")}
            </h2>
            <AddressView address={order.address} />
          </section>
          {order.note && (
            <section className={card} aria-labelledby="order-note">
              <h2 id="order-note" className={cardTitle}>
                {t("orders.note")}
              </h2>
              <p className="whitespace-pre-line break-words text-sm text-slate-700">{order.note}</p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
