import { formatPrice } from "@market/contract";
import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type DisplayCurrency, defaultCurrency, pickCurrency, useCurrencyStore } from "./currency-store.ts";
import { useMaster, useMasterData } from "./use-master.ts";

/**
 * True in the back office: its amounts are in the default currency, the one prices are typed in and
 * orders charged in, whatever currency the visitor picked on the storefront (which has no picker there).
 */
export const InDefaultCurrency = createContext(false);

/** The currency prices are shown in now. */
export function useCurrency(): DisplayCurrency {
  const master = useMasterData();
  const selected = useCurrencyStore((s) => s.selected);
  return pickCurrency(master, useContext(InDefaultCurrency) ? null : selected);
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
  /** the default currency's name ("USD"): the one orders are charged in */
  charged: string;
  /** a server amount (default currency) written in the default currency: "$20.84" */
  format: (amount: number) => string;
};

/**
 * Orders are charged in the default currency; other currencies only show prices converted. When
 * the shopper shows another one, this says so and writes amounts as they are charged; else null.
 */
export function useChargeCurrency(): ChargeCurrency | null {
  const master = useMasterData();
  const shown = useCurrency();
  const locale = useTranslation().i18n.language;
  const charged = defaultCurrency(master);
  if (!shown.name || !charged.name || shown.name === charged.name) return null;
  return {
    shown: shown.name,
    charged: charged.name,
    format: (amount) => formatPrice(amount, { ...charged, rate_from_default: 1 }, locale),
  };
}
