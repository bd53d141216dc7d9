import { type ChargedCurrency, formatPrice } from "@market/contract";
import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type DisplayCurrency, defaultCurrency, shownCurrency, useCurrencyStore } from "./currency-store.ts";
import { useMaster, useMasterData } from "./use-master.ts";

/**
 * True in the back office: its amounts are in the default currency, the one prices are typed in and
 * orders charged in, whatever currency the visitor picked on the storefront (which has no picker there).
 */
export const InDefaultCurrency = createContext(false);

/**
 * The currency the amounts inside are in: an order's, the one it was charged in. Outside it (null)
 * amounts are in the default currency, as prices and carts are.
 */
export const AmountsIn = createContext<ChargedCurrency | null>(null);

/** The currency amounts are shown in here: the chosen one (the back office: the one they are in). */
export function useCurrency(): DisplayCurrency {
  const master = useMasterData();
  const selected = useCurrencyStore((s) => s.selected);
  const from = useContext(AmountsIn);
  return shownCurrency(master, useContext(InDefaultCurrency) ? (from?.name ?? null) : selected, from);
}

/** Keeps the stored choice in step with the server's default currency (mounted once in the app). */
export function useCurrencySync() {
  const { data: master } = useMaster();
  const syncDefault = useCurrencyStore((s) => s.syncDefault);
  const name = master ? defaultCurrency(master).name : undefined;
  useEffect(() => {
    if (name) syncDefault(name);
  }, [name, syncDefault]);
}

/** Prices shown in a currency other than the one payments are made in, and how to write the latter. */
export type ChargeCurrency = {
  /** the shown currency's name ("EUR") */
  shown: string;
  /** the name of the currency the amounts are charged in ("USD") */
  charged: string;
  /** an amount written in the currency it is charged in: "$20.84" */
  format: (amount: number) => string;
};

/**
 * Orders are charged in the default currency (a placed one in the currency it was placed in);
 * other currencies only show amounts converted. When the shopper shows another one, this says so
 * and writes amounts as they are charged; else null.
 */
export function useChargeCurrency(): ChargeCurrency | null {
  const master = useMasterData();
  const shown = useCurrency();
  const locale = useTranslation().i18n.language;
  const charged = useContext(AmountsIn) ?? defaultCurrency(master);
  if (!shown.name || !charged.name || shown.name === charged.name) return null;
  return {
    shown: shown.name,
    charged: charged.name,
    format: (amount) => formatPrice(amount, { ...charged, rate_from_default: 1 }, locale),
  };
}
