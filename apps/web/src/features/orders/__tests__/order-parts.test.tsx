import type { Master, OrderStatusEntry } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import orders from "../../../../../../packages/contract/locales/en/orders.json";
import { AmountsIn, InDefaultCurrency, masterQuery, useCurrencyStore } from "../../settings/index.ts";
import { AmountLines } from "../order-amounts.tsx";
import { OrderTimeline, timelineSteps } from "../order-timeline.tsx";

afterEach(cleanup);

function wrap(ui: ReactNode, selected: string | null = null) {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: Object.fromEntries(Object.entries(orders).map(([k, v]) => [`orders.${k}`, v])) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient();
  const usd = { id: 1, name: "USD", symbol: "$", position: "prefix", rate: 1, rate_from_default: 1, is_default: true };
  const eur = {
    id: 2,
    name: "EUR",
    symbol: "€",
    position: "suffix",
    rate: 0.92,
    rate_from_default: 0.92,
    is_default: false,
  };
  client.setQueryData(masterQuery.queryKey, { currency: usd, currencies: [usd, eur] } as unknown as Master);
  useCurrencyStore.setState({ selected });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
}

const at = (status: OrderStatusEntry["status"], by: OrderStatusEntry["by"], day: number): OrderStatusEntry => ({
  status,
  by,
  created_at: `2026-05-0${day}T10:00:00.000Z`,
});

describe("timelineSteps", () => {
  it("lists the whole way from Pending to Delivered, the reached steps with their entry", () => {
    const steps = timelineSteps("Confirm", [at("Pending", "customer", 1), at("Confirm", "seller", 2)]);
    expect(steps.map((s) => s.status)).toEqual([
      "Pending",
      "Confirm",
      "Processing",
      "Pickup",
      "On The Way",
      "Delivered",
    ]);
    expect(steps.map((s) => Boolean(s.entry))).toEqual([true, true, false, false, false, false]);
  });

  it("shows a cancelled order's history as it happened, ending with the cancellation", () => {
    const steps = timelineSteps("Cancelled", [at("Pending", "customer", 1), at("Cancelled", "customer", 2)]);
    expect(steps.map((s) => s.status)).toEqual(["Pending", "Cancelled"]);
  });
});

describe("<OrderTimeline>", () => {
  const history = [at("Pending", "customer", 1), at("Confirm", "seller", 2)];

  it("marks the current step and says who made each change, as the shopper reads it", () => {
    wrap(<OrderTimeline status="Confirm" history={history} />);
    const steps = screen.getAllByRole("listitem");
    expect(steps[1]).toHaveAttribute("aria-current", "step");
    expect(within(steps[0] as HTMLElement).getByText(/by you/)).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByText(/by the shop/)).toBeInTheDocument();
    expect(within(steps[2] as HTMLElement).getByText("(not reached yet)", { exact: false })).toBeInTheDocument();
  });

  it("tells the seller which changes were theirs", () => {
    wrap(<OrderTimeline status="Confirm" history={history} viewer="seller" />);
    const steps = screen.getAllByRole("listitem");
    expect(within(steps[0] as HTMLElement).getByText(/by the customer/)).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByText(/by you/)).toBeInTheDocument();
  });
});

