import type { Currency } from "./settings.ts";

/** What writing an amount needs of a currency: its symbol, where it goes, its rate (1 when absent). */
export type PriceCurrency = Pick<Currency, "symbol" | "position"> &
  Partial<Pick<Currency, "rate_from_default" | "decimals">>;

const formats = new Map<string, Intl.NumberFormat>();
/** The currency's decimals (two by default) with the locale's digit grouping and decimal sign ("1,234.50", "1 234,50"). */
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the default currency shown in `currency`: converted, written the locale's way, with
 * the currency's own symbol before or after it (spec: symbol and position come from the settings);
 * a symbol after it is kept a no-break space apart, as French and Arabic write it ("12,35 €").
 * The storefront's prices, and the server's mails, invoices and payment page, write amounts with it.
 */
export function formatPrice(amount: number, currency: PriceCurrency, locale = "en"): string {
  const value = numberFormat(locale, currency.decimals ?? 2).format(amount * (currency.rate_from_default ?? 1));
  return currency.position === "suffix" ? `${value}\u00a0${currency.symbol}` : `${currency.symbol}${value}`;
}
