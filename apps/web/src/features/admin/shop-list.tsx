import { type AdminShop, SHOP_ACTIONS_FROM, type ShopAction, shopCommissionBody } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { FieldError, inputClass } from "../../ui/fields.tsx";
import { phoneWithCode } from "../../ui/phone-link.tsx";
import { orderDate } from "../orders/index.ts";
import { useShopAction, useShopCommission } from "./api.ts";
import { ReasonDialog } from "./reason-dialog.tsx";

const BADGE: Record<AdminShop["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-slate-100 text-slate-700 ring-slate-300",
  suspended: "bg-red-50 text-red-800 ring-red-200",
};

/** The actions a shop's status allows (the contract's rule, as the server applies it). */
const actionsOf = (s: AdminShop) =>
  (Object.keys(SHOP_ACTIONS_FROM) as ShopAction[]).filter((a) =>
    (SHOP_ACTIONS_FROM[a] as readonly string[]).includes(s.status),
  );

/** The marketplace's share of the shop's sales, 0–100 %. */
function CommissionForm({ shop }: { shop: AdminShop }) {
  const { t } = useTranslation();
  const save = useShopCommission();
  const form = useForm<z.input<typeof shopCommissionBody>, unknown, z.output<typeof shopCommissionBody>>({
    resolver: useContractResolver(shopCommissionBody),
    defaultValues: { commission_rate: shop.commission_rate },
  });
  const id = `commission-${shop.id}`;
  const error = form.formState.errors.commission_rate?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) =>
        save
          .mutateAsync({ id: shop.id, rate: v.commission_rate })
          .catch((e) => showApiError(e, form.setError, ["commission_rate"])),
      )}
      className="flex flex-wrap items-end gap-2"
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          {t("admin.commission")}
        </label>
        <div className="flex items-center gap-1">
          <input
            id={id}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            max={100}
            dir="ltr"
            className={`${inputClass} w-24 py-1.5`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register("commission_rate", { valueAsNumber: true })}
          />
          <span className="text-sm text-slate-600">%</span>
        </div>
      </div>
      <Button type="submit" variant="outline" size="xs" disabled={save.isPending} className="disabled:opacity-60">
        {t("admin.save")}
      </Button>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

/** Registered shops with their owners, status (and why), commission and the actions their status allows. */
export function AdminShopList({ shops }: { shops: AdminShop[] }) {
  const { t } = useTranslation();
  const act = useShopAction();
  const [asking, setAsking] = useState<{ shop: AdminShop; action: "reject" | "suspend" } | null>(null);
  const [reinstating, setReinstating] = useState<AdminShop | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {shops.map((s) => (
          <li key={s.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:px-5">
            <img src={s.logo} alt="" className="size-12 shrink-0 rounded-xl border border-slate-100 object-cover" />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="name-line truncate font-semibold text-slate-900">{s.name}</p>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[s.status]}`}
                >
                  {t(`admin.shop_status_${s.status}`)}
                </span>
              </div>
              {s.status_reason && (
                <p className="text-sm text-slate-700">
                  {t("admin.reason")}
                  {t("common.colon")}
                  {s.status_reason}
                </p>
              )}
              <p className="text-sm text-slate-600">
                {t("admin.owner")}
                {t("common.colon")}
                {s.owner.name}
              </p>
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                {s.owner.email && (
                  <span dir="ltr" className="break-all">
                    {s.owner.email}
                  </span>
                )}
                {s.owner.phone && (
                  <span dir="ltr" className="whitespace-nowrap">
                    {phoneWithCode({ phone: s.owner.phone, phone_code: s.owner.phone_code })}
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-500">{t("admin.registered_on", { date: orderDate(s.created_at) })}</p>
              <CommissionForm key={`${s.id}-${s.commission_rate}`} shop={s} />
            </div>
            <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
              {actionsOf(s).map((a) => (
                <Button
                  key={a}
                  size="sm"
                  variant={a === "reject" || a === "suspend" ? "danger-outline" : "primary"}
                  disabled={act.isPending}
                  aria-label={t(`admin.${a}_shop`, { name: s.name })}
                  className="disabled:opacity-60"
                  onClick={() => {
                    if (a === "reject" || a === "suspend") setAsking({ shop: s, action: a });
                    else if (a === "reinstate") setReinstating(s);
                    else act.mutate({ id: s.id, action: a }, { onError: (e) => showApiError(e) });
                  }}
                >
                  {t(`admin.${a}`)}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`admin.${asking.action}_shop`, { name: asking.shop.name }) : ""}
        description={asking ? t(`admin.${asking.action}_text`) : ""}
        confirmLabel={asking ? t(`admin.${asking.action}`) : ""}
        onSubmit={(reason) =>
          asking ? act.mutateAsync({ id: asking.shop.id, action: asking.action, reason }) : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={reinstating !== null}
        onOpenChange={(open) => !open && setReinstating(null)}
        title={reinstating ? t("admin.reinstate_shop", { name: reinstating.name }) : ""}
        description={t("admin.reinstate_text")}
        confirmLabel={t("admin.reinstate")}
        busy={act.isPending}
        onConfirm={() =>
          reinstating &&
          act.mutate(
            { id: reinstating.id, action: "reinstate" },
            { onSuccess: () => setReinstating(null), onError: (e) => showApiError(e) },
          )
        }
      />
    </>
  );
}
