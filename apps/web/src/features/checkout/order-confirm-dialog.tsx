import { type Address, CASH_ON_DELIVERY, type PlaceOrderData } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { addressLines } from "../addresses/index.ts";
import { isolated } from "../i18n/index.ts";
import { ChargedAmount } from "../orders/index.ts";
import { Price } from "../settings/index.ts";

type Review = { address: Address; paymentTitle: string; paymentMethod?: string; shops: number; payable: number };

/** The order-confirm dialog: what is about to be ordered, and 'Confirm Order'. */
export function OrderConfirmDialog({
  review,
  busy,
  onConfirm,
  onClose,
}: {
  review: Review;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const row = "flex justify-between gap-4 py-2";
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={t("orders.confirm_order")}
      description={t("orders.confirm_order_text")}
    >
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <div className={row}>
          <dt className="text-slate-500">{t("orders.ship_to")}</dt>
          <dd className="text-end text-slate-900">
            <bdi className="font-medium">{review.address.name}</bdi>
            <br />
            <bdi>{addressLines(review.address)[0]}</bdi>
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t("orders.payment_method")}</dt>
          <dd className="text-end font-medium text-slate-900">{review.paymentTitle}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t("orders.orders_to_place")}</dt>
          <dd className="text-end font-medium text-slate-900">{review.shops}</dd>
        </div>
        <div className={`${row} text-base font-bold text-slate-900`}>
          <dt>{t("orders.total_payable")}</dt>
          <dd>
            <Price amount={review.payable} />
          </dd>
        </div>
      </dl>
      {/* Shown in another currency: before confirming, what the card or the courier will take. */}
      <ChargedAmount
        amount={review.payable}
        charge={review.paymentMethod === CASH_ON_DELIVERY ? "on_delivery" : "will_charge"}
      />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button
          type="button"
          onClick={onClose}
          disabled={busy}
          variant="outline"
          weight="medium"
          className="disabled:opacity-60"
        >
          {t("orders.back")}
        </Button>
        <Button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          size="xl"
          className="disabled:opacity-60 aria-busy:cursor-wait"
        >
          {t("orders.confirm_order")}
        </Button>
      </div>
    </Dialog>
  );
}

/** After a cash-on-delivery order: the order codes and where to go next. */
export function OrderPlacedDialog({ placed, onClose }: { placed: PlaceOrderData; onClose: () => void }) {
  const { t } = useTranslation();
  const one = placed.orders.length === 1 ? placed.orders[0] : undefined;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("orders.order_placed")}
      description={t("orders.order_placed_text")}
      // A double click on Confirm Order: its second press, after a quick answer, lands beside this.
      closeOnOutsidePress={false}
    >
      <ul className="mt-4 space-y-2 text-sm" data-testid="placed-orders">
        {placed.orders.map((o) => (
          <li key={o.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <Link
              to={`/order-history/${o.id}`}
              className="font-semibold text-primary-700 hover:underline"
              dir="ltr"
              onClick={onClose}
            >
              {o.order_code}
            </Link>
            <Price amount={o.payable_amount} className="font-medium text-slate-900" />
          </li>
        ))}
      </ul>
      {placed.confirmation_to && (
        <p className="mt-3 text-sm text-slate-600">
          {t("orders.confirmation_sent", { to: isolated(placed.confirmation_to) })}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to="/products" onClick={onClose} className={buttonClass("outline", "md", "medium")}>
          {t("common.continue_shopping")}
        </Link>
        <Link
          to={one ? `/order-history/${one.id}` : "/order-history"}
          onClick={onClose}
          className={buttonClass("primary", "lg")}
        >
          {t("orders.view_orders")}
        </Link>
      </div>
    </Dialog>
  );
}
