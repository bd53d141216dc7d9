// What a return gives back (docs/decisions.md, "Returns and refunds"). The goods' part of an order
// is what was paid without the delivery charge (after the coupon, taxes included); the units
// returned so far are worth their share of it by price (rounded down). Each return refunds the
// growth of that share, so the order's refunds never pass the goods' part until its last unit
// comes back: that return refunds the rest of the payable amount, delivery and rounding included.
// Never more than was paid minus earlier refunds.

/** A line of the order as bought (order_products): unit price (minor units) and quantity. */
export interface ShareLine {
  id: number;
  price: number;
  quantity: number;
}

export interface ShareOrder {
  payable_amount: number;
  delivery_charge: number;
  lines: ShareLine[];
}

/** Quantities by line id. */
export type Quantities = ReadonlyMap<number, number>;

function worth(lines: ShareLine[], q: Quantities): bigint {
  let n = 0n;
  for (const l of lines) n += BigInt(l.price) * BigInt(Math.min(l.quantity, q.get(l.id) ?? 0));
  return n;
}

/**
 * The refund of a return of `now` units, after `before` units were returned (received) already and
 * `refunded` was given back already; minor units, 0 or more.
 */
export function returnRefund(order: ShareOrder, before: Quantities, now: Quantities, refunded: number): number {
  const after = new Map(before);
  for (const [id, q] of now) after.set(id, (after.get(id) ?? 0) + q);
  const left = Math.max(0, order.payable_amount - refunded);
  const everything = order.lines.every((l) => (after.get(l.id) ?? 0) >= l.quantity);
  if (everything) return left;
  const goods = BigInt(Math.max(0, order.payable_amount - order.delivery_charge));
  const all = worth(order.lines, new Map(order.lines.map((l) => [l.id, l.quantity])));
  if (all === 0n) return 0;
  const share = (q: Quantities) => (goods * worth(order.lines, q)) / all;
  const amount = Number(share(after) - share(before));
  return Math.max(0, Math.min(amount, left));
}
