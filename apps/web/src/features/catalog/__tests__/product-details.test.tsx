import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as ProductDetailsPage } from "../../../app/routes/product-details.tsx";
import { useUiStore } from "../../auth/ui-store.ts";
import { detailsAnswerFixture } from "./fixtures.ts";
import { mockApi, renderRoute, usd } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUiStore.setState({ loginOpen: false });
});

function renderDetails(answer = detailsAnswerFixture()) {
  const fetchMock = mockApi({
    "/master": { currency: usd, currencies: [usd] },
    "/products/7/details": answer,
    "/products/7/reviews": {
      summary: answer.product.review_summary,
      reviews: { data: [], total: 0, per_page: 5, current_page: 1, last_page: 1 },
    },
  });
  renderRoute("/products/:id/details/:slug", "/products/7/details/classic-cotton-shirt", <ProductDetailsPage />);
  return fetchMock;
}

describe("product details", () => {
  it("changes the displayed price with the size surcharge", async () => {
    const user = userEvent.setup();
    renderDetails();
    expect(await screen.findByRole("heading", { level: 1, name: "Classic Cotton Shirt" })).toBeInTheDocument();
    const price = () => screen.getAllByTestId("product-price")[0] as HTMLElement;
    expect(price()).toHaveTextContent("$20.00");
    expect(screen.getByRole("radio", { name: "M" })).toBeChecked();

    await user.click(screen.getByRole("radio", { name: "XL" }));
    expect(price()).toHaveTextContent("$25.00");
    expect(screen.getByText("In stock: 2 available")).toBeInTheDocument();
  });

  it("keeps the discount on top of the surcharge", async () => {
    const user = userEvent.setup();
    const answer = detailsAnswerFixture({ discount_price: 15, discount_percentage: 25 });
    renderDetails(answer);
    await screen.findByRole("heading", { level: 1 });
    const price = () => screen.getAllByTestId("product-price")[0] as HTMLElement;
    expect(price()).toHaveTextContent("$15.00");
    await user.click(screen.getByRole("radio", { name: "XL" }));
    expect(price()).toHaveTextContent("$20.00");
    expect(within(price()).getByText("$25.00").closest("del")).not.toBeNull();
    expect(screen.getByText("25% OFF")).toBeInTheDocument();
  });

  it("disables the cart buttons for a sold-out variant and bounds the quantity by stock", async () => {
    const user = userEvent.setup();
    renderDetails();
    await screen.findByRole("heading", { level: 1 });
    const plus = screen.getByRole("button", { name: "Increase quantity" });
    for (let i = 0; i < 6; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(4);
    expect(plus).toBeDisabled();

    await user.click(screen.getByRole("radio", { name: "L" }));
    expect(screen.getByText("Out of stock")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Buy Now" })).toBeDisabled();
  });

  it("asks a visitor to sign in from Add to Cart, without calling the cart", async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetails();
    await screen.findByRole("heading", { level: 1 });
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(useUiStore.getState().loginOpen).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/cart/"))).toBe(false);
  });
});
