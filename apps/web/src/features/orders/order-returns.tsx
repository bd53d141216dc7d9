import {
  type OrderDetail,
  type OrderReturnsData,
  RETURN_PHOTO_ACCEPT,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_MAX,
  RETURN_REJECT_REASON_MAX,
  type ReturnRequest,
  type ReturnStatus,
  returnRequestBody,
} from "@market/contract";
import { type ReactNode, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FieldError, invalidProps, SubmitButton, TextAreaField, useFocusFirstInvalid } from "../../ui/fields.tsx";
import { PhotoPicker, usePhotoFiles } from "../../ui/photo-picker.tsx";
import { Pill } from "../../ui/pill.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { isolated } from "../i18n/index.ts";
import { Price } from "../settings/index.ts";
import { dangerButton, primaryButton, secondaryButton } from "./buttons.ts";
import { orderDate, orderTime } from "./order-status.tsx";
import { DetailCard } from "./order-view.tsx";
import { useOrderReturns, useRequestReturn, useReturnAction, useSellerReturns } from "./returns-queries.ts";

const tones: Record<ReturnStatus, string> = {
  Requested: "bg-amber-50 text-amber-800 ring-amber-200",
  Approved: "bg-sky-50 text-sky-800 ring-sky-200",
  Rejected: "bg-rose-50 text-rose-800 ring-rose-200",
  Received: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  Refunded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation();
  return (
    <Pill tone={tones[status]} testId="return-status">
      {t(`orders.return_status_${status.toLowerCase()}`)}
    </Pill>
  );
}

