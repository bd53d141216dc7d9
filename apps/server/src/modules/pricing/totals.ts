import { tr } from "../../lib/i18n.ts";

// Checkout arithmetic as a pure function of integer minor units, so it can be tested on its own.

export interface TotalsLine {
  shop_id: number;
  /** unit price times quantity */
  amount: number;
  /** `i18n`: the tax row's names in other languages, carried to the order's record (`vatName`) */
  vat: { name: string; rate_bp: number; i18n?: string } | null;
}

export interface TotalsCoupon {
  shop_id: number;
  discount_type: "Percentage" | "Fixed";
  /** basis points for Percentage, minor units for Fixed */
  discount: number;
  max_discount: number | null;
}

/** A tax of an order or checkout: its name (and names in other languages), rate and amount. */
export interface VatLine {
  name: string;
  rate_bp: number;
  amount: number;
  i18n?: string | undefined;
}

/** A tax's name in `locale`; an order recorded before taxes had translations keeps its one name. */
export const vatName = (v: { name: string; i18n?: string | undefined }, locale: string) =>
  tr({ name: v.name, i18n: v.i18n ?? "{}" }, "name", locale);

export interface Totals {
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  order_tax_amount: number;
  payable_amount: number;
  all_vat_taxes: VatLine[];
}

/** What a coupon takes off a shop's subtotal, to the nearest cent (10% of $115.98 is $11.60): capped by max_discount and never above the subtotal. */
export function couponDiscount(coupon: TotalsCoupon, shopSubtotal: number): number {
  const raw =
    coupon.discount_type === "Percentage" ? Math.round((shopSubtotal * coupon.discount) / 10_000) : coupon.discount;
  const capped = coupon.max_discount === null ? raw : Math.min(raw, coupon.max_discount);
  return Math.max(0, Math.min(capped, shopSubtotal));
}

/**
 * Totals of the given lines: delivery once per shop present, the coupon on its shop's subtotal,
 * VAT per line on the line amount after its share of the coupon discount.
 */
export function checkoutTotals(
  lines: TotalsLine[],
  deliveryByShop: ReadonlyMap<number, number>,
  coupon: TotalsCoupon | null,
): Totals {
  const total_amount = lines.reduce((n, l) => n + l.amount, 0);
  const shops = new Set(lines.map((l) => l.shop_id));
  const delivery_charge = [...shops].reduce((n, id) => n + (deliveryByShop.get(id) ?? 0), 0);

  const couponLines = coupon ? lines.filter((l) => l.shop_id === coupon.shop_id) : [];
  const shopSubtotal = couponLines.reduce((n, l) => n + l.amount, 0);
  const coupon_discount = coupon ? couponDiscount(coupon, shopSubtotal) : 0;

  // The discount is shared over the coupon shop's lines in proportion to their amounts; the
  // last line takes the rounding remainder so the shares add up exactly.
  const share = new Map<TotalsLine, number>();
  let left = coupon_discount;
  couponLines.forEach((l, i) => {
    const part =
      i === couponLines.length - 1 ? left : Math.floor((coupon_discount * l.amount) / Math.max(1, shopSubtotal));
    share.set(l, part);
    left -= part;
  });

  const vat = new Map<string, VatLine>();
  for (const l of lines) {
    if (!l.vat || l.vat.rate_bp <= 0) continue;
    const taxable = l.amount - (share.get(l) ?? 0);
    const amount = Math.round((taxable * l.vat.rate_bp) / 10_000);
    const key = `${l.vat.name}\u0000${l.vat.rate_bp}`;
    const entry = vat.get(key) ?? { name: l.vat.name, rate_bp: l.vat.rate_bp, amount: 0, i18n: l.vat.i18n };
    entry.amount += amount;
    vat.set(key, entry);
  }
  const all_vat_taxes = [...vat.values()];
  const order_tax_amount = all_vat_taxes.reduce((n, v) => n + v.amount, 0);
  const payable_amount = Math.max(0, total_amount - coupon_discount + delivery_charge + order_tax_amount);
  return { total_amount, delivery_charge, coupon_discount, order_tax_amount, payable_amount, all_vat_taxes };
}
