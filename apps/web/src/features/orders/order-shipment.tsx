import { type OrderShipment, type SellerOrderDetail, sellerOrderShipmentBody } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { TextField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { primaryButton, secondaryButton } from "./buttons.ts";
import { DetailCard } from "./order-view.tsx";
import { useSellerSetShipment } from "./queries.ts";

/** The carrier, the tracking number (in its own direction) and the carrier's page in a new tab. */
export function ShipmentLines({ shipment }: { shipment: OrderShipment }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="shipment">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">{t("orders.carrier")}</dt>
        <dd className="min-w-0 break-words font-medium text-slate-900">
          <bdi>{shipment.carrier}</bdi>
        </dd>
        <dt className="text-slate-500">{t("orders.tracking_number")}</dt>
        <dd className="min-w-0 break-all font-medium text-slate-900">
          <bdi dir="ltr">{shipment.tracking_number}</bdi>
        </dd>
      </dl>
      {shipment.tracking_url && (
        <a
          href={shipment.tracking_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={`${primaryButton} w-full`}
        >
          {t("orders.track_parcel")}
        </a>
      )}
    </div>
  );
}

/** The shopper's card of the parcel, once the shop gave it. */
export function ShipmentCard({ shipment }: { shipment: OrderShipment | null }) {
  const { t } = useTranslation();
  if (!shipment) return null;
  return (
    <DetailCard title={t("orders.shipment")}>
      <ShipmentLines shipment={shipment} />
    </DetailCard>
  );
}

type ShipmentInput = z.input<typeof sellerOrderShipmentBody>;

/** The seller's card: the parcel as given, and the form that gives or corrects it while the order allows. */
export function SellerShipmentCard({ order }: { order: SellerOrderDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (!order.can_edit_shipment && !order.shipment) return null;
  const open = editing || (order.can_edit_shipment && !order.shipment);
  return (
    <DetailCard title={t("orders.shipment")}>
      {open ? (
        <ShipmentForm order={order} onDone={() => setEditing(false)} canClose={!!order.shipment} />
      ) : (
        order.shipment && (
          <>
            <ShipmentLines shipment={order.shipment} />
            {order.can_edit_shipment && (
              <button type="button" className={`${secondaryButton} mt-3 w-full`} onClick={() => setEditing(true)}>
                {t("orders.edit_shipment")}
              </button>
            )}
          </>
        )
      )}
    </DetailCard>
  );
}

const FIELDS = ["carrier", "tracking_number", "tracking_url"] as const;

function ShipmentForm({
  order,
  onDone,
  canClose,
}: {
  order: SellerOrderDetail;
  onDone: () => void;
  canClose: boolean;
}) {
  const { t } = useTranslation();
  const save = useSellerSetShipment(order.id);
  const form = useForm<ShipmentInput, unknown, z.output<typeof sellerOrderShipmentBody>>({
    resolver: useContractResolver(sellerOrderShipmentBody),
    defaultValues: {
      carrier: order.shipment?.carrier ?? "",
      tracking_number: order.shipment?.tracking_number ?? "",
      tracking_url: order.shipment?.tracking_url ?? "",
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync(body);
      toast.success(res.message, SUCCESS_TOAST);
      onDone();
    } catch (e) {
      showApiError(e, form.setError, FIELDS);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {!order.shipment && <p className="text-sm text-slate-600">{t("orders.shipment_hint")}</p>}
      <TextField label={t("orders.carrier")} error={errors.carrier?.message} {...form.register("carrier")} />
      <TextField
        label={t("orders.tracking_number")}
        dir="ltr"
        autoComplete="off"
        error={errors.tracking_number?.message}
        {...form.register("tracking_number")}
      />
      <TextField
        label={t("orders.tracking_url")}
        type="url"
        dir="ltr"
        placeholder="https://"
        error={errors.tracking_url?.message}
        {...form.register("tracking_url")}
      />
      <div className="flex gap-2">
        <button type="submit" className={`${primaryButton} flex-1`} disabled={form.formState.isSubmitting}>
          {order.shipment ? t("orders.save_shipment") : t("orders.add_shipment")}
        </button>
        {canClose && (
          <button type="button" className={`${secondaryButton} flex-1`} onClick={onDone}>
            {t("common.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
