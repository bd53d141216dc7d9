import type { OrderDetail, OrderReturnsData } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { ShopperReturnsCard } from "../order-returns.tsx";
import { returnKeys } from "../returns-queries.ts";

afterEach(cleanup);

const order = {
  id: 7,
  order_code: "ORD-7",
  order_status: "Delivered",
  products: [
    { id: 71, name: "Lamp", size: null, color: null },
    { id: 72, name: "Chair", size: null, color: null },
  ],
} as unknown as OrderDetail;

const returns = {
  returns: [],
  can_request: true,
  window_ends_at: "2031-01-10T10:00:00.000Z",
  returnable: [
    { order_product_id: 71, quantity: 1 },
    { order_product_id: 72, quantity: 2 },
  ],
} as unknown as OrderReturnsData;

describe("the return request's errors", () => {
  it("ties 'choose what to return' to the quantities and focuses the first after a refused submit", async () => {
    const user = userEvent.setup();
    const client = new QueryClient();
    client.setQueryData(returnKeys.order(order.id), returns);
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={testI18n()}>
          <ShopperReturnsCard order={order} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Request a return" }));
    await user.click(await screen.findByRole("button", { name: "Send request" }));
    const [lamp, chair] = screen.getAllByTestId("return-qty");
    await waitFor(() => expect(lamp).toHaveAttribute("aria-invalid", "true"));
    expect(lamp).toHaveAccessibleDescription("Choose at least one item to return.");
    expect(chair).toHaveAccessibleDescription("Choose at least one item to return.");
    expect(document.activeElement).toBe(lamp);
  });
});
