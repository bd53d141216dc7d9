import type { Currency } from "@market/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { usd } from "../../test-utils.ts";
import { pickCurrency, useCurrencyStore } from "./currency-store.ts";

const eur: Currency = {
  id: 2,
  name: "EUR",
  symbol: "€",
  position: "suffix",
  rate: 0.9,
  rate_from_default: 0.9,
  is_default: false,
};
const master = { currency: usd, currencies: [usd, eur] };

beforeEach(() => {
  localStorage.clear();
  useCurrencyStore.setState({ selected: null, defaultName: null });
});

describe("currency choice", () => {
  it("defaults to the currency marked is_default", () => {
    useCurrencyStore.getState().syncDefault("USD");
    expect(pickCurrency(master, useCurrencyStore.getState().selected)).toBe(usd);
    expect(pickCurrency(master, null)).toBe(usd);
  });

  it("shows the chosen currency and keeps it while the default stays the same", () => {
    const store = useCurrencyStore.getState();
    store.syncDefault("USD");
    store.select("EUR");
    store.syncDefault("USD");
    expect(pickCurrency(master, useCurrencyStore.getState().selected)).toBe(eur);
  });

  it("resets the choice when the default currency's name changes", () => {
    const store = useCurrencyStore.getState();
    store.syncDefault("USD");
    store.select("EUR");
    const gbp: Currency = { ...usd, id: 3, name: "GBP", symbol: "£" };
    store.syncDefault("GBP");
    expect(useCurrencyStore.getState().selected).toBeNull();
    expect(pickCurrency({ currency: gbp, currencies: [gbp, eur] }, useCurrencyStore.getState().selected)).toBe(gbp);
  });

  it("falls back to USD $ prefix without settings", () => {
    expect(pickCurrency(undefined, "EUR")).toMatchObject({ name: "USD", symbol: "$", position: "prefix" });
  });

  it("persists the choice in localStorage", () => {
    useCurrencyStore.getState().select("EUR");
    expect(localStorage.getItem("currency")).toContain('"selected":"EUR"');
  });
});
