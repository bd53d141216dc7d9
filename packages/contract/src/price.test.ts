import { describe, expect, it } from "vitest";
import { formatPrice } from "./price.ts";

describe("formatPrice", () => {
  it("puts a prefix symbol before the amount with 2 decimals", () => {
    expect(formatPrice(12, { symbol: "$", position: "prefix", rate_from_default: 1 })).toBe("$12.00");
    expect(formatPrice(9.5, { symbol: "$", position: "prefix" })).toBe("$9.50");
  });

  it("puts a suffix symbol after the amount", () => {
    expect(formatPrice(12.345, { symbol: "€", position: "suffix", rate_from_default: 1 })).toBe("12.35\u00a0€");
  });

  it("groups digits and writes decimals the way the locale does", () => {
    expect(formatPrice(1234.5, { symbol: "$", position: "prefix" })).toBe("$1,234.50");
    expect(formatPrice(1234.5, { symbol: "€", position: "suffix" }, "fr")).toBe("1\u202f234,50\u00a0€");
    expect(formatPrice(1234567, { symbol: "$", position: "prefix" }, "ar")).toBe(
      `$${new Intl.NumberFormat("ar", { minimumFractionDigits: 2 }).format(1234567)}`,
    );
  });

  it("multiplies by rate_from_default, 1 when absent", () => {
    expect(formatPrice(10, { symbol: "€", position: "suffix", rate_from_default: 0.92 })).toBe("9.20\u00a0€");
    expect(formatPrice(10, { symbol: "£", position: "prefix" })).toBe("£10.00");
  });
});
