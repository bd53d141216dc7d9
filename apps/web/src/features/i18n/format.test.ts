import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber } from "./format.ts";

describe("dates and numbers in the active language", () => {
  const when = new Date(2025, 4, 30, 14, 7, 9);

  it("keeps the spec's English formats", () => {
    expect(formatDate(when, "en")).toBe("30 May, 2025");
    expect(formatDateTime(when, "en")).toBe("02:07 pm, 30 May, 2025");
    expect(formatDateTime(new Date(2025, 11, 31, 0, 30), "en")).toBe("12:30 am, 31 Dec, 2025");
    expect(formatDateTime(when, "en", { seconds: true })).toBe("02:07:09 pm, 30 May, 2025");
  });

  it("writes Arabic and French dates their own way, not the English order", () => {
    expect(formatDate(when, "ar")).toBe(new Intl.DateTimeFormat("ar", { dateStyle: "long" }).format(when));
    expect(formatDate(when, "ar")).not.toMatch(/May|,/);
    expect(formatDate(when, "ar")).toContain("مايو");
    expect(formatDate(when, "fr")).toBe("30 mai 2025");
    expect(formatNumber(25, "ar")).toBe(new Intl.NumberFormat("ar").format(25));
  });

  it("writes a moment's day as a date is written: the month by name, in Arabic too", () => {
    expect(formatDateTime(when, "ar")).toContain(formatDate(when, "ar"));
    expect(formatDateTime(when, "ar")).toContain("مايو");
    expect(formatDateTime(when, "fr")).toBe("30 mai 2025 à 14:07");
    expect(formatDateTime(when, "fr", { seconds: true })).toBe("30 mai 2025 à 14:07:09");
  });
});
