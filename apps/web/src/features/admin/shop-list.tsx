import type { AdminShop } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { orderDate } from "../orders/index.ts";
import { useApproveShop } from "./api.ts";

/** Registered shops with their owners; a pending one has an Approve button. */
export function AdminShopList({ shops }: { shops: AdminShop[] }) {
  const { t } = useTranslation();
  const approve = useApproveShop();
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {shops.map((s) => (
        <li key={s.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5">
          <img src={s.logo} alt="" className="size-12 shrink-0 rounded-xl border border-slate-100 object-cover" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="truncate font-semibold text-slate-900">{s.name}</p>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                  s.status === "pending"
                    ? "bg-amber-50 text-amber-800 ring-amber-200"
                    : "bg-emerald-50 text-emerald-800 ring-emerald-200"
                }`}
              >
                {t(`admin.shop_status_${s.status}`)}
              </span>
            </div>
            <p className="mt-0.5 text-sm text-slate-600">
              {t("admin.owner")}: {s.owner.name}
            </p>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
              {s.owner.email && (
                <span dir="ltr" className="break-all">
                  {s.owner.email}
                </span>
              )}
              {s.owner.phone && (
                <span dir="ltr" className="whitespace-nowrap">
                  {s.owner.phone_code} {s.owner.phone}
                </span>
              )}
            </p>
            <p className="text-xs text-slate-500">{t("admin.registered_on", { date: orderDate(s.created_at) })}</p>
          </div>
          {s.status === "pending" && (
            <Button
              type="button"
              onClick={() => approve.mutate(s.id)}
              disabled={approve.isPending}
              aria-label={t("admin.approve_shop", { name: s.name })}
              size="sm"
              className="self-start disabled:opacity-60 sm:self-center"
            >
              {t("admin.approve")}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
