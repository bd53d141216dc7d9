import type { ProductCard, ProductDetails } from "@market/contract";

type Priced = Pick<ProductCard, "price" | "discount_price" | "discount_percentage">;

export type VariantChoice = { sizeId: number; colorId: number };

/** The server's price of the chosen size and colour (what the cart will charge); the product's own without variants. */
export function choicePrices(product: ProductDetails, choice: VariantChoice): Priced {
  return product.variants.find((v) => v.size_id === choice.sizeId && v.color_id === choice.colorId) ?? product;
}

/** Stock of the chosen variant; variant rows use 0 for "no size" / "no colour". */
export function choiceStock(product: ProductDetails, choice: VariantChoice): number {
  if (product.variants.length === 0) return product.quantity;
  const row = product.variants.find((v) => v.size_id === choice.sizeId && v.color_id === choice.colorId);
  return row?.stock ?? 0;
}

/** What a variant costs now: its discount price when it has one. */
const payable = (v: Priced) => (v.discount_price > 0 ? v.discount_price : v.price);

/**
 * The size and colour a product page opens on: the cheapest one in stock (the first of equals), so
 * the page shows the price its card did ("from"), not a surcharge the shopper did not choose.
 */
export function defaultChoice(product: ProductDetails): VariantChoice {
  const inStock = product.variants
    .filter((v) => v.stock > 0)
    .reduce<ProductDetails["variants"][number] | undefined>(
      (best, v) => (best === undefined || payable(v) < payable(best) ? v : best),
      undefined,
    );
  return {
    sizeId: inStock?.size_id || product.sizes[0]?.id || 0,
    colorId: inStock?.color_id || product.colors[0]?.id || 0,
  };
}

/** The URL's query names of a chosen size and colour (as lib/product-path.ts writes them). */
export const CHOICE_PARAMS = { size: "size", color: "color" } as const;

/** The size and colour the URL names, each where the product has it; else the page's default. */
export function choiceFromUrl(product: ProductDetails, params: URLSearchParams): VariantChoice {
  const fallback = defaultChoice(product);
  const named = (param: string, options: { id: number }[], otherwise: number) => {
    const id = Number(params.get(param));
    return options.some((o) => o.id === id) ? id : otherwise;
  };
  return {
    sizeId: named(CHOICE_PARAMS.size, product.sizes, fallback.sizeId),
    colorId: named(CHOICE_PARAMS.color, product.colors, fallback.colorId),
  };
}
