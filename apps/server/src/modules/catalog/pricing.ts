// The price rules shared by product cards and cart lines; all amounts in integer minor units.

/** The offer price of a product: its running flash-sale price, else its discount price (0 = none). */
export const offerPrice = (discountPrice: number, salePrice: number | null | undefined): number =>
  salePrice ?? discountPrice;

export interface VariantPrices {
  /** list price plus the size and colour surcharges */
  price: number;
  /** offer price plus the surcharges, 0 when there is no offer */
  discount_price: number;
  /** what one unit costs: the discount price when above 0, otherwise the price */
  unit_price: number;
}

/** Prices of one size/colour of a product: surcharges add to the list price and to the offer. */
export function variantPrices(
  product: { price: number; discount_price: number; sale_price: number | null | undefined },
  surcharge: number,
): VariantPrices {
  const offer = offerPrice(product.discount_price, product.sale_price);
  const price = product.price + surcharge;
  const discount_price = offer > 0 ? offer + surcharge : 0;
  return { price, discount_price, unit_price: discount_price > 0 ? discount_price : price };
}
