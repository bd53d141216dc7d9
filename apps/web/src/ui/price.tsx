import { useTranslation } from "react-i18next";
import type { DisplayCurrency } from "../features/settings/currency-store.ts";
import { useCurrency } from "../features/settings/use-currency.ts";

const formats = new Map<string, Intl.NumberFormat>();
/** Two decimals with the locale's digit grouping and decimal sign ("1,234.50", "1 234,50"). */
function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format;
}

/**
 * An amount in the default currency shown in `currency`: converted, written the locale's way, with
 * the currency's own symbol before or after it (spec: symbol and position come from the settings).
 */
export function formatPrice(amount: number, currency: DisplayCurrency, locale = "en"): string {
  const value = numberFormat(locale).format(amount * (currency.rate_from_default ?? 1));
  return currency.position === "suffix" ? `${value}${currency.symbol}` : `${currency.symbol}${value}`;
}

/** `formatPrice` in the shown currency and the active language. */
export function useFormatPrice(): (amount: number) => string {
  const currency = useCurrency();
  const locale = useTranslation().i18n.language;
  return (amount) => formatPrice(amount, currency, locale);
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className}>{useFormatPrice()(amount)}</span>;
}
