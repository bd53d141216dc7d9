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
  const offered = ["en", "ar", "fr"];

  it("keeps the shopper's choice while the server's locale is unchanged", () => {
    expect(resolveAppLocale({ appLocale: "en", storedAppLocale: "en", storedLocale: "ar", offered })).toEqual({
      locale: "ar",
      changed: false,
    });
  });

  it("switches to the server's locale (and reloads) when it changed", () => {
    expect(resolveAppLocale({ appLocale: "fr", storedAppLocale: "en", storedLocale: "ar", offered })).toEqual({
      locale: "fr",
      changed: true,
    });
  });

  it("gives up a stored language the storefront no longer offers for the server's", () => {
    expect(resolveAppLocale({ appLocale: "en", storedAppLocale: "en", storedLocale: "de", offered })).toEqual({
      locale: "en",
      changed: false,
    });
    expect(resolveAppLocale({ appLocale: "en", storedAppLocale: null, storedLocale: "de", offered })).toEqual({
      locale: "en",
      changed: false,
    });
  });

  it("starts a first visit in the server's locale", () => {
    expect(resolveAppLocale({ appLocale: "fr", storedAppLocale: null, storedLocale: null, offered })).toEqual({
      locale: "fr",
      changed: false,
    });
  });
});
