import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCurrencyStore } from "../../settings/index.ts";
import { ProductCard } from "../product-card.tsx";
import { cardFixture } from "./fixtures.ts";
import { mockApi, renderRoute, usd } from "./test-utils.tsx";

const eur = {
  id: 2,
  name: "EUR",
  symbol: "€",
  position: "suffix",
  rate: 0.5,
  rate_from_default: 0.5,
  is_default: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useCurrencyStore.setState({ selected: null, defaultName: null });
});

function renderCard(product = cardFixture()) {
  return renderRoute("/", "/", <ProductCard product={product} />);
}

describe("ProductCard prices (spec 9)", () => {
  it("shows the discount price, the struck-through price and the percentage badge", async () => {
    mockApi({ "/master": { currency: usd, currencies: [usd] } });
    renderCard();
    const price = screen.getByTestId("product-price");
    expect(price).toHaveTextContent("$30.00");
    expect(price.querySelector("del")).toHaveTextContent("$40.00");
    expect(screen.getByText("25% OFF")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Classic Cotton Shirt" })).toHaveAttribute(
      "href",
      "/products/7/details/classic-cotton-shirt",
    );
  });

  it("shows only the price, no struck-through price and no badge without a discount", () => {
    mockApi({ "/master": { currency: usd, currencies: [usd] } });
    renderCard(cardFixture({ discount_price: 0, discount_percentage: 0 }));
    const price = screen.getByTestId("product-price");
    expect(price).toHaveTextContent("$40.00");
    expect(price.querySelector("del")).toBeNull();
    expect(screen.queryByText(/OFF/)).toBeNull();
  });

  it("shows the badge only when the percentage is above 0", () => {
    mockApi({ "/master": { currency: usd, currencies: [usd] } });
    renderCard(cardFixture({ discount_price: 35, discount_percentage: 0 }));
    expect(screen.getByTestId("product-price").querySelector("del")).toHaveTextContent("$40.00");
    expect(screen.queryByText(/OFF/)).toBeNull();
  });

  it("converts with the chosen currency's rate and puts a suffix symbol after the amount", async () => {
    useCurrencyStore.setState({ selected: "EUR", defaultName: "USD" });
    mockApi({ "/master": { currency: usd, currencies: [usd, eur] } });
    renderCard();
    expect(await screen.findByText("15.00 €")).toBeInTheDocument();
    expect(screen.getByText("20.00 €").closest("del")).not.toBeNull();
  });
});

describe("ProductCard image", () => {
  it("offers a seeded product's WebP copies by width, sized to the card, lazy unless in the first row", () => {
    mockApi({ "/master": { currency: usd, currencies: [usd] } });
    const thumbnail = "/media/product/classic-cotton-shirt-1-800.webp";
    const { container, unmount } = renderCard(cardFixture({ thumbnail }));
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe(thumbnail);
    expect(img.getAttribute("srcset")).toBe(
      "/media/product/classic-cotton-shirt-1-200.webp 200w, /media/product/classic-cotton-shirt-1-400.webp 400w, /media/product/classic-cotton-shirt-1-800.webp 800w",
    );
    // a phone's two-column grid picks the 400 px copy at 2x, not the 800 px one
    expect(img.getAttribute("sizes")).toMatch(/ 50vw$/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["400", "400"]);
    expect(img.getAttribute("loading")).toBe("lazy");
    unmount();
    const first = renderRoute("/", "/", <ProductCard product={cardFixture({ thumbnail })} eager />);
    expect(first.container.querySelector("img")?.getAttribute("loading")).toBe("eager");
  });

  it("leaves an SVG picture without a srcset", () => {
    mockApi({ "/master": { currency: usd, currencies: [usd] } });
    const { container } = renderCard();
    expect(container.querySelector("img")?.hasAttribute("srcset")).toBe(false);
  });
});
