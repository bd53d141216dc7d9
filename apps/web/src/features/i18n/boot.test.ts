import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setBootCookie } from "../../lib/boot-data.ts";

const languages = [
  { id: 1, name: "en", title: "English", direction: "ltr" },
  { id: 2, name: "ar", title: "العربية", direction: "rtl" },
];
const master = { app_locale: "en", app_name: "Shop", languages };
const en = { "common.home": "Home" };
const ar = { "common.home": "الرئيسية" };

/** Fresh modules (boot-data.ts reads the page once), the page's boot data, and fetch answering /api. */
async function setUp(pageBoot: unknown) {
  document.getElementById("boot-data")?.remove();
  if (pageBoot) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "boot-data";
    script.textContent = JSON.stringify(pageBoot);
    document.body.append(script);
  }
  const answers: Record<string, unknown> = { "/api/master": master, "/api/lang/en": en, "/api/lang/ar": ar };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const key = new URL(String(input), "http://localhost").pathname;
    return new Response(JSON.stringify({ message: "", data: answers[key] }), { status: key in answers ? 200 : 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  vi.resetModules();
  const { bootLocale } = await import("./boot.ts");
  const { i18n } = await import("./i18n.ts");
  const { masterQuery } = await import("../settings/index.ts");
  const queryClient = new QueryClient();
  return { bootLocale: () => bootLocale(queryClient), i18n, queryClient, masterQuery, fetchMock };
}

const fetched = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname).sort();

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById("boot-data")?.remove();
  setBootCookie("locale", null);
});

describe("booting from the page's inlined settings and messages", () => {
  it("a first visit renders from the page alone, in the app locale", async () => {
    const t = await setUp({ locale: "en", answers: { "/master": master, "/lang/en": en } });
    await t.bootLocale();
    expect(fetched(t.fetchMock)).toEqual([]);
    expect(t.i18n.language).toBe("en");
    expect(t.i18n.t("common.home")).toBe("Home");
    expect(t.queryClient.getQueryData(t.masterQuery.queryKey)).toEqual(master);
    expect(localStorage.getItem("locale")).toBe("en");
    expect(document.cookie).toContain("locale=en");
  });

  it("the shopper's stored locale wins over the page's: its messages and settings are fetched", async () => {
    localStorage.setItem("app_locale", "en");
    localStorage.setItem("locale", "ar");
    const t = await setUp({ locale: "en", answers: { "/master": master, "/lang/en": en } });
    await t.bootLocale();
    expect(fetched(t.fetchMock)).toEqual(["/api/lang/ar"]);
    expect(t.i18n.language).toBe("ar");
    expect(t.i18n.t("common.home")).toBe("الرئيسية");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    // the page's settings were in English: they are fetched again when next used
    expect(t.queryClient.getQueryState(t.masterQuery.queryKey)?.isInvalidated).toBe(true);
    expect(document.cookie).toContain("locale=ar");
  });

  it("a page in the stored locale needs no request", async () => {
    localStorage.setItem("app_locale", "en");
    localStorage.setItem("locale", "ar");
    const t = await setUp({ locale: "ar", answers: { "/master": master, "/lang/ar": ar } });
    await t.bootLocale();
    expect(fetched(t.fetchMock)).toEqual([]);
    expect(t.i18n.t("common.home")).toBe("الرئيسية");
    expect(t.queryClient.getQueryState(t.masterQuery.queryKey)?.isInvalidated).toBe(false);
  });

  it("without boot data, settings and messages are fetched as before", async () => {
    const t = await setUp(null);
    await t.bootLocale();
    expect(fetched(t.fetchMock)).toEqual(["/api/lang/en", "/api/master"]);
    expect(t.i18n.t("common.home")).toBe("Home");
  });
});
