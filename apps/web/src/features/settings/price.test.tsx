import type { Master } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeEach, describe, expect, it } from "vitest";
import { testI18n } from "../../test-utils.ts";
import { useCurrencyStore } from "./currency-store.ts";
import { Price } from "./price.tsx";
import { useCurrencySync } from "./use-currency.ts";
import { masterQuery } from "./use-master.ts";

function Probe() {
  useCurrencySync();
  return (
    <>
      <Price amount={10} />
      <Price amount={2} minus />
    </>
  );
}

describe("<Price>", () => {
  const usd = {
    id: 1,
    name: "USD",
    symbol: "$",
    position: "prefix" as const,
    rate: 1,
    rate_from_default: 1,
    is_default: true,
  };
  const eur = {
    id: 2,
    name: "EUR",
    symbol: "€",
    position: "suffix" as const,
    rate: 0.5,
    rate_from_default: 0.5,
    is_default: false,
  };

  const sar = { ...eur, id: 3, name: "SAR", symbol: "ر.س", rate: 2, rate_from_default: 2 };

  function renderPrice(currencies: (typeof usd | typeof eur)[], lng = "en") {
    const client = new QueryClient();
    client.setQueryData(masterQuery.queryKey, { currency: currencies[0], currencies } as unknown as Master);
    return {
      client,
      ...render(
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={testI18n(lng)}>
            <Probe />
          </I18nextProvider>
        </QueryClientProvider>,
      ),
    };
  }

  beforeEach(() => useCurrencyStore.setState({ selected: null, defaultName: null }));

  it("shows the default currency, then the chosen one, and resets when the default's name changes", async () => {
    const { client } = renderPrice([usd, eur]);
    expect(screen.getByText("$10.00")).toBeInTheDocument();
    act(() => useCurrencyStore.getState().select("EUR"));
    expect(await screen.findByText("5.00 €")).toBeInTheDocument();
    const gbp = { ...usd, name: "GBP", symbol: "£" };
    act(() =>
      client.setQueryData(masterQuery.queryKey, { currency: gbp, currencies: [gbp, eur] } as unknown as Master),
    );
    expect(await screen.findByText("£10.00")).toBeInTheDocument();
  });

  it("keeps an amount taken off's sign with its digits, and a symbol after the amount outside them", async () => {
    const { container } = renderPrice([usd, eur], "ar");
    const minus = () => container.querySelectorAll("bdi")[1] as HTMLElement;
    expect(minus().textContent).toBe("−$2.00");
    expect(minus().getAttribute("dir")).toBe("ltr");
    act(() => useCurrencyStore.getState().select("EUR"));
    expect(await within(container).findByText("5.00 €")).toBeInTheDocument();
    // In Arabic the symbol stays on the side the page's other amounts have it: only "−1.00" runs left to right.
    expect(minus().textContent).toBe("−1.00\u00a0€");
    expect(minus().getAttribute("dir")).toBeNull();
    expect(minus().querySelector("bdi[dir=ltr]")?.textContent).toBe("−1.00");
  });

  it("writes an Arabic symbol after the amount on its right in English, on its Arabic side in Arabic", async () => {
    for (const [lng, dir] of [
      ["en", "ltr"],
      ["ar", null],
    ] as const) {
      const { container, unmount } = renderPrice([usd, sar], lng);
      act(() => useCurrencyStore.getState().select("SAR"));
      const [price, minus] = container.querySelectorAll(":scope > bdi");
      await within(container).findByText("20.00 ر.س");
      expect(price?.getAttribute("dir")).toBe(dir);
      expect(minus?.getAttribute("dir")).toBe(dir);
      unmount();
      useCurrencyStore.setState({ selected: null, defaultName: null });
    }
  });
});
