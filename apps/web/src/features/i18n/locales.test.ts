import { describe, expect, it } from "vitest";

const files = import.meta.glob<Record<string, unknown>>("../../../../../packages/contract/locales/*/*.json", {
  eager: true,
  import: "default",
});

/** locale -> "<namespace>.<key>" -> text, as GET /api/lang/{locale} serves it */
const byLocale: Record<string, Record<string, unknown>> = {};
for (const [file, json] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!locale || !namespace) continue;
  byLocale[locale] ??= {};
  for (const [key, value] of Object.entries(json)) byLocale[locale][`${namespace}.${key}`] = value;
}

describe("UI translations", () => {
  const en = byLocale.en ?? {};

  it("has English files with the shell's namespaces", () => {
    const namespaces = new Set(Object.keys(en).map((k) => k.split(".")[0]));
    for (const ns of ["common", "layout", "content", "account"]) expect(namespaces).toContain(ns);
  });

  it.each(["en", "ar", "fr"])("%s has no empty or non-text values", (locale) => {
    const bad = Object.entries(byLocale[locale] ?? {})
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(["ar", "fr"])("%s has every English key and no extra one", (locale) => {
    const messages = byLocale[locale] ?? {};
    expect(Object.keys(en).filter((k) => !(k in messages))).toEqual([]);
    expect(Object.keys(messages).filter((k) => !(k in en))).toEqual([]);
  });

  it("keeps the spec's exact English texts", () => {
    expect(en).toMatchObject({
      "layout.become_a_seller": "Become a Seller",
      "layout.download_our_app": "Download our app",
      "layout.all_right_reserved_by_company": "All right reserved by company",
      "account.all_rights_reserved": "All rights reserved",
      "common.log_out": "Log Out",
      "common.logout_confirmation": "Logout Confirmation",
      "common.logout_successfully": "Logout successfully",
      "common.page_not_found": "Page Not Found",
      "account.no_user_selected": "No User Selected",
      "account.no_user_selected_text": "Please select a user to see their messages",
      "account.terms_conditions": "Terms & Conditions",
    });
  });
});
