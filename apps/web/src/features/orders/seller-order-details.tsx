import type { OrderStatus, SellerOrderDetail } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { AddressView } from "../addresses/address-card.tsx";
import { SUCCESS_TOAST, showApiError } from "../auth/api.ts";
import { dangerButton, primaryButton } from "./buttons.ts";
import { AmountLines } from "./order-amounts.tsx";
import { card, cardTitle } from "./order-details.tsx";
import { OrderItems } from "./order-items.tsx";
import { orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { OrderTimeline } from "./order-timeline.tsx";
import { useSellerSetStatus } from "./queries.ts";

/** "On The Way" -> "orders.action_on_the_way": the button that moves an order to that status. */
const actionKey = (s: OrderStatus) => `orders.action_${s.toLowerCase().replace(/ /g, "_")}`;

/** The next step of the order's way, and cancelling while it is Pending (after a confirmation). */
function SellerActions({ order }: { order: SellerOrderDetail }) {
  const { t } = useTranslation();
  const setStatus = useSellerSetStatus(order.id);
  const [cancelling, setCancelling] = useState(false);
  const run = (status: OrderStatus, after?: () => void) =>
    setStatus.mutate(status, {
      onSuccess: (res) => {
        after?.();
        toast.success(res.message || t("orders.status_updated"), SUCCESS_TOAST);
      },
      onError: (e) => {
        after?.();
        showApiError(e);
      },
    });
  if (!order.next_status && !order.can_cancel) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {order.next_status && (
        <button
          type="button"
          className={primaryButton}
          disabled={setStatus.isPending}
          onClick={() => order.next_status && run(order.next_status)}
        >
          {t(actionKey(order.next_status))}
        </button>
      )}
      {order.can_cancel && (
        <button type="button" className={dangerButton} onClick={() => setCancelling(true)}>
          {t("orders.cancel_order")}
        </button>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t("orders.cancel_order")}
        description={t("orders.seller_cancel_confirm", { code: order.order_code })}
        confirmLabel={t("orders.yes_cancel_order")}
        cancelLabel={t("orders.keep_order")}
        tone="danger"
        busy={setStatus.isPending}
        onConfirm={() => run("Cancelled", () => setCancelling(false))}
      />
    </div>
  );
}

/** One order of the seller's shop: customer, address, items, amounts, the timeline and the next step. */
export function SellerOrderDetails({ order }: { order: SellerOrderDetail }) {
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
        </div>
        <SellerActions order={order} />
      </section>
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <section className={card} aria-labelledby="seller-order-items">
            <h2 id="seller-order-items" className={cardTitle}>
              {t("orders.items")}
            </h2>
            <OrderItems products={order.products} linkProducts={false} />
          </section>
          <section className={card} aria-labelledby="seller-order-timeline">
            <h2 id="seller-order-timeline" className={cardTitle}>
              {t("orders.order_timeline")}
            </h2>
            <OrderTimeline status={order.order_status} history={order.status_history} viewer="seller" />
          </section>
        </div>
        <div className="space-y-5">
          <section className={card} aria-labelledby="seller-order-customer">
            <h2 id="seller-order-customer" className={cardTitle}>
              {t("orders.customer")}
            </h2>
            <div className="space-y-0.5 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{order.customer.name}</p>
              {order.customer.email && <p className="break-all">{order.customer.email}</p>}
              {order.customer.phone && (
                <p>
                  <bdi dir="ltr">{order.customer.phone}</bdi>
                </p>
              )}
            </div>
          </section>
          <section className={card} aria-labelledby="seller-order-address">
            <h2 id="seller-order-address" className={cardTitle}>
              {t("orders.shipping_address")}
            </h2>
            <AddressView address={order.address} />
          </section>
          <section className={card} aria-labelledby="seller-order-summary">
            <h2 id="seller-order-summary" className={cardTitle}>
              {t("orders.order_summary")}
            </h2>
            <AmountLines amounts={order} />
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {methodName(order.payment_method)}
              <PaymentStatusBadge status={order.payment_status} />
            </p>
          </section>
          {order.note && (
            <section className={card} aria-labelledby="seller-order-note">
              <h2 id="seller-order-note" className={cardTitle}>
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
