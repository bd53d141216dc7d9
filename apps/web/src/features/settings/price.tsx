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
 * The direction an amount is isolated in. On a left-to-right page always left to right, so a
 * symbol written after the amount stays after it even when it is Arabic ("131.21 ر.س", not
 * "ر.س 131.21"). On a right-to-left page its first strong character decides: none in "$81.99"
 * (left to right), the letters of an Arabic symbol, which then keeps its Arabic side ("ر.س 491.21").
 */
function useAmountDir(): "ltr" | undefined {
  return useTranslation().i18n.dir() === "rtl" ? undefined : "ltr";
}

/** Isolates an amount written inside a sentence ("Up to $15.00") as `<Price>` isolates it. */
export function useIsolateAmount(): (price: string) => string {
  const dir = useAmountDir();
  return (price) => `${dir ? "\u2066" : "\u2068"}${price}\u2069`;
}

/** `formatPrice` for an amount inside a sentence ("Up to $15.00"), isolated as `<Price>` isolates it. */
export function useAmountText(): (amount: number) => string {
  const format = useFormatPrice();
  const isolate = useIsolateAmount();
  return (amount) => isolate(format(amount));
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
  const dir = useAmountDir();
  const price = useFormatPrice()(amount);
  if (!minus)
    return (
      <bdi dir={dir} className={className}>
        {price}
      </bdi>
    );
  if (!suffix) return <bdi dir="ltr" className={className}>{`−${price}`}</bdi>;
  const at = price.lastIndexOf("\u00a0");
  return (
    <bdi dir={dir} className={className}>
      <bdi dir="ltr">{`−${price.slice(0, at)}`}</bdi>
      {price.slice(at)}
    </bdi>
  );
}
