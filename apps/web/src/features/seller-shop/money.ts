import { formatPrice } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useMaster } from "../settings/index.ts";
import { useSellerMe } from "../staff/index.ts";

/**
 * Amounts of the shop's figures, in the shop's currency (the marketplace's default, which
 * `GET /seller/me` names) whatever currency the visitor picked on the storefront.
 */
export const useShopMoney = () => useMoneyIn(useSellerMe().data?.shop.currency);

/** Amounts in the currency `code` (by its symbol and position in the settings), not the visitor's. */
export function useMoneyIn(code = "USD"): (amount: number) => string {
  const { data: master } = useMaster();
  const locale = useTranslation().i18n.language;
  const currency = master?.currencies.find((c) => c.name === code);
  if (currency)
    return (amount) => formatPrice(amount, { symbol: currency.symbol, position: currency.position }, locale);
  return (amount) => {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: code }).format(amount);
    } catch {
      return formatPrice(amount, { symbol: "", position: "prefix" }, locale);
    }
  };
}
