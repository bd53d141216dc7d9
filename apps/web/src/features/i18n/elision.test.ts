import { describe, expect, it } from "vitest";
import frOrders from "../../../../../packages/contract/locales/fr/orders.json";
import { i18nFor } from "./i18n.ts";

describe("French sentences with a name filled in", () => {
  it("elide de before a vowel, as the order page heads its items", () => {
    const fr = i18nFor("fr", { "orders.items_from": frOrders.items_from });
    expect(fr.t("orders.items_from", { shop: "Urban Threads" })).toBe("Articles d'Urban Threads");
    expect(fr.t("orders.items_from", { shop: "Gadget Galaxy" })).toBe("Articles de Gadget Galaxy");
    const en = i18nFor("en", { "orders.items_from": "Items de {{shop}}" });
    expect(en.t("orders.items_from", { shop: "Urban Threads" })).toBe("Items de Urban Threads");
  });
});