describe("<AmountLines>", () => {
  it("shows the subtotal, a line per VAT tax, the coupon discount and the total payable", () => {
    wrap(
      <AmountLines
        amounts={{
          total_amount: 100,
          coupon_discount: 10,
          delivery_charge: 5,
          all_vat_taxes: [
            { name: "VAT 5%", rate: 5, amount: 2.5 },
            { name: "City tax", rate: 2, amount: 1.8 },
          ],
          payable_amount: 99.3,
        }}
      />,
    );
    expect(screen.getByText("Subtotal").nextSibling).toHaveTextContent("$100.00");
    expect(screen.getByText("Coupon discount").nextSibling).toHaveTextContent("−$10.00");
    expect(screen.getByText("Delivery charge").nextSibling).toHaveTextContent("$5.00");
    expect(screen.getByText("VAT 5%").closest("div")).toHaveTextContent("$2.50");
    expect(screen.getByText("City tax (2%)").closest("div")).toHaveTextContent("$1.80");
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("$99.30");
    expect(screen.queryByText("Refunded")).toBeNull();
  });

  it("an order partly refunded says how much came back under the total", () => {
    const amounts = { total_amount: 40, coupon_discount: 0, delivery_charge: 5, all_vat_taxes: [], payable_amount: 45 };
    wrap(<AmountLines amounts={{ ...amounts, payment_status: "Paid", refunded_amount: 26.66 }} />);
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("$45.00");
    expect(screen.getByText("Refunded").nextSibling).toHaveTextContent("−$26.66");
  });

  it("in another currency than the default, says what is charged in the default one", () => {
    const amounts = {
      total_amount: 20,
      coupon_discount: 0,
      delivery_charge: 0.84,
      all_vat_taxes: [],
      payable_amount: 20.84,
    };
    wrap(<AmountLines amounts={amounts} />, "EUR");
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("19.17 €");
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("You will be charged \u2066$20.84\u2069");
    expect(screen.getByTestId("charged-amount")).toHaveTextContent(
      "Prices in EUR are a guide; orders are paid in USD.",
    );
    cleanup();
    wrap(<AmountLines amounts={{ ...amounts, payment_method: "cash", payment_status: "Pending" }} />, "EUR");
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("You will pay \u2066$20.84\u2069 on delivery");
    cleanup();
    wrap(<AmountLines amounts={{ ...amounts, payment_method: "stripe", payment_status: "Paid" }} />, "EUR");
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("You were charged \u2066$20.84\u2069");
    cleanup();
    // A seller or admin reads about the customer, not about themselves.
    wrap(
      <AmountLines amounts={{ ...amounts, payment_method: "cash", payment_status: "Pending" }} seenBy="staff" />,
      "EUR",
    );
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("The customer pays \u2066$20.84\u2069 on delivery");
    cleanup();
    wrap(
      <AmountLines amounts={{ ...amounts, payment_method: "stripe", payment_status: "Paid" }} seenBy="staff" />,
      "EUR",
    );
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("The customer was charged \u2066$20.84\u2069");
    cleanup();
    // Shown in the default currency: nothing more to say.
    wrap(<AmountLines amounts={amounts} />);
    expect(screen.queryByTestId("charged-amount")).toBeNull();
  });

  it("an order charged in a former default currency is worth what it was charged, shown in any currency", () => {
    const amounts = {
      total_amount: 20,
      coupon_discount: 0,
      delivery_charge: 0,
      all_vat_taxes: [],
      payable_amount: 20,
      payment_method: "stripe",
      payment_status: "Paid",
    };
    const inEur = (ui: ReactNode) => (
      <AmountsIn value={{ name: "EUR", symbol: "€", position: "suffix", decimals: 2 }}>{ui}</AmountsIn>
    );
    // Shown in the default USD: converted from euros, and it says the charge was in euros.
    wrap(inEur(<AmountLines amounts={amounts} />));
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("$21.74");
    expect(screen.getByTestId("charged-amount")).toHaveTextContent("You were charged \u206620.00 €\u2069");
    cleanup();
    // Shown in its own currency: as charged, nothing more to say.
    wrap(inEur(<AmountLines amounts={amounts} />), "EUR");
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("20.00 €");
    expect(screen.queryByTestId("charged-amount")).toBeNull();
    cleanup();
    // The back office shows an order in the currency it was charged in.
    wrap(<InDefaultCurrency value>{inEur(<AmountLines amounts={amounts} seenBy="staff" />)}</InDefaultCurrency>, "USD");
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("20.00 €");
    expect(screen.queryByTestId("charged-amount")).toBeNull();
    cleanup();
    // A currency the marketplace no longer has cannot be converted: shown as charged.
    wrap(
      <AmountsIn value={{ name: "GBP", symbol: "£", position: "prefix", decimals: 2 }}>
        <AmountLines amounts={amounts} />
      </AmountsIn>,
      "EUR",
    );
    expect(screen.getByText("Total Payable").nextSibling).toHaveTextContent("£20.00");
    expect(screen.queryByTestId("charged-amount")).toBeNull();
  });

  it("leaves the coupon line out when no coupon applies", () => {
    wrap(
      <AmountLines
        amounts={{ total_amount: 20, coupon_discount: 0, delivery_charge: 0, all_vat_taxes: [], payable_amount: 20 }}
      />,
    );
    expect(screen.queryByText("Coupon discount")).toBeNull();
  });
});
