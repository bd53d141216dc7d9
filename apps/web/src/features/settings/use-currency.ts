import { useEffect } from "react";
import { type DisplayCurrency, defaultCurrency, pickCurrency, useCurrencyStore } from "./currency-store.ts";
import { useMaster, useMasterData } from "./use-master.ts";

/** The currency prices are shown in now. */
export function useCurrency(): DisplayCurrency {
  const master = useMasterData();
  const selected = useCurrencyStore((s) => s.selected);
  return pickCurrency(master, selected);
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
