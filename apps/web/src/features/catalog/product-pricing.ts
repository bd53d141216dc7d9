import type { ProductCard, ProductDetails } from "@market/contract";

type Priced = Pick<ProductCard, "price" | "discount_price" | "discount_percentage">;

/** Spec 9: a line's price is its discount price when above 0, otherwise its price. */
export function linePrice(p: Priced): number {
  return p.discount_price > 0 ? p.discount_price : p.price;
}

export function hasDiscount(p: Priced): boolean {
  return p.discount_price > 0;
}

export function showPercentageBadge(p: Priced): boolean {
  return p.discount_percentage > 0;
}

export type VariantChoice = { sizeId: number; colorId: number };

/** Size and colour add their surcharge to both the regular and the discounted price. */
export function choicePrices(product: ProductDetails, choice: VariantChoice): Priced {
  const size = product.sizes.find((s) => s.id === choice.sizeId);
  const color = product.colors.find((c) => c.id === choice.colorId);
  const surcharge = (size?.price ?? 0) + (color?.price ?? 0);
  return {
    price: round2(product.price + surcharge),
    discount_price: product.discount_price > 0 ? round2(product.discount_price + surcharge) : 0,
    discount_percentage: product.discount_percentage,
  };
}

/** Stock of the chosen variant; variant rows use 0 for "no size" / "no colour". */
export function choiceStock(product: ProductDetails, choice: VariantChoice): number {
  if (product.variants.length === 0) return product.quantity;
  const row = product.variants.find((v) => v.size_id === choice.sizeId && v.color_id === choice.colorId);
  return row?.stock ?? 0;
}

export function defaultChoice(product: ProductDetails): VariantChoice {
  const inStock = product.variants.find((v) => v.stock > 0);
  return {
    sizeId: inStock?.size_id || product.sizes[0]?.id || 0,
    colorId: inStock?.color_id || product.colors[0]?.id || 0,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
