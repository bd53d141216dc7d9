import {
  adminCurrency,
  adminLanguage,
  adminSiteSettings,
  envelope,
  langMessages,
  ADMIN_SETTINGS_MESSAGES as M,
  master,
  type SiteSettingsBody,
  translationPage,
  translationsImportData,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadUiMessages } from "../src/db/seed/ui-messages.ts";
import { masterJson, setSettingsCacheTime } from "../src/modules/settings/settings.service.ts";
import { codeIn, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { addToCart, client, type Variant, variants } from "./order-helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(dbKinds)("admin console: settings, languages and currencies on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let original: SiteSettingsBody;

  const call = async (method: InjectOptions["method"], url: string, payload?: unknown, token = admin) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: nextIp(),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const get = (url: string, token?: string) => call("GET", url, undefined, token);
  const masterData = async (lang = "en") => {
    const res = await t.app.inject({ url: "/api/master", headers: { "accept-language": lang } });
    return envelope(master).parse(res.json()).data;
  };
  const login = async (email: string) =>
    (await call("POST", "/api/login", { phone: email, password: "password" }, "")).body.data.access.token as string;
  const formOf = (s: z.infer<typeof adminSiteSettings>): SiteSettingsBody => {
    const { logo: _l, favicon: _f, ...rest } = s;
    return rest as SiteSettingsBody;
  };
  const save = (changes: Partial<SiteSettingsBody>) => call("PUT", "/api/admin/settings", { ...original, ...changes });
  const auditRows = (entity: string) =>
    t.dbh.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).orderBy("id", "desc").execute();

  beforeAll(async () => {
    t = await openTestApp(kind);
    admin = await login("admin@example.com");
    shopper = await login("shopper@example.com");
    const res = await get("/api/admin/settings");
    expect(res.status).toBe(200);
    original = formOf(envelope(adminSiteSettings).parse(res.body).data);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a shopper and a seller", async () => {
    expect((await get("/api/admin/settings", shopper)).status).toBe(403);
    const seller = await login("owner1@example.com");
    expect((await call("PUT", "/api/admin/settings", original, seller)).status).toBe(403);
    expect((await get("/api/admin/languages", seller)).status).toBe(403);
  });

  it("each switch and field changes /api/master, and the change is audited with before and after", async () => {
    const flipped = {
      app_name: "Souk Test",
      register_otp_verify: !original.register_otp_verify,
      register_otp_type: "phone",
      forgot_otp_type: "phone",
      cash_on_delivery: !original.cash_on_delivery,
      online_payment: true,
      multi_vendor: !original.multi_vendor,
      show_download_app: !original.show_download_app,
      google_playstore_link: "https://play.example.com/app",
      app_store_link: "",
      order_place_account_verify: !original.order_place_account_verify,
      phone_min_length: 5,
      phone_max_length: 12,
      mobile: "+1 800 555 0100",
      email: "help@souk.example",
      theme_colors: { ...original.theme_colors, primary: "#B91C1C", primary500: "#ef4444" },
    } satisfies Partial<SiteSettingsBody>;
    const res = await save(flipped);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.saved);
    const m = await masterData();
    expect(m).toMatchObject({ ...flipped, theme_colors: { ...flipped.theme_colors, primary: "#b91c1c" } });

    const [row] = await auditRows("setting");
    expect(row?.user_id).toBeGreaterThan(0);
    expect(JSON.parse(row?.before ?? "{}")).toMatchObject({
      app_name: original.app_name,
      multi_vendor: original.multi_vendor,
    });
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({ app_name: "Souk Test", multi_vendor: flipped.multi_vendor });
    expect(JSON.parse(row?.after ?? "{}")).not.toHaveProperty("address");

    expect((await save({})).status).toBe(200);
    expect((await masterData()).app_name).toBe(original.app_name);
  });

  it("the footer's copyright text and description, per language: a blank one shows the default's", async () => {
    const gatewayTitle = async (lang: string) =>
      (await masterData(lang)).payment_gateways.map((g) => g.title).join("|");
    const titleAr = await gatewayTitle("ar");
    const res = await save({
      app_name: "Souk Test",
      footer_text: "Souk Test. All rights reserved.",
      footer_description: "Everything from the souk, delivered.",
      footer_translations: { ar: { footer_text: "سوق التجربة. جميع الحقوق محفوظة.", footer_description: "" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      footer_text: "Souk Test. All rights reserved.",
      footer_translations: { ar: { footer_text: "سوق التجربة. جميع الحقوق محفوظة.", footer_description: "" } },
    });
    expect(await masterData("en")).toMatchObject({
      footer_text: "Souk Test. All rights reserved.",
      footer_description: "Everything from the souk, delivered.",
    });
    // Arabic has its own copyright line; its blank description falls back to the default language's.
    expect(await masterData("ar")).toMatchObject({
      footer_text: "سوق التجربة. جميع الحقوق محفوظة.",
      footer_description: "Everything from the souk, delivered.",
    });
    // The other texts kept per language (a payment gateway's title) are left as they were.
    expect(await gatewayTitle("ar")).toBe(titleAr);

    const bad = await save({ footer_text: "x".repeat(121), footer_translations: { "<b>": { footer_text: "x" } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(["footer_text"]));
    expect((await masterData("en")).footer_text).toBe("Souk Test. All rights reserved.");

    expect((await save({})).status).toBe(200);
    expect((await masterData("ar")).footer_text).toBe(
      original.footer_translations?.ar?.footer_text || original.footer_text,
    );
  });

  it("a cached master answer expires after the catalogue cache time (a write on another instance shows)", async () => {
    const deps = { dbh: t.dbh, config: t.app.config };
    const appName = async () => JSON.parse((await masterJson(deps, "en")).body).data.app_name as string;
    setSettingsCacheTime(deps, 500);
    try {
      expect(await appName()).toBe(original.app_name);
      // another instance's write: no invalidation reaches this one
      await t.dbh.db.updateTable("settings").set({ value: '"Elsewhere"' }).where("key", "=", "app_name").execute();
      expect(await appName()).toBe(original.app_name);
      await new Promise((r) => setTimeout(r, 550));
      expect(await appName()).toBe("Elsewhere");
    } finally {
      setSettingsCacheTime(deps, t.app.config.catalogCacheMs);
      await t.dbh.db
        .updateTable("settings")
        .set({ value: JSON.stringify(original.app_name) })
        .where("key", "=", "app_name")
        .execute();
    }
    expect(await appName()).toBe(original.app_name);
  });

  it("refuses min > max, lengths outside 4-20, bad URLs, bad colours and no payment method", async () => {
    const refused = async (changes: Partial<SiteSettingsBody> | Record<string, unknown>, field: string) => {
      const res = await save(changes as Partial<SiteSettingsBody>);
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
      return res.body.errors[field][0] as string;
    };
    expect(await refused({ phone_min_length: 15, phone_max_length: 10 }, "phone_min_length")).toBe(M.phoneRange);
    await refused({ phone_min_length: 3 }, "phone_min_length");
    await refused({ phone_max_length: 21 }, "phone_max_length");
    await refused({ app_store_link: "javascript:alert(1)" }, "app_store_link");
    await refused({ email: "not-mail" }, "email");
    await refused({ theme_colors: { ...original.theme_colors, primary300: "red" } }, "theme_colors.primary300");
    const { primary950: _gone, ...eleven } = original.theme_colors as Record<string, string>;
    await refused({ theme_colors: eleven }, "theme_colors.primary950");
    expect(await refused({ cash_on_delivery: false, online_payment: false }, "cash_on_delivery")).toBe(M.paymentNeeded);
    expect((await masterData()).app_name).toBe(original.app_name);
  });

  it("cash on delivery off: master says so and checkout refuses it", async () => {
    const all = await variants(t.dbh);
    const v = all[0] as Variant;
    const raw = client(() => t.app);
    expect((await save({ cash_on_delivery: false, online_payment: true })).status).toBe(200);
    try {
      expect((await masterData()).cash_on_delivery).toBe(false);
      await addToCart(() => t.app, shopper, v, 1);
      const address = await t.dbh.db
        .selectFrom("addresses")
        .innerJoin("users", "users.id", "addresses.user_id")
        .select("addresses.id")
        .where("users.email", "=", "shopper@example.com")
        .executeTakeFirst();
      const res = await raw.send(
        "POST",
        "/api/place-order",
        { shop_ids: [v.shop_id], address_id: address?.id ?? 1, payment_method: "cash" },
        shopper,
      );
      expect(res.status).toBe(422);
      expect(JSON.parse(res.text).errors.payment_method).toEqual(["Cash on delivery is not available."]);
    } finally {
      expect((await save({})).status).toBe(200);
    }
    expect((await masterData()).cash_on_delivery).toBe(original.cash_on_delivery);
  });

  it("OTP on: a new registration is unverified and gets its code; off: master says no code", async () => {
    expect((await save({ register_otp_verify: false })).status).toBe(200);
    expect((await masterData()).register_otp_verify).toBe(false);
    expect((await save({ register_otp_verify: true, register_otp_type: "email" })).status).toBe(200);
    try {
      expect((await masterData()).register_otp_verify).toBe(true);
      const body = newRegistration();
      const reg = await call("POST", "/api/registration", body, "");
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      expect(reg.body.data.user.is_verified).toBe(false);
      expect(reg.body.data.access.token).toEqual(expect.any(String));
      const sent = await call(
        "POST",
        "/api/send-otp",
        { phone: body.email, phone_code: "+1", forgot_password: null },
        "",
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const [mail] = await t.dbh.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", body.email)
        .orderBy("id", "desc")
        .execute();
      const verified = await call("POST", "/api/verify-otp", { phone: body.email, otp: codeIn(mail?.body ?? "") }, "");
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      const user = await t.dbh.db
        .selectFrom("users")
        .select("verified_at")
        .where("email", "=", body.email)
        .executeTakeFirst();
      expect(user?.verified_at).not.toBeNull();
    } finally {
      expect((await save({})).status).toBe(200);
    }
  });

  it("uploads a favicon and a logo by content and master serves them", async () => {
    const upload = async (field: string, bytes: Buffer, type = "image/png") => {
      const form = new FormData();
      form.set(field, new Blob([new Uint8Array(bytes)], { type }), `x.${type.split("/")[1]}`);
      const req = new Request("http://x/", { method: "POST", body: form });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/settings/images",
        payload: Buffer.from(await req.arrayBuffer()),
        headers: {
          authorization: `Bearer ${admin}`,
          "content-type": req.headers.get("content-type") ?? "",
        },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const ok = await upload("favicon", PNG);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.favicon).toMatch(/^\/uploads\/site\/[0-9a-f-]{36}\.png$/);
    expect((await masterData()).favicon).toBe(ok.body.data.favicon);
    const logo = await upload("logo", PNG);
    expect((await masterData()).logo).toBe(logo.body.data.logo);
    const bad = await upload("favicon", Buffer.from("<svg></svg>"), "image/svg+xml");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.favicon).toEqual([M.imageBadType]);
    const [row] = await auditRows("setting");
    expect(JSON.parse(row?.after ?? "{}")).toEqual({ logo: logo.body.data.logo });
  });

  it("a new language with edited texts is served by /api/lang/:code and listed in master", async () => {
    const files = loadUiMessages();
    const en = files.en ?? {};
    const [k1, k2] = Object.keys(en).sort() as [string, string];
    const created = await call("POST", "/api/admin/languages", {
      code: "DE",
      name: "German",
      title: "Deutsch",
      direction: "ltr",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const de = envelope(adminLanguage).parse(created.body).data;
    expect(de).toMatchObject({ code: "de", is_default: false, missing: Object.keys(en).length });
    expect((await masterData()).languages.map((l) => l.name)).toContain("de");
    const dup = await call("POST", "/api/admin/languages", { code: "de", name: "G", title: "G", direction: "ltr" });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.code).toEqual([M.languageTaken]);

    const saved = await call("PUT", `/api/admin/languages/${de.id}/translations`, {
      texts: { [k1]: "Erster Text", [k2]: "Zweiter Text" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.missing).toBe(Object.keys(en).length - 2);
    const unknown = await call("PUT", `/api/admin/languages/${de.id}/translations`, { texts: { "no.such": "x" } });
    expect(unknown.status).toBe(422);

    const lang = envelope(langMessages).parse((await get(`/api/lang/de`)).body).data;
    expect(lang[k1]).toBe("Erster Text");
    expect(lang[k2]).toBe("Zweiter Text");
    expect(Object.keys(lang).sort()).toEqual(Object.keys(en).sort());
    const k3 = Object.keys(en).sort()[2] as string;
    expect(lang[k3]).toBe(en[k3]);

    // the table: missing only, search, paging
    const page = envelope(translationPage).parse(
      (await get(`/api/admin/languages/${de.id}/translations?missing=1&per_page=10`)).body,
    ).data;
    expect(page.missing).toBe(Object.keys(en).length - 2);
    expect(page.total).toBe(page.missing);
    expect(page.data).toHaveLength(10);
    expect(page.data.every((r) => r.text === null)).toBe(true);
    const found = envelope(translationPage).parse(
      (await get(`/api/admin/languages/${de.id}/translations?search=${encodeURIComponent("Zweiter")}`)).body,
    ).data;
    expect(found.data).toEqual([{ key: k2, source: en[k2], text: "Zweiter Text", edited: true }]);

    // export, then import: preview of changed and unknown keys, then applied
    const exported = (await get(`/api/admin/languages/${de.id}/translations/export`)).body.data;
    expect(exported).toEqual({ [k1]: "Erster Text", [k2]: "Zweiter Text" });
    const file = { ...exported, [k2]: "Zweiter Text (neu)", [k3]: "Dritter", "nope.key": "?" };
    const preview = envelope(translationsImportData).parse(
      (await call("POST", `/api/admin/languages/${de.id}/translations/import`, { texts: file, apply: false })).body,
    ).data;
    expect(preview).toEqual({
      changed: [
        { key: k2, before: "Zweiter Text", after: "Zweiter Text (neu)" },
        { key: k3, before: null, after: "Dritter" },
      ].sort((a, b) => a.key.localeCompare(b.key)),
      unknown: ["nope.key"],
      unchanged: 1,
      applied: false,
    });
    expect((await get(`/api/lang/de`)).body.data[k3]).toBe(en[k3]);
    const applied = await call("POST", `/api/admin/languages/${de.id}/translations/import`, {
      texts: file,
      apply: true,
    });
    expect(applied.body.data.applied).toBe(true);
    expect((await get(`/api/lang/de`)).body.data[k3]).toBe("Dritter");
    const [imp] = await auditRows("translation");
    expect(imp?.action).toBe("import");
    expect(JSON.parse(imp?.before ?? "{}")).toEqual({ [k2]: "Zweiter Text", [k3]: null });

    // an English text edited in the console is served; a blank text brings the shipped one back
    expect((await call("PUT", `/api/admin/languages/1/translations`, { texts: { [k1]: "Edited" } })).status).toBe(200);
    expect((await get("/api/lang/en")).body.data[k1]).toBe("Edited");
    expect((await call("PUT", `/api/admin/languages/1/translations`, { texts: { [k1]: " " } })).status).toBe(200);
    expect((await get("/api/lang/en")).body.data[k1]).toBe(en[k1]);

    // edit the language itself; audit before/after
    const edited = await call("PUT", `/api/admin/languages/${de.id}`, {
      name: "German",
      title: "DE",
      direction: "rtl",
    });
    expect(edited.body.data).toMatchObject({ title: "DE", direction: "rtl" });
    expect((await masterData()).languages.find((l) => l.name === "de")).toMatchObject({
      title: "DE",
      direction: "rtl",
    });
    const [upd] = await auditRows("language");
    expect(JSON.parse(upd?.before ?? "{}")).toMatchObject({ title: "Deutsch", direction: "ltr" });
    expect(JSON.parse(upd?.after ?? "{}")).toMatchObject({ title: "DE", direction: "rtl" });
  });

  it("default language: switches master's default and app locale; the default and English cannot be deleted", async () => {
    const list = z.array(adminLanguage).parse((await get("/api/admin/languages")).body.data);
    const en = list.find((l) => l.code === "en");
    const ar = list.find((l) => l.code === "ar");
    if (!en || !ar) throw new Error("seeded languages missing");
    const refusedEn = await call("DELETE", `/api/admin/languages/${en.id}`);
    expect(refusedEn.status).toBe(409);
    expect(refusedEn.body.message).toBe(M.languageIsDefault);

    const switched = await call("POST", `/api/admin/languages/${ar.id}/default`);
    expect(switched.status).toBe(200);
    let m = await masterData();
    expect(m.app_locale).toBe("ar");
    expect(m.languages.find((l) => l.is_default)?.name).toBe("ar");
    const refusedAr = await call("DELETE", `/api/admin/languages/${ar.id}`);
    expect(refusedAr.body.message).toBe(M.languageIsDefault);
    const refusedSource = await call("DELETE", `/api/admin/languages/${en.id}`);
    expect(refusedSource.status).toBe(409);
    expect(refusedSource.body.message).toBe(M.languageIsSource);

    await call("POST", `/api/admin/languages/${en.id}/default`);
    m = await masterData();
    expect(m.app_locale).toBe("en");

    const de = list.find((l) => l.code === "de");
    if (de) {
      const gone = await call("DELETE", `/api/admin/languages/${de.id}`);
      expect(gone.status).toBe(200);
      expect((await masterData()).languages.map((l) => l.name)).not.toContain("de");
      expect((await get("/api/lang/de")).status).toBe(404);
      const count = await t.dbh.db
        .selectFrom("translations")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("locale", "=", "de")
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(0);
    }
  });

  it("currencies: add with rate and decimals, refresh the rate by hand, choose the default, refuse deleting it", async () => {
    const created = await call("POST", "/api/admin/currencies", {
      name: "jpy",
      symbol: "¥",
      position: "prefix",
      rate: 150,
      decimals: 0,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const jpy = envelope(adminCurrency).parse(created.body).data;
    expect(jpy).toMatchObject({ name: "JPY", decimals: 0, rate: 150, is_default: false });
    expect(jpy.rate_updated_at).toEqual(expect.any(String));
    let m = await masterData();
    expect(m.currencies.find((c) => c.name === "JPY")).toMatchObject({ decimals: 0, rate_from_default: 150 });
    expect(m.currency.decimals).toBe(2);
    expect((await call("POST", "/api/admin/currencies", { ...jpy, id: undefined })).status).toBe(422);
    const dup = await call("POST", "/api/admin/currencies", {
      name: "JPY",
      symbol: "¥",
      position: "prefix",
      rate: 1,
      decimals: 0,
    });
    expect(dup.body.errors.name).toEqual([M.currencyTaken]);
    const bad = await call("POST", "/api/admin/currencies", {
      name: "XX",
      symbol: "",
      position: "middle",
      rate: 0,
      decimals: 7,
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(["decimals", "name", "position", "rate", "symbol"]);

    await new Promise((r) => setTimeout(r, 5));
    const refreshed = await call("POST", `/api/admin/currencies/${jpy.id}/rate`, { rate: 155.5 });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.rate).toBe(155.5);
    expect(refreshed.body.data.rate_updated_at > (jpy.rate_updated_at as string)).toBe(true);
    expect((await masterData()).currencies.find((c) => c.name === "JPY")?.rate).toBe(155.5);
    const [rateRow] = await auditRows("currency");
    expect(JSON.parse(rateRow?.before ?? "{}").rate).toBe(150);
    expect(JSON.parse(rateRow?.after ?? "{}").rate).toBe(155.5);

    const usd = z
      .array(adminCurrency)
      .parse((await get("/api/admin/currencies")).body.data)
      .find((c) => c.is_default);
    if (!usd) throw new Error("no default currency");
    expect((await call("DELETE", `/api/admin/currencies/${usd.id}`)).body.message).toBe(M.currencyIsDefault);
    const switched = await call("POST", `/api/admin/currencies/${jpy.id}/default`);
    expect(switched.body.data.find((c: { is_default: boolean }) => c.is_default).name).toBe("JPY");
    m = await masterData();
    expect(m.currency).toMatchObject({ name: "JPY", decimals: 0, rate_from_default: 1 });
    expect(m.currencies.find((c) => c.name === "USD")?.rate_from_default).toBeCloseTo(1 / 155.5, 5);
    const refusedJpy = await call("DELETE", `/api/admin/currencies/${jpy.id}`);
    expect(refusedJpy.status).toBe(409);

    await call("POST", `/api/admin/currencies/${usd.id}/default`);
    expect((await call("DELETE", `/api/admin/currencies/${jpy.id}`)).status).toBe(200);
    m = await masterData();
    expect(m.currency.name).toBe("USD");
    expect(m.currencies.map((c) => c.name)).not.toContain("JPY");
    const [del] = await auditRows("currency");
    expect(del?.action).toBe("delete");
    expect(JSON.parse(del?.before ?? "{}")).toMatchObject({ name: "JPY" });
    expect(del?.after).toBeNull();
  });
});
