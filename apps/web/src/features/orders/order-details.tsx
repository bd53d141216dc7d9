import type { OrderDetail } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { readerTimeZone } from "../../lib/reader-zone.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useCartStore } from "../cart/index.ts";
import { isolated } from "../i18n/index.ts";
import { Price, useAmountText } from "../settings/index.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { ShopperReturnsCard } from "./order-returns.tsx";
import { ShipmentCard } from "./order-shipment.tsx";
import { orderDate } from "./order-status.tsx";
import { AddressCard, CancelOrderButton, DetailCard, OrderView, PaymentLine, SummaryCard } from "./order-view.tsx";
import { useCancelOrder, useReorder } from "./queries.ts";

/** What the shopper can do with an order: pay, cancel (after a confirmation), order again, invoice. */
function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.id);
  const reorder = useReorder(order.id);
  const money = useAmountText();
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
      <a href={inReadersZone(order.invoice_url)} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
        {t("orders.invoice")}
      </a>
      {order.can_cancel && (
        <CancelOrderButton
          description={t("orders.cancel_order_confirm", { code: isolated(order.order_code) })}
          refundNote={
            order.refund_on_cancel === null
              ? null
              : t("orders.cancel_refund_note", { amount: money(order.refund_on_cancel) })
          }
          busy={cancel.isPending}
          onConfirm={(close) =>
            cancel.mutate(undefined, {
              onSuccess: (res) => {
                close();
                toast.success(res.message || t("orders.order_cancelled"), SUCCESS_TOAST);
              },
              onError: (e) => {
                close();
                showApiError(e);
              },
            })
          }
        />
      )}
    </div>
  );
}

/** The invoice's (absolute) link with the reader's time zone, so it dates the order on the day these pages do. */
function inReadersZone(invoiceUrl: string): string {
  const url = new URL(invoiceUrl);
  const tz = readerTimeZone();
  if (tz) url.searchParams.set("tz", tz);
  return url.toString();
}

/** An order as its shopper sees it: status, timeline, items, amounts, payment, address. */
export function OrderDetails({
  order,
  lineAction,
}: {
  order: OrderDetail;
  /** an action per line, composed by the route (the reviews feature's "Write a review") */
  lineAction?: ((line: OrderDetail["products"][number]) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const open = order.order_status !== "Cancelled" && order.order_status !== "Delivered";
  return (
    <OrderView
      order={order}
      viewer="customer"
      lineAction={lineAction}
      actions={<OrderActions order={order} />}
      headerExtra={
        order.estimated_delivery_date &&
        open && (
          <p className="text-sm text-slate-600">
            {t("orders.estimated_delivery", { date: orderDate(order.estimated_delivery_date) })}
          </p>
        )
      }
      itemsTitle={t("orders.items_from", { shop: order.shop.name })}
      aside={
        <>
          <ShipmentCard shipment={order.shipment} />
          <SummaryCard order={order}>
            {order.saved > 0 && (
              <p className="mt-2 text-xs text-emerald-700">
                {t("orders.you_saved")} <Price amount={order.saved} />
              </p>
            )}
          </SummaryCard>
          <DetailCard title={t("orders.payment")}>
            <PaymentLine order={order} className="text-slate-900" />
          </DetailCard>
          <AddressCard order={order} />
          <ShopperReturnsCard order={order} />
        </>
      }
    />
  );
}
