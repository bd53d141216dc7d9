import type { Notification } from "@market/contract";
import { describe, expect, it } from "vitest";
import { notificationLink, notificationText } from "../notification-text.ts";
import { englishNotifications } from "./english.ts";

const i18n = englishNotifications();

const refund = (params: Notification["params"]): Notification => ({
  id: 1,
  kind: "refunded",
  order_id: 5,
  return_id: null,
  params,
  read: false,
  created_at: "2026-12-01T10:00:00.000Z",
});
const price = (amount: number) => `€${amount.toFixed(2)}`;
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, "");

describe("a refund's notification", () => {
  it("says how much came back, in the shown currency", () => {
    expect(plain(notificationText(i18n.t, refund({ code: "#AB000001", amount: 12.5 }), price))).toBe(
      "The refund of €12.50 for your order #AB000001 has been made.",
    );
  });

  it("still reads without an amount (a return with nothing to give back, or one told before amounts)", () => {
    expect(plain(notificationText(i18n.t, refund({ code: "#AB000001" }), price))).toBe(
      "The refund for your order #AB000001 has been made.",
    );
  });
});

describe("a new review's notification to the shop", () => {
  const review = (rating: number): Notification => ({
    ...refund({ product: "Linen Shirt", rating }),
    kind: "review_posted",
  });

  it("gives the stars and the product, and leads to the shop's reviews", () => {
    expect(plain(notificationText(i18n.t, review(1), price))).toBe("A new 1-star review of Linen Shirt.");
    expect(plain(notificationText(i18n.t, review(4), price))).toBe("A new 4-star review of Linen Shirt.");
    expect(notificationLink(review(4), "shop")).toBe("/seller/reviews");
  });
});

describe("a moderation decision's notification to the shop", () => {
  const decided = (decision: "approved" | "rejected"): Notification => ({
    ...refund({ product: "Linen Shirt", product_id: 42, decision }),
    kind: "product_moderated",
    order_id: null,
  });

  it("says which way it went, and leads to the product, whose page says why", () => {
    expect(plain(notificationText(i18n.t, decided("approved"), price))).toBe(
      "Your product Linen Shirt was approved for the storefront.",
    );
    expect(plain(notificationText(i18n.t, decided("rejected"), price))).toBe(
      "Your product Linen Shirt was not approved: see why on its page.",
    );
    expect(notificationLink(decided("rejected"), "shop")).toBe("/seller/products/42");
  });
});

describe("a low-stock notification to the shop", () => {
  const low = (stock: number): Notification => ({
    ...refund({ product: "Linen Shirt", product_id: 42, stock }),
    kind: "low_stock",
  });

  it("says how many are left, or that it sold out, and leads to the shop's stock", () => {
    expect(plain(notificationText(i18n.t, low(1), price))).toBe("Linen Shirt is running low: 1 left.");
    expect(plain(notificationText(i18n.t, low(5), price))).toBe("Linen Shirt is running low: 5 left.");
    expect(plain(notificationText(i18n.t, low(0), price))).toBe("Linen Shirt is sold out.");
    expect(notificationLink(low(0), "shop")).toBe("/seller/stock");
  });

  it("names the variant by its size and colour, whichever it has", () => {
    const of = (variant: Notification["params"]) => ({ ...low(3), params: { ...low(3).params, ...variant } });
    expect(plain(notificationText(i18n.t, of({ size: "M", color: "Navy" }), price))).toBe(
      "Linen Shirt (M / Navy) is running low: 3 left.",
    );
    expect(plain(notificationText(i18n.t, of({ color: "Navy" }), price))).toBe(
      "Linen Shirt (Navy) is running low: 3 left.",
    );
    // Each part isolated, and the whole: an Arabic sentence keeps "Linen Shirt (M / Navy)" in its order.
    expect(notificationText(i18n.t, of({ size: "M", color: "Navy" }), price)).toContain(
      "\u2068\u2068Linen Shirt\u2069 (\u2068M\u2069 / \u2068Navy\u2069)\u2069",
    );
  });
});
