import type { ShopperOrderDetail } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Dialog } from "../../ui/dialog.tsx";
import { isolated } from "../i18n/index.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";

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

/**
 * The payment result after the gateway sent the shopper back: 'Payment successful', or the
 * order-payment-cancel dialog with 'Pay Now' (back to the payment page) and 'Pay Later'.
 */
export function PaymentResultDialog({ order }: { order: ShopperOrderDetail }) {
  const { t, i18n } = useTranslation();
  const [result, clear] = usePaymentReturn();
  if (!result) return null;
  const paid = order.payment_status === "Paid";
  // One payment covers an order per shop: the dialog names them all ("orders #A and #B").
  const codes = [order.order_code, ...order.paid_with].map(isolated);
  const many = codes.length > 1 ? "_many" : "";
  const said = { code: codes[0], codes: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(codes) };
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
