import { type Notification, orderStatusKey } from "@market/contract";
import type { TFunction } from "i18next";
import { isolated } from "../i18n/index.ts";

/**
 * A notification's sentence in the viewer's language, from its kind and parameters; `price`
 * formats an amount. The order's code is isolated: in an Arabic sentence its "#" would otherwise
 * show after "AL000092". A sentence with an amount is the kind's `_amount` variant; a product's
 * moderation, its `_approved` or `_rejected` one.
 */
export function notificationText(t: TFunction, n: Notification, price: (amount: number) => string): string {
  const status = n.params.status ? t(orderStatusKey(n.params.status)) : "";
  const decision = n.params.decision ? t(`notifications.decision_${n.params.decision}`) : "";
  const code = n.params.code ? isolated(n.params.code) : n.params.code;
  const amount = n.params.amount === undefined ? undefined : isolated(price(n.params.amount));
  const product = n.params.product && isolated(n.params.product);
  return t(`notifications.kind_${n.kind}`, {
    code,
    status,
    decision,
    amount,
    product,
    count: n.params.rating,
    // a product's decision is a sentence of its own each way (its words agree with "product")
    context: amount ? "amount" : n.kind === "product_moderated" ? n.params.decision : undefined,
  });
}

/**
 * Where a notification leads: the ticket answered, the shopper's reviews (where the shop's reply
 * shows), the shop's reviews, the product decided on (its page says why when rejected), or the
 * order, in the storefront or the Seller Centre.
 */
export function notificationLink(n: Notification, scope: "user" | "shop"): string {
  if (n.kind === "ticket_answered") return `/support-ticket/${encodeURIComponent(n.params.code ?? "")}`;
  if (n.kind === "review_replied") return "/reviews";
  if (n.kind === "review_posted") return "/seller/reviews";
  if (n.kind === "product_moderated") return `/seller/products/${n.params.product_id}`;
  return scope === "user" ? `/order-history/${n.order_id}` : `/seller/orders/${n.order_id}`;
}
