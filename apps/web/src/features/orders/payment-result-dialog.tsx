import type { ShopperOrderDetail } from "@market/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Dialog } from "../../ui/dialog.tsx";
import { isolated } from "../i18n/index.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { useOrder } from "./queries.ts";

/** What the payment page said when it sent the shopper back (`?payment=success|cancel`). */
export function usePaymentReturn(): ["success" | "cancel" | null, () => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("payment");
  const result = raw === "success" || raw === "cancel" ? raw : null;
  const clear = () =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete("payment");
        return p;
      },
      { replace: true },
    );
  return [result, clear];
}

/** One payment covers an order per shop: a text names them all ("orders #A and #B", `_many`). */
function paymentCodes(order: ShopperOrderDetail, language: string) {
  const codes = [order.order_code, ...order.paid_with].map(isolated);
  return {
    many: codes.length > 1 ? "_many" : "",
    said: { code: codes[0], codes: new Intl.ListFormat(language, { type: "conjunction" }).format(codes) },
  };
}

const UNPAID_KEY = "checkout_unpaid";

/** Kept for this tab as checkout sends the shopper to the card page, so Back can name the order. */
export const rememberUnpaidOrder = (orderId: number) => sessionStorage.setItem(UNPAID_KEY, String(orderId));

/**
 * Back from the card page to a checkout whose lines have left the cart: the order placed a moment
 * ago and still unpaid, with 'Pay Now' and its page, rather than only an empty checkout.
 */
export function UnpaidOrderNotice() {
  const { t, i18n } = useTranslation();
  const [id] = useState(() => Number(sessionStorage.getItem(UNPAID_KEY)));
  const { data: order } = useOrder(id);
  const unpaid = order?.order_payment_url ? order : null;
  useEffect(() => {
    if (order && !order.order_payment_url) sessionStorage.removeItem(UNPAID_KEY);
  }, [order]);
  if (!unpaid?.order_payment_url) return null;
  const { many, said } = paymentCodes(unpaid, i18n.language);
  return (
    <section
      aria-labelledby="unpaid-order-title"
      data-testid="unpaid-order"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="unpaid-order-title" className="text-base font-semibold text-slate-900">
        {t("orders.unpaid_title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t(`orders.unpaid_text${many}`, said)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={unpaid.order_payment_url} className={primaryButton}>
          {t("orders.pay_now")}
        </a>
        <Link to={`/order-history/${unpaid.id}`} className={secondaryButton}>
          {t("orders.view_order_details")}
        </Link>
      </div>
    </section>
  );
}

/**
 * The payment result after the gateway sent the shopper back: 'Payment successful', or the
 * order-payment-cancel dialog with 'Pay Now' (back to the payment page) and 'Pay Later'.
 */
export function PaymentResultDialog({ order }: { order: ShopperOrderDetail }) {
  const { t, i18n } = useTranslation();
  const [result, clear] = usePaymentReturn();
  if (!result) return null;
  const paid = order.payment_status === "Paid";
  const { many, said } = paymentCodes(order, i18n.language);
  if (result === "success")
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && clear()}
        title={t(paid ? "orders.payment_successful" : "orders.payment_processing")}
        description={t(`${paid ? "orders.payment_successful_text" : "orders.payment_processing_text"}${many}`, said)}
      >
        <div className="mt-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={clear}>
            {t("orders.view_order_details")}
          </button>
        </div>
      </Dialog>
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && clear()}
      title={t("orders.payment_cancelled")}
      description={t(`orders.payment_cancelled_text${many}`, said)}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={clear}>
          {t("orders.pay_later")}
        </button>
        {order.order_payment_url && (
          <a href={order.order_payment_url} className={primaryButton}>
            {t("orders.pay_now")}
          </a>
        )}
      </div>
    </Dialog>
  );
}
