import type { OrderStatus, SellerOrderDetail } from "@market/contract";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { PhoneLink } from "../../ui/phone-link.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { isolated } from "../i18n/index.ts";
import { useAmountText } from "../settings/index.ts";
import { primaryButton } from "./buttons.ts";
import { SellerReturnsCard } from "./order-returns.tsx";
import { SellerShipmentCard } from "./order-shipment.tsx";
import { AddressCard, CancelOrderButton, DetailCard, OrderView, PaymentLine, SummaryCard } from "./order-view.tsx";
import { useSellerSetStatus } from "./queries.ts";

/** "On The Way" -> "orders.action_on_the_way": the button that moves an order to that status. */
const actionKey = (s: OrderStatus) => `orders.action_${s.toLowerCase().replace(/ /g, "_")}`;

/** The next step of the order's way, and cancelling while it is Pending (after a confirmation). */
function SellerActions({ order }: { order: SellerOrderDetail }) {
  const { t } = useTranslation();
  const setStatus = useSellerSetStatus(order.id);
  const money = useAmountText();
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
    <div className="flex flex-wrap items-center gap-2">
      {order.awaiting_payment && (
        <p className="w-full rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="awaiting-payment">
          {t("orders.seller_awaiting_payment")}
        </p>
      )}
      {order.next_status && (
        <button
          type="button"
          className={primaryButton}
          // aria-disabled, not disabled: the keyboard's focus stays on the button, which names the next step.
          aria-disabled={setStatus.isPending}
          onClick={() => order.next_status && !setStatus.isPending && run(order.next_status)}
        >
          {t(actionKey(order.next_status))}
        </button>
      )}
      {order.can_cancel && (
        <CancelOrderButton
          description={t("orders.seller_cancel_confirm", { code: isolated(order.order_code) })}
          refundNote={
            order.refund_on_cancel === null
              ? null
              : t("orders.seller_cancel_refund_note", { amount: money(order.refund_on_cancel) })
          }
          busy={setStatus.isPending}
          onConfirm={(close) => run("Cancelled", close)}
        />
      )}
    </div>
  );
}

/** One order of the seller's shop: customer, address, items, amounts, the timeline and the next step. */
export function SellerOrderDetails({ order }: { order: SellerOrderDetail }) {
  const { t } = useTranslation();
  return (
    <OrderView
      order={order}
      viewer="seller"
      actions={<SellerActions order={order} />}
      itemsTitle={t("orders.items")}
      aside={
        <>
          <DetailCard title={t("orders.customer")}>
            <div className="space-y-0.5 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{order.customer.name}</p>
              {order.customer.email && <p className="break-all">{order.customer.email}</p>}
              {order.customer.phone && (
                <p>
                  <PhoneLink phone={order.customer.phone} className="hover:text-primary-700 hover:underline" />
                </p>
              )}
            </div>
          </DetailCard>
          <SellerShipmentCard order={order} />
          <AddressCard order={order} />
          <SummaryCard order={order} seenBy="staff">
            <PaymentLine order={order} className="mt-3 text-slate-700" />
          </SummaryCard>
          <SellerReturnsCard order={order} />
        </>
      }
    />
  );
}
