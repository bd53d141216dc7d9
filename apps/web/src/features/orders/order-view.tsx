import type { OrderDetail } from "@market/contract";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { AddressView } from "../addresses/index.ts";
import { AmountsIn } from "../settings/index.ts";
import { dangerButton } from "./buttons.ts";
import { AmountLines, type SeenBy } from "./order-amounts.tsx";
import { OrderItems } from "./order-items.tsx";
import { orderTime, PaymentStatusBadge, StatusBadge, usePaymentMethodName } from "./order-status.tsx";
import { OrderTimeline } from "./order-timeline.tsx";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";

/** A titled card of the order page. */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The amounts of the order, with what the viewer needs under them. */
export function SummaryCard({ order, seenBy, children }: { order: OrderDetail; seenBy?: SeenBy; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DetailCard title={t("orders.order_summary")}>
      <AmountLines amounts={order} seenBy={seenBy} />
      {children}
    </DetailCard>
  );
}

export function AddressCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <DetailCard title={t("orders.shipping_address")}>
      <AddressView address={order.address} />
    </DetailCard>
  );
}

/** The payment method's name and whether it is paid. */
export function PaymentLine({ order, className }: { order: OrderDetail; className: string }) {
  const methodName = usePaymentMethodName();
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
      {methodName(order.payment_method)}
      <PaymentStatusBadge status={order.payment_status} />
    </p>
  );
}

/**
 * The Cancel Order button; it asks first, and `onConfirm` gets the way to close the question. A
 * paid order's question says what will be refunded (`refundNote`).
 */
export function CancelOrderButton({
  description,
  refundNote,
  busy,
  onConfirm,
}: {
  description: string;
  refundNote?: string | null;
  busy: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={dangerButton} onClick={() => setOpen(true)}>
        {t("orders.cancel_order")}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("orders.cancel_order")}
        description={
          <>
            {description}
            {refundNote && (
              <span className="mt-2 block font-semibold text-slate-800" data-testid="refund-note">
                {refundNote}
              </span>
            )}
          </>
        }
        confirmLabel={t("orders.yes_cancel_order")}
        cancelLabel={t("orders.keep_order")}
        tone="danger"
        busy={busy}
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}

/**
 * An order page as shopper and seller both see it: code, status and date over the viewer's actions;
 * items and timeline; the viewer's side cards (`aside`) and the shopper's note.
 */
export function OrderView({
  order,
  viewer,
  actions,
  headerExtra,
  itemsTitle,
  aside,
  lineAction,
}: {
  order: OrderDetail;
  /** the seller sees the lines without links to the storefront and the timeline told from the shop's side */
  viewer: "customer" | "seller";
  actions: ReactNode;
  headerExtra?: ReactNode;
  itemsTitle: string;
  aside: ReactNode;
  lineAction?: ((line: OrderDetail["products"][number]) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <AmountsIn value={order.currency}>
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
            {headerExtra}
          </div>
          {actions}
        </section>
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[1fr_20rem]">
          <div className="min-w-0 space-y-5">
            <DetailCard title={itemsTitle}>
              <OrderItems products={order.products} linkProducts={viewer === "customer"} lineAction={lineAction} />
            </DetailCard>
            <DetailCard title={t("orders.order_timeline")}>
              <OrderTimeline status={order.order_status} history={order.status_history} viewer={viewer} />
            </DetailCard>
          </div>
          <div className="space-y-5">
            {aside}
            {order.note && (
              <DetailCard title={t("orders.note")}>
                {/* The note keeps its own direction (an English note in an Arabic page ends with its full stop). */}
                <p className="whitespace-pre-line break-words text-sm text-slate-700">
                  <bdi>{order.note}</bdi>
                </p>
              </DetailCard>
            )}
          </div>
        </div>
      </div>
    </AmountsIn>
  );
}
