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
 * off (`minus`) keeps its sign to the left of its digits in right-to-left pages too ("−$12.00", not
 * "$12.00−"), and a symbol written after the amount stays on the side it has in the other amounts
 * of the page (in Arabic "ر.س −49.09" beside "ر.س 491.21").
 */
export function Price({ amount, minus, className }: { amount: number; minus?: boolean; className?: string }) {
  const suffix = useCurrency().position === "suffix";
  const price = useFormatPrice()(amount);
  if (!minus) return <bdi className={className}>{price}</bdi>;
  if (!suffix) return <bdi dir="ltr" className={className}>{`−${price}`}</bdi>;
  const at = price.lastIndexOf("\u00a0");
  return (
    <bdi className={className}>
      <bdi dir="ltr">{`−${price.slice(0, at)}`}</bdi>
      {price.slice(at)}
    </bdi>
  );
}
