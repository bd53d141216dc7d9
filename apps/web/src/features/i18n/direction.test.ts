import { describe, expect, it } from "vitest";
import { resolveAppLocale } from "./app-locale.ts";
import { applyDirection, directionOf } from "./direction.ts";

const languages = [
  { name: "en", direction: "ltr" as const },
  { name: "ar", direction: "rtl" as const },
];

describe("page direction", () => {
  it("follows the language list", () => {
    expect(directionOf("ar", languages)).toBe("rtl");
    expect(directionOf("en", languages)).toBe("ltr");
    expect(directionOf("xx", languages)).toBe("ltr");
  });

  it("sets <html lang dir>", () => {
    applyDirection("ar", languages);
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(document.documentElement).toHaveAttribute("lang", "ar");
    applyDirection("en", languages);
    expect(document.documentElement).toHaveAttribute("dir", "ltr");
  });
});

describe("server app locale", () => {
  it("keeps the shopper's choice while the server's locale is unchanged", () => {
    expect(resolveAppLocale({ appLocale: "en", storedAppLocale: "en", storedLocale: "ar" })).toEqual({
      locale: "ar",
      changed: false,
    });
  });

  it("switches to the server's locale (and reloads) when it changed", () => {
    expect(resolveAppLocale({ appLocale: "fr", storedAppLocale: "en", storedLocale: "ar" })).toEqual({
      locale: "fr",
      changed: true,
    });
  });

  it("starts a first visit in the server's locale", () => {
    expect(resolveAppLocale({ appLocale: "fr", storedAppLocale: null, storedLocale: null })).toEqual({
      locale: "fr",
      changed: false,
    });
  });
});
