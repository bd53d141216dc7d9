import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { testI18n } from "../../test-utils.ts";
import { useDateRange } from "./dates.ts";

describe("a voucher's or a flash sale's dates", () => {
  it("are written as the Seller Centre writes its orders' times, each end isolated", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={testI18n("en")}>{children}</I18nextProvider>
    );
    const range = renderHook(() => useDateRange(), { wrapper }).result.current;
    const text = range("2026-12-07T12:00:00Z", "2027-01-06T12:00:00Z");
    expect(text).toMatch(/^\u2068\d{2}:\d{2} [ap]m, 07 Dec, 2026\u2069 – \u2068\d{2}:\d{2} [ap]m, 06 Jan, 2027\u2069$/);
  });
});
