import type { DbDeps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./pricing.repository.ts";

// The one home of the price rules (integer minor units). Cards, product details, the cart,
// checkout, placing an order and invoices all price through `quote`; nothing else computes a price.

/** A product's own prices; `discount_price` 0 means no discount. */
export interface ListPrice {
  price: number;
  discount_price: number;
}

/** A running flash-sale item of a product, with units left under its cap. */
export interface SaleOffer {
  item_id: number;
  sale_price: number;
  /** units still sold at the sale price */
  left: number;
}

export interface Quote {
  /** the list price plus the size and colour surcharges */
  price: number;
  /** what the first unit costs when that is below `price`, else 0 (what cards and lines show) */
  discount_price: number;
  discount_percentage: number;
  /** units at the sale price (at most the sale's units left) */
  sale_quantity: number;
  /** the sale price plus surcharges, 0 when no unit goes at it */
  sale_unit: number;
  /** the other units, at the discount price (or the price when there is none) plus surcharges */
  regular_quantity: number;
  regular_unit: number;
  sale_item_id: number | null;
  /** what the quantity costs in all */
  amount: number;
}

/** Whole-number percentage saved by an offer, 0 when there is none. */
export const discountPercentage = (price: number, offer: number): number =>
  offer > 0 && offer < price ? Math.round(((price - offer) / price) * 100) : 0;

/**
 * The price of `quantity` units of one size/colour of a product: the surcharges add to the price,
 * the discount price and the sale price alike; while a running flash sale has units left, up to
 * that many units go at its price and the rest at the discount price (else the price).
 */
export function quote(product: ListPrice, surcharge: number, sale: SaleOffer | null, quantity: number): Quote {
  const price = product.price + surcharge;
  const regular_unit = product.discount_price > 0 ? product.discount_price + surcharge : price;
  const sale_quantity = sale ? Math.min(quantity, Math.max(0, sale.left)) : 0;
  const sale_unit = sale && sale_quantity > 0 ? sale.sale_price + surcharge : 0;
  const regular_quantity = quantity - sale_quantity;
  // What the next unit costs: the sale price while a unit is left at it.
  const first = sale && sale.left > 0 ? sale.sale_price + surcharge : regular_unit;
  const discount_price = first < price ? first : 0;
  return {
    price,
    discount_price,
    discount_percentage: discountPercentage(price, discount_price),
    sale_quantity,
    sale_unit,
    regular_quantity,
    regular_unit,
    sale_item_id: sale_quantity > 0 && sale ? sale.item_id : null,
    amount: sale_unit * sale_quantity + regular_unit * regular_quantity,
  };
}

export type RunningSale = repo.SaleItemRow;

/**
 * The running sale of each product that still has units left under its cap: the cheapest one.
 * `lock` (PostgreSQL, while placing an order) holds those rows until the transaction ends.
 */
export async function runningSales(
  { dbh }: DbDeps,
  productIds: number[],
  now: string,
  lock = false,
): Promise<Map<number, RunningSale>> {
  const sales = new Map<number, RunningSale>();
  for (const s of await repo.runningSaleItems(dbh.db, [...new Set(productIds)], now, lock)) {
    const current = sales.get(s.product_id);
    if (!current || s.sale_price < current.sale_price) sales.set(s.product_id, s);
  }
  return sales;
}

export const offerOf = (sale: RunningSale | undefined): SaleOffer | null =>
  sale ? { item_id: sale.id, sale_price: sale.sale_price, left: sale.quantity - sale.sold } : null;

/** Counts an order's sale units against the cap in one conditional update; 409 if they are gone. */
export async function claimSaleUnits(
  { dbh }: DbDeps,
  itemId: number,
  quantity: number,
  message: string,
): Promise<void> {
  if (!(await repo.claimSaleUnits(dbh.db, itemId, quantity))) throw new AppError(409, message);
}

/** Gives a cancelled order's sale units back to the sale's cap. */
export async function releaseSaleUnits({ dbh }: DbDeps, itemId: number, quantity: number): Promise<void> {
  await repo.releaseSaleUnits(dbh.db, itemId, quantity);
}

export const { basePriceSql, unitPriceSql, listedPriceRangeSql } = repo;
