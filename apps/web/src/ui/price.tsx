import type { DisplayCurrency } from "../features/settings/currency-store.ts";
import { useCurrency } from "../features/settings/use-currency.ts";

/** An amount in the default currency shown in `currency`: converted, 2 decimals, symbol before or after. */
export function formatPrice(amount: number, currency: DisplayCurrency): string {
  const value = (amount * (currency.rate_from_default ?? 1)).toFixed(2);
  return currency.position === "suffix" ? `${value}${currency.symbol}` : `${currency.symbol}${value}`;
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  const currency = useCurrency();
  return <span className={className}>{formatPrice(amount, currency)}</span>;
}
