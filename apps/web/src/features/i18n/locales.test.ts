import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@market/contract";
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

/** The source of the web app, to find the translation keys it uses. */
const sources = import.meta.glob<string>(
  ["../../**/*.{ts,tsx}", "!../../**/*.test.{ts,tsx}", "!../../**/__tests__/**"],
  {
    eager: true,
    query: "?raw",
    import: "default",
  },
);

/** Keys written literally: t("ns.key"), i18n.t("ns.key"), i18nKey="ns.key". */
function keysUsedInCode(): Map<string, string> {
  const used = new Map<string, string>();
  const pattern = /(?:\bt\(\s*|i18nKey=\{?\s*)["']([a-z_]+\.[a-zA-Z0-9_.]+)["']/g;
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(pattern)) if (m[1]) used.set(m[1], file);
  }
  return used;
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
    // A plural key has the forms its language's Intl.PluralRules names (Arabic: zero, one, two,
    // few, many, other; English: one, other), so it is compared by its base name and checked to
    // have exactly its language's forms.
    const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const plural = /_(zero|one|two|few|many|other)$/;
    const base = (k: string) => k.replace(plural, "");
    const bases = (keys: string[]) => new Set(keys.map(base));
    const enBases = bases(Object.keys(en));
    const ownBases = bases(Object.keys(messages));
    expect([...enBases].filter((k) => !ownBases.has(k))).toEqual([]);
    expect([...ownBases].filter((k) => !enBases.has(k))).toEqual([]);
    // ("orders.type_other" is the type "Other", not a plural: plural keys have English `_one` too.)
    const pluralBases = new Set(
      Object.keys(en)
        .filter((k) => k.endsWith("_other") && `${base(k)}_one` in en)
        .map(base),
    );
    const wrongForms = [...pluralBases].filter((b) => forms.some((f) => !(`${b}_${f}` in messages)));
    expect(wrongForms).toEqual([]);
  });

  it("scans the code for the keys it uses", () => {
    // Guards the scan below: it must see the source and find the keys written there.
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(200);
    expect(used.has("cart.added_to_cart")).toBe(true);
  });

  it.each(["en", "ar", "fr"])("%s has every key the code uses", (locale) => {
    const messages = byLocale[locale] ?? {};
    // A key used with a count may exist only in its plural forms (key_one, key_other, ...).
    const missing = [...keysUsedInCode()]
      .filter(([key]) => !(key in messages) && !(`${key}_other` in messages))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  // The audit log names them by a key built from the value (`audit_action_${action}`), which the scan
  // above does not see.
  it.each(["en", "ar", "fr"])("%s names every audit action and kind of record", (locale) => {
    const messages = byLocale[locale] ?? {};
    const keys = [
      ...AUDIT_ACTIONS.map((a) => `admin_marketplace.audit_action_${a}`),
      ...AUDIT_ENTITIES.map((e) => `admin_marketplace.audit_entity_${e}`),
    ];
    expect(keys.filter((k) => !(k in messages))).toEqual([]);
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
