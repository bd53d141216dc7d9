import type { Currency } from "@market/contract";

/** What writing an amount needs of a currency: its symbol, where it goes, its rate (1 when absent). */
export type PriceCurrency = Pick<Currency, "symbol" | "position"> & Partial<Pick<Currency, "rate_from_default">>;

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
 * The shopper's chosen currency is the settings feature's (features/settings/price.tsx: `Price`).
 */
export function formatPrice(amount: number, currency: PriceCurrency, locale = "en"): string {
  const value = numberFormat(locale).format(amount * (currency.rate_from_default ?? 1));
  return currency.position === "suffix" ? `${value}${currency.symbol}` : `${currency.symbol}${value}`;
}
