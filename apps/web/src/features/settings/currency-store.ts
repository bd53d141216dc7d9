import type { ChargedCurrency, Currency, Master } from "@market/contract";
import { DEFAULT_CURRENCY, STORAGE_KEYS } from "@market/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";

type CurrencyState = {
  /** name of the chosen currency; null: the default one */
  selected: string | null;
  /** name of the default currency when the choice was made */
  defaultName: string | null;
  select: (name: string) => void;
  /** Resets the choice to the default when the default currency's name changed (spec section 4). */
  syncDefault: (defaultName: string) => void;
};

export const useCurrencyStore = create<CurrencyState>()(
  persist(
    (set, get) => ({
      selected: null,
      defaultName: null,
      select: (name) => set({ selected: name }),
      syncDefault: (defaultName) => {
        // `selected` stays null on a first visit: every price on the page reads it, and a change
        // would render them all again right after the first render.
        if (get().defaultName !== defaultName) set({ defaultName, selected: null });
      },
    }),
    { name: STORAGE_KEYS.currency, partialize: (s) => ({ selected: s.selected, defaultName: s.defaultName }) },
  ),
);

export type DisplayCurrency = Pick<Currency, "symbol" | "position"> &
  Partial<Pick<Currency, "name" | "rate_from_default" | "decimals">>;

export function defaultCurrency(master: Pick<Master, "currencies" | "currency"> | undefined): DisplayCurrency {
  return master?.currencies.find((c) => c.is_default) ?? master?.currency ?? DEFAULT_CURRENCY;
}

/**
 * The currency amounts are shown in, with the rate from the one they are in: prices are in the
 * default currency, an order's amounts in the one it was charged in (`from`). Amounts in a
 * currency the marketplace no longer has are shown as charged.
 */
export function shownCurrency(
  master: Pick<Master, "currencies" | "currency"> | undefined,
  selected: string | null,
  from: ChargedCurrency | null,
): DisplayCurrency {
  const shown = pickCurrency(master, selected);
  if (!from || from.name === defaultCurrency(master).name) return shown;
  const source = master?.currencies.find((c) => c.name === from.name);
  const target = master?.currencies.find((c) => c.name === shown.name);
  if (!source || !target) return { ...from, rate_from_default: 1 };
  return { ...target, rate_from_default: target.rate / source.rate };
}

/** The currency prices are shown in: the selected one, else the default one. */
export function pickCurrency(
  master: Pick<Master, "currencies" | "currency"> | undefined,
  selected: string | null,
): DisplayCurrency {
  return master?.currencies.find((c) => c.name === selected) ?? defaultCurrency(master);
}
