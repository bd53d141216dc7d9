import { describe, expect, it } from "vitest";
import { themeVariables } from "./theme.ts";

const shades = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"];
const full = Object.fromEntries([
  ["primary", "#ff0000"],
  ...shades.map((s, i) => [`primary${s}`, `#0000${String(i).padStart(2, "0")}`]),
]);

describe("themeVariables", () => {
  it("maps all 12 shades to --color-primary-* variables", () => {
    const vars = themeVariables(full);
    expect(Object.keys(vars)).toHaveLength(12);
    expect(vars["--color-primary"]).toBe("#ff0000");
    expect(vars["--color-primary-50"]).toBe("#000000");
    expect(vars["--color-primary-950"]).toBe("#000010");
  });

  it("applies nothing when one of the 12 is missing", () => {
    const { primary950: _, ...eleven } = full;
    expect(themeVariables(eleven)).toEqual({});
    const { primary: __, ...noPrimary } = full;
    expect(themeVariables(noPrimary)).toEqual({});
    expect(themeVariables({ ...full, primary500: "" })).toEqual({});
    expect(themeVariables(undefined)).toEqual({});
  });
});
