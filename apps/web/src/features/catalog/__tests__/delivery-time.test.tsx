import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { useDeliveryTime } from "../delivery-time.ts";

const written = (locale: string, text: string) => {
  const i18n = testI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useDeliveryTime(), { wrapper }).result.current(text);
};

describe("a shop's delivery time in the reader's words", () => {
  it("writes Arabic ranges with the noun the last number takes: two days are يومين, not 2 يوم", () => {
    // Digits as the runtime writes Arabic numbers.
    const n = (v: number) => new Intl.NumberFormat("ar").format(v);
    expect(written("ar", "1-2 days")).toBe(`من ${n(1)} إلى يومين`);
    expect(written("ar", "0-1 days")).toBe(`من ${n(0)} إلى يوم واحد`);
    expect(written("ar", "2-4 days")).toBe(`من ${n(2)} إلى ${n(4)} أيام`);
    expect(written("ar", "3-15 days")).toBe(`من ${n(3)} إلى ${n(15)} يومًا`);
  });

  it("keeps English and French ranges as numbers", () => {
    expect(written("en", "1-2 days")).toBe("1–2 days");
    expect(written("fr", "2-4 days")).toBe("2–4 jours");
  });
});
