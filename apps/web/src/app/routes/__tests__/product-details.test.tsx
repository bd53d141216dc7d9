import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useUiStore } from "../../../features/auth/index.ts";
import { detailsAnswerFixture } from "../../../features/catalog/__tests__/fixtures.ts";
import { mockApi, renderRoute, usd } from "../../../features/catalog/__tests__/test-utils.tsx";
import { Component as ProductDetailsPage } from "../product-details.tsx";

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
  it("shows the chosen size's price from the server", async () => {
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

  it("shows the server's price, discount and badge of the chosen size, as the cart will charge it", async () => {
    const user = userEvent.setup();
    const answer = detailsAnswerFixture({
      discount_price: 15,
      discount_percentage: 25,
      variants: [
        { size_id: 11, color_id: 21, stock: 4, price: 20, discount_price: 15, discount_percentage: 25 },
        { size_id: 13, color_id: 21, stock: 2, price: 25, discount_price: 20, discount_percentage: 20 },
      ],
    });
    renderDetails(answer);
    await screen.findByRole("heading", { level: 1 });
    const price = () => screen.getAllByTestId("product-price")[0] as HTMLElement;
    expect(price()).toHaveTextContent("$15.00");
    expect(screen.getByText("25% OFF")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "XL" }));
    expect(price()).toHaveTextContent("$20.00");
    expect(within(price()).getByText("$25.00").closest("del")).not.toBeNull();
    // The badge is the chosen size's own saving, not the product's.
    expect(screen.getByText("20% OFF")).toBeInTheDocument();
    expect(screen.queryByText("25% OFF")).not.toBeInTheDocument();
  });

  it("disables the cart buttons for a sold-out variant and bounds the quantity by stock", async () => {
    const user = userEvent.setup();
    renderDetails();
    await screen.findByRole("heading", { level: 1 });
    const plus = screen.getByRole("button", { name: "Increase quantity" });
    for (let i = 0; i < 6; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    const box = screen.getByRole("spinbutton", { name: "Quantity" });
    expect(box).toHaveValue("4");
    expect(plus).toBeDisabled();
    // Typed: the box may be emptied on the way to a new number; Arabic digits count; past the stock it stops there.
    await user.clear(box);
    expect(box).toHaveValue("");
    await user.type(box, "3");
    expect(box).toHaveValue("3");
    await user.clear(box);
    await user.type(box, "٢");
    expect(box).toHaveValue("2");
    await user.clear(box);
    await user.type(box, "9");
    expect(box).toHaveValue("4");
    await user.clear(box);
    await user.tab();
    expect(box).toHaveValue("4");

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
