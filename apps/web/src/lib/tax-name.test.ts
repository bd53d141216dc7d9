import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { taxName } from "./tax-name.ts";

const t = ((key: string, vars: { name: string; rate: number }) =>
  `${key}:${vars.name}/${vars.rate}`) as unknown as TFunction;

describe("taxName", () => {
  it("keeps a name that states its rate, in any language's spacing", () => {
    expect(taxName(t, { name: "VAT 5%", rate: 5 })).toBe("VAT 5%");
    expect(taxName(t, { name: "TVA 15 %", rate: 15 })).toBe("TVA 15 %");
    expect(taxName(t, { name: "ضريبة القيمة المضافة 15%", rate: 15 })).toBe("ضريبة القيمة المضافة 15%");
    expect(taxName(t, { name: "GST 7.5%", rate: 7.5 })).toBe("GST 7.5%");
  });

  it("adds the rate to a name without it, or with another rate in it", () => {
    expect(taxName(t, { name: "VAT", rate: 5 })).toBe("orders.vat_line:VAT/5");
    expect(taxName(t, { name: "VAT 15%", rate: 5 })).toBe("orders.vat_line:VAT 15%/5");
    expect(taxName(t, { name: "GST 17.5%", rate: 7.5 })).toBe("orders.vat_line:GST 17.5%/7.5");
  });
});
