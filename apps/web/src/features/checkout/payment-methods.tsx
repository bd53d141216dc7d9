import { CASH_ON_DELIVERY } from "@market/contract";
import { useTranslation } from "react-i18next";
import { CashIcon } from "../../ui/icons.tsx";
import { useMaster } from "../settings/index.ts";

export type PaymentOption = { value: string; title: string; logo: string | null };

/** Cash on delivery and the gateways, each as far as the server's flags allow. */
export function usePaymentOptions(): PaymentOption[] | undefined {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  if (!master) return undefined;
  const options: PaymentOption[] = [];
  if (master.cash_on_delivery)
    options.push({ value: CASH_ON_DELIVERY, title: t("orders.cash_on_delivery"), logo: null });
  if (master.online_payment)
    for (const g of master.payment_gateways) options.push({ value: g.name, title: g.title, logo: g.logo || null });
  return options;
}

export function PaymentMethods({
  options,
  value,
  onChange,
}: {
  options: PaymentOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  if (options.length === 0)
    return (
      <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
        {t("orders.no_payment_method")}
      </p>
    );
  return (
    <fieldset>
      <legend className="sr-only">{t("orders.payment_method")}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-200"
          >
            <input
              type="radio"
              name="payment-method"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 accent-primary-600"
            />
            {o.logo ? (
              <img src={o.logo} alt="" className="h-6 w-10 shrink-0 object-contain" />
            ) : (
              <CashIcon className="h-6 w-10 shrink-0 text-emerald-700" />
            )}
            <span>{o.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
