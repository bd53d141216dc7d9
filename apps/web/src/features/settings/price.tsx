import { useTranslation } from "react-i18next";
import { formatPrice } from "../../ui/price.ts";
import { useCurrency } from "./use-currency.ts";

/** `formatPrice` in the shown currency and the active language. */
export function useFormatPrice(): (amount: number) => string {
  const currency = useCurrency();
  const locale = useTranslation().i18n.language;
  return (amount) => formatPrice(amount, currency, locale);
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{useFormatPrice()(amount)}</span>;
}
