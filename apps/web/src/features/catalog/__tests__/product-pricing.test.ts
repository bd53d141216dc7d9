import { describe, expect, it } from "vitest";
import { choicePrices, defaultChoice } from "../product-pricing.ts";
import { detailsAnswerFixture } from "./fixtures.ts";

const variant = (size_id: number, stock: number, price: number, discount_price = 0) => ({
  size_id,
  color_id: 21,
  stock,
  price,
  discount_price,
  discount_percentage: 0,
});

describe("the size and colour a product page opens on", () => {
  it("is the cheapest one in stock, so the page shows the card's price", () => {
    // The dearer size comes first in the shop's order; the page still opens on the one at the card's price.
    const { product } = detailsAnswerFixture({
      variants: [variant(13, 2, 25), variant(12, 0, 19), variant(11, 4, 20)],
    });
    const choice = defaultChoice(product);
    expect(choice).toEqual({ sizeId: 11, colorId: 21 });
    expect(choicePrices(product, choice).price).toBe(20);
  });

  it("weighs a discount as what is paid, and keeps the first of equal prices", () => {
    const { product } = detailsAnswerFixture({
      variants: [variant(11, 4, 20), variant(12, 3, 22), variant(13, 2, 25, 18)],
    });
    expect(defaultChoice(product)).toEqual({ sizeId: 13, colorId: 21 });
    const equal = detailsAnswerFixture({ variants: [variant(12, 3, 20), variant(11, 4, 20)] }).product;
    expect(defaultChoice(equal)).toEqual({ sizeId: 12, colorId: 21 });
  });

  it("falls back to the first size and colour when nothing is in stock", () => {
    const { product } = detailsAnswerFixture({ variants: [variant(12, 0, 22), variant(13, 0, 25)] });
    expect(defaultChoice(product)).toEqual({ sizeId: 11, colorId: 21 });
  });
});
