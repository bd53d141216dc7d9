import { type Notification, orderStatusKey } from "@market/contract";
import type { TFunction } from "i18next";
import { isolated, variantName } from "../i18n/index.ts";

/**
 * A notification's sentence in the viewer's language, from its kind and parameters; `price`
 * writes an amount for a sentence (`useAmountText`). The order's code is isolated: in an Arabic sentence its "#" would otherwise
 * show after "AL000092". The kind's sentence may have a context (`contextOf`).
 */
export function notificationText(t: TFunction, n: Notification, price: (amount: number) => string): string {
  const status = n.params.status ? t(orderStatusKey(n.params.status)) : "";
  const decision = n.params.decision ? t(`notifications.decision_${n.params.decision}`) : "";
  const code = n.params.code ? isolated(n.params.code) : n.params.code;
  const amount = n.params.amount === undefined ? undefined : price(n.params.amount);
  const variant = variantName(n.params.size, n.params.color);
  const product =
    n.params.product && isolated(variant ? `${isolated(n.params.product)} (${variant})` : n.params.product);
  return t(`notifications.kind_${n.kind}`, {
    code,
    status,
    decision,
    amount,
    product,
    count: n.params.rating ?? n.params.stock,
    context: contextOf(n, amount),
  });
}

/**
 * Which sentence of a kind: with an amount; a product's decision each way (its words agree with
 * "product"); sold out rather than "0 left".
 */
function contextOf(n: Notification, amount: string | undefined) {
  if (amount) return "amount";
  if (n.kind === "product_moderated") return n.params.decision;
  if (n.kind === "low_stock" && n.params.stock === 0) return "out";
  return undefined;
}

/**
 * Where a notification leads: the ticket answered, the shopper's reviews (where the shop's reply
 * shows), the shop's reviews, the product decided on (its page says why when rejected), the
 * shop's stock (which names the variants running low), the product back in stock, or the order, in the storefront or the
 * Seller Centre.
 */
export function notificationLink(n: Notification, scope: "user" | "shop"): string {
  if (n.kind === "ticket_answered" || n.kind === "ticket_closed")
    return `/support-ticket/${encodeURIComponent(n.params.code ?? "")}`;
  if (n.kind === "review_replied") return "/reviews";
  if (n.kind === "review_posted") return "/seller/reviews";
  if (n.kind === "product_moderated") return `/seller/products/${n.params.product_id}`;
  if (n.kind === "low_stock") return "/seller/stock";
  if (n.kind === "back_in_stock") return `/products/${n.params.product_id}/details`;
  return scope === "user" ? `/order-history/${n.order_id}` : `/seller/orders/${n.order_id}`;
}