/** One return request: its state, lines, reason, photos and refund; `children` are the shop's actions. */
function ReturnEntry({ ret, children }: { ret: ReturnRequest; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0" data-testid="return-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReturnStatusBadge status={ret.status} />
        <span className="text-xs text-slate-500">{orderTime(ret.created_at)}</span>
      </div>
      <ul className="space-y-0.5 text-sm text-slate-800">
        {ret.items.map((i) => (
          <li key={i.order_product_id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">{i.name}</span>
            <span className="shrink-0 text-slate-600">{t("orders.return_units", { count: i.quantity })}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm break-words whitespace-pre-line text-slate-600">
        <span className="font-medium text-slate-700">
          {t("orders.return_reason")}
          {t("common.colon")}
        </span>
        <bdi>{ret.reason}</bdi>
      </p>
      {ret.reject_reason && (
        <p className="text-sm break-words text-rose-700" data-testid="return-reject-reason">
          <span className="font-medium">
            {t("orders.return_reject_reason")}
            {t("common.colon")}
          </span>
          <bdi>{ret.reject_reason}</bdi>
        </p>
      )}
      {ret.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {ret.photos.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={t("orders.return_photo")}
                  width={56}
                  height={56}
                  className="size-14 rounded-lg border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {ret.refund_amount !== null && (
        <p className="text-sm text-slate-800" data-testid="return-refund">
          {t(ret.status === "Refunded" ? "orders.return_refunded_amount" : "orders.return_refund_amount")}{" "}
          <Price amount={ret.refund_amount} className="font-semibold" />
          {ret.refunded_at && <span className="text-xs text-slate-500"> ({orderDate(ret.refunded_at)})</span>}
        </p>
      )}
      {ret.refund_estimate !== null && <RefundOnReceipt amount={ret.refund_estimate} />}
      {ret.refund_status === "Failed" && <p className="text-sm text-rose-700">{t("orders.return_refund_failed")}</p>}
      {children}
    </li>
  );
}

/** What marking the parcel received will give back, as the server worked it out (a span: it also goes in a dialog's text). */
function RefundOnReceipt({ amount, className = "" }: { amount: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`block text-sm text-slate-800 ${className}`} data-testid="return-refund-estimate">
      {t("orders.return_refund_on_receipt")} <Price amount={amount} className="font-semibold" />
    </span>
  );
}

/** The shopper's returns of a delivered order, and the way to ask for one. */
export function ShopperReturnsCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { data } = useOrderReturns(order.id, order.order_status === "Delivered");
  const [open, setOpen] = useState(false);
  if (!data || (data.returns.length === 0 && !data.can_request)) return null;
  return (
    <DetailCard title={t("orders.returns")}>
      {data.can_request && data.window_ends_at && (
        <div className="mb-3 space-y-2">
          <p className="text-sm text-slate-600">
            {t("orders.return_window_until", { date: orderDate(data.window_ends_at) })}
          </p>
          <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
            {t("orders.request_return")}
          </button>
        </div>
      )}
      {/* Mounted while the answer arrives, though the refreshed returns no longer offer a request. */}
      <ReturnRequestDialog open={open} onOpenChange={setOpen} order={order} returns={data} />
      <ul className="space-y-3">
        {data.returns.map((r) => (
          <ReturnEntry key={r.id} ret={r} />
        ))}
      </ul>
    </DetailCard>
  );
}

/** Which lines and how many to return, why, and up to four photos (checked by content on the server). */
function ReturnRequestDialog({
  open,
  onOpenChange,
  order,
  returns,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: OrderDetail;
  returns: OrderReturnsData;
}) {
  const { t } = useTranslation();
  const send = useRequestReturn(order.id);
  const reasonId = useId();
  const fileId = useId();
  const photos = usePhotoFiles({
    max: RETURN_PHOTOS_MAX,
    maxBytes: RETURN_PHOTO_MAX_BYTES,
    tooLarge: t("orders.return_photo_too_large"),
    tooMany: t("orders.return_too_many_photos", { max: RETURN_PHOTOS_MAX }),
  });
  const left = new Map(returns.returnable.map((r) => [r.order_product_id, r.quantity]));
  const lines = order.products.filter((p) => (left.get(p.id) ?? 0) > 0);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    reset,
    formState: { errors, isSubmitted, submitCount },
  } = useForm({
    resolver: useContractResolver(returnRequestBody),
    defaultValues: { reason: "", lines: [] as { order_product_id: number; quantity: number }[] },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount);
  const linesError = errors.lines ? t("orders.return_choose_items") : undefined;
  const chosen = watch("lines") as { order_product_id: number; quantity: number }[];
  const qtyOf = (id: number) => chosen.find((l) => l.order_product_id === id)?.quantity ?? 0;
  const setQty = (id: number, quantity: number) =>
    setValue(
      "lines",
      [
        ...chosen.filter((l) => l.order_product_id !== id),
        ...(quantity > 0 ? [{ order_product_id: id, quantity }] : []),
      ],
      { shouldValidate: isSubmitted },
    );

  const submit = handleSubmit((values) => {
    const form = new FormData();
    form.set("reason", values.reason);
    form.set("lines", JSON.stringify(values.lines));
    for (const f of photos.files) form.append("photos[]", f, f.name);
    send.mutate(form, {
      onSuccess: () => {
        toast.success(t("orders.return_sent"), SUCCESS_TOAST);
        photos.clear();
        reset();
        onOpenChange(false);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === "conflict") {
          toast.error(t("orders.return_not_possible"));
          onOpenChange(false);
          return;
        }
        if (e instanceof ApiError && e.fieldError("photos")) photos.refuse(t("orders.return_photo_refused"));
        if (e instanceof ApiError && e.fieldError("lines")) setError("lines", { message: t("orders.return_too_many") });
        showApiError(e, setError, ["reason"]);
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("orders.request_return")}
      description={t("orders.return_dialog_text", { code: isolated(order.order_code) })}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="return-form">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("orders.return_what")}</legend>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {lines.map((p) => {
              const max = left.get(p.id) ?? 0;
              return (
                <li key={p.id} className="flex items-center justify-between gap-3 p-2.5">
                  <label htmlFor={`${reasonId}-q${p.id}`} className="min-w-0 flex-1 text-sm break-words text-slate-800">
                    {p.name}
                    {(p.size || p.color) && (
                      <span className="block text-xs text-slate-500">
                        {[p.size?.name, p.color?.name].filter(Boolean).join(" · ")}
                      </span>
                    )}
                  </label>
                  <select
                    id={`${reasonId}-q${p.id}`}
                    className="h-10 w-20 shrink-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-primary-500 focus:ring-2 focus:ring-primary-200 focus:outline-none"
                    value={qtyOf(p.id)}
                    onChange={(e) => setQty(p.id, Number(e.target.value))}
                    data-testid="return-qty"
                    {...invalidProps(`${reasonId}-lines-error`, linesError)}
                  >
                    {[...Array(max + 1).keys()].map((n) => (
                      <option key={`q${n}`} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
          <FieldError id={`${reasonId}-lines-error`} message={linesError} />
        </fieldset>
        <TextAreaField
          label={t("orders.return_reason")}
          rows={3}
          maxLength={RETURN_REASON_MAX}
          placeholder={t("orders.return_reason_placeholder")}
          error={errors.reason?.message}
          {...register("reason")}
        />
        <PhotoPicker
          id={fileId}
          label={t("orders.return_photos_label", { max: RETURN_PHOTOS_MAX })}
          photos={photos}
          accept={RETURN_PHOTO_ACCEPT}
          addLabel={t("orders.return_add_photos")}
          removeLabel={t("orders.return_remove_photo")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" size="md" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <SubmitButton busy={send.isPending} className="sm:w-auto">
            {t("orders.return_submit")}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** The returns of a shop's order with the shop's next step on each. */
export function SellerReturnsCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { data } = useSellerReturns(order.id, order.order_status === "Delivered");
  if (!data || data.returns.length === 0) return null;
  return (
    <DetailCard title={t("orders.returns")}>
      <ul className="space-y-3">
        {data.returns.map((r) => (
          <ReturnEntry key={r.id} ret={r}>
            <SellerReturnActions ret={r} />
          </ReturnEntry>
        ))}
      </ul>
    </DetailCard>
  );
}

function SellerReturnActions({ ret }: { ret: ReturnRequest }) {
  const { t } = useTranslation();
  const act = useReturnAction();
  const [rejecting, setRejecting] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const run = (a: Parameters<typeof act.mutate>[0], done?: () => void) =>
    act.mutate(a, {
      onSuccess: (res) => {
        done?.();
        toast.success(res.message, SUCCESS_TOAST);
      },
      onError: (e) => showApiError(e),
    });
  const canDecide = ret.status === "Requested";
  if (!canDecide && ret.status !== "Approved" && !ret.refund_by_hand) return null;
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {canDecide && (
        <>
          <button
            type="button"
            className={primaryButton}
            disabled={act.isPending}
            onClick={() => run({ id: ret.id, action: "approve" })}
          >
            {t("orders.return_approve")}
          </button>
          <button type="button" className={dangerButton} onClick={() => setRejecting(true)}>
            {t("orders.return_reject")}
          </button>
          <RejectDialog
            open={rejecting}
            onOpenChange={setRejecting}
            busy={act.isPending}
            onReject={(reason) => run({ id: ret.id, action: "reject", reason }, () => setRejecting(false))}
          />
        </>
      )}
      {ret.status === "Approved" && (
        <>
          <button type="button" className={primaryButton} disabled={act.isPending} onClick={() => setReceiving(true)}>
            {t("orders.return_mark_received")}
          </button>
          {/* Receiving refunds the customer at once: asked first, as cancelling a paid order is. */}
          <ConfirmDialog
            open={receiving}
            onOpenChange={setReceiving}
            title={t("orders.return_receive_title")}
            description={
              <>
                {t("orders.return_receive_text")}
                {ret.refund_estimate !== null && <RefundOnReceipt amount={ret.refund_estimate} className="mt-2" />}
              </>
            }
            confirmLabel={t("orders.return_mark_received")}
            cancelLabel={t("common.cancel")}
            busy={act.isPending}
            onConfirm={() => run({ id: ret.id, action: "received" }, () => setReceiving(false))}
          />
        </>
      )}
      {ret.refund_by_hand && (
        <>
          <p className="w-full text-sm text-amber-800">{t("orders.return_refund_by_hand")}</p>
          <button
            type="button"
            className={primaryButton}
            disabled={act.isPending}
            onClick={() => run({ id: ret.id, action: "refunded" })}
          >
            {t("orders.return_mark_refunded")}
          </button>
        </>
      )}
    </div>
  );
}

function RejectDialog({
  open,
  onOpenChange,
  busy,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("orders.return_reject")}
      description={t("orders.return_reject_text")}
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setError(t("orders.return_reject_reason_required"));
          onReject(reason.trim());
        }}
      >
        <TextAreaField
          label={t("orders.return_reject_reason")}
          rows={3}
          maxLength={RETURN_REJECT_REASON_MAX}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" size="md" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <SubmitButton busy={busy} className="sm:w-auto">
            {t("orders.return_reject")}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
