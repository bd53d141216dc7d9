import { describe, expect, it } from "vitest";
import { elided } from "./elision.ts";

describe("elided", () => {
  it("writes French de as d' before a name that starts with a vowel", () => {
    expect(elided("fr", "Articles de Urban Threads")).toBe("Articles d'Urban Threads");
    expect(elided("fr", "Décision de Active Life sur votre demande")).toBe("Décision d'Active Life sur votre demande");
    expect(elided("fr", "Stock de Élégante robe")).toBe("Stock d'Élégante robe");
  });

  it("leaves de before a consonant, a number or inside a word, and other languages, as they are", () => {
    expect(elided("fr", "Articles de Gadget Galaxy")).toBe("Articles de Gadget Galaxy");
    expect(elided("fr", "au moins de 8 caractères")).toBe("au moins de 8 caractères");
    expect(elided("fr", "la commande Urban")).toBe("la commande Urban");
    expect(elided("en", "Items de Urban")).toBe("Items de Urban");
  });
});
