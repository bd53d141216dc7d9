import { formatPrice } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useCurrency } from "./use-currency.ts";

/** `formatPrice` in the shown currency and the active language. */
export function useFormatPrice(): (amount: number) => string {
  const currency = useCurrency();
  const locale = useTranslation().i18n.language;
  return (amount) => formatPrice(amount, currency, locale);
}

/**
 * An amount, isolated from the text around it: after an Arabic label ("السعر: ") its digits would
 * otherwise be read as Arabic numbers and its "$" left on the far side ("81.99$"). An amount taken
 * off (`minus`) keeps its sign to the left in right-to-left pages too ("−$12.00", not "$12.00−").
 */
export function Price({ amount, minus, className }: { amount: number; minus?: boolean; className?: string }) {
  const price = useFormatPrice()(amount);
  return minus ? <bdi dir="ltr" className={className}>{`−${price}`}</bdi> : <bdi className={className}>{price}</bdi>;
}
