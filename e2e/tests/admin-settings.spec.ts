import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  firstCountry,
  fitsWidth,
  loginByApi,
  placedOrder,
  plainProducts,
  registerByApi,
  serverSays,
  shippedTexts,
  signIn,
  unique,
  useSession,
} from "./helpers.ts";

// The admin console's site settings, languages and currencies (issue 17, items 3 and 4; its "done
// when"): the admin renames the app, changes the theme colour and adds a language with a couple of
// texts; a new visitor sees the new name and colours and can switch to the new language; the admin
// turns OTP verification on and a new registration asks for the code. Every page in Arabic (rtl) and
// on a 375 px phone. Other specs share the server: every setting changed here is put back at the end.

test.describe.configure({ mode: "serial" });

type Settings = { theme_colors: Record<string, string> } & Record<string, unknown>;

async function adminApi(request: APIRequestContext) {
  const token = (await loginByApi(request, "admin@example.com", "password")).access.token as string;
  const headers = { authorization: `Bearer ${token}` };
  return {
    settings: async () => (await (await request.get("/api/admin/settings", { headers })).json()).data as Settings,
    save: async (body: Record<string, unknown>) => {
      const res = await request.put("/api/admin/settings", { headers, data: body });
      expect(res.ok(), await res.text()).toBeTruthy();
    },
    languages: async () =>
      (await (await request.get("/api/admin/languages", { headers })).json()).data as { id: number; code: string }[],
    deleteLanguage: (id: number) => request.delete(`/api/admin/languages/${id}`, { headers }),
    currencies: async () =>
      (await (await request.get("/api/admin/currencies", { headers })).json()).data as { id: number; name: string }[],
    deleteCurrency: (id: number) => request.delete(`/api/admin/currencies/${id}`, { headers }),
  };
}

/** The settings form's body: the settings without the uploaded images. */
const formOf = ({ logo: _l, favicon: _f, ...rest }: Settings) => rest as Settings;

test("the admin renames the app, recolours it, adds a language and turns OTP on; a new visitor sees it all", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000); // many steps, each a page the admin or the visitor opens
  const api = await adminApi(request);
  const original = formOf(await api.settings());
  const stamp = String(Date.now()).slice(-6);
  const appName = `Souk ${stamp}`;
  try {
    await signIn(page, request, "admin@example.com");

    // ---- site settings: name and theme colour ----
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Site settings", level: 1 })).toBeVisible();
    await page.getByLabel("App name").fill(appName);
    // The footer's copyright line follows the new name, in each language the admin writes it in.
    await page.getByRole("tabpanel").getByLabel("Copyright text").fill(`${appName}. All rights reserved.`);
    await page.getByRole("tab", { name: "العربية" }).click();
    await page.getByRole("tabpanel").getByLabel("Copyright text").fill(`${appName}. جميع الحقوق محفوظة.`);
    await page.getByTestId("theme-base").fill("#b91c1c");
    // the 12 shades are derived from it and shown
    await expect(page.getByTestId("shade-primary")).toHaveValue("#b91c1c");
    await expect(page.getByTestId("shade-primary50")).not.toHaveValue(original.theme_colors.primary50 ?? "");
    // each shade stays editable; the preview follows at once
    await page.getByTestId("shade-primary950").fill("#220505");
    await expect(page.getByTestId("theme-preview")).toHaveCSS("--color-primary-950", "#220505");
    await expect(page.getByTestId("theme-preview").getByRole("button", { name: "Add to cart" })).toHaveCSS(
      "background-color",
      "rgb(185, 28, 28)",
    );
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();

    // ---- a new language with two texts ----
    await page.goto("/admin/languages");
    await page.getByRole("button", { name: "Add language" }).click();
    const add = page.getByRole("dialog", { name: "Add language" });
    // An empty form names each field as its label does.
    await add.getByRole("button", { name: "Add language" }).click();
    await expect(add.getByText("The display name field is required.")).toBeVisible();
    await add.getByLabel("Code").fill("de");
    await add.getByLabel("Name (in English)").fill("German");
    await add.getByLabel("Display name").fill("Deutsch");
    await add.getByRole("button", { name: "Add language" }).click();
    await expect(page.getByText("Language added.")).toBeVisible();
    const de = page.getByTestId("language-de");
    await expect(de).toContainText("Deutsch");
    await expect(de).toContainText(/Missing texts: \d+/);
    await de.getByRole("button", { name: "Texts" }).click();
    const editor = page.getByTestId("translations-editor");
    await expect(editor.getByRole("heading", { name: "Interface texts: Deutsch" })).toBeVisible();
    await editor.getByLabel("Search keys and texts").fill("common.login");
    await editor.getByLabel("Text for common.login", { exact: true }).fill("Anmelden");
    await editor.getByLabel("Search keys and texts").fill("layout.search_placeholder");
    await editor.getByLabel("Text for layout.search_placeholder").fill("Produkte suchen");
    await editor.getByRole("button", { name: "Save changes (2)" }).click();
    await expect(page.getByText("Translations saved.")).toBeVisible();
    // the missing list no longer holds them
    await editor.getByLabel("Missing only").check();
    await editor.getByLabel("Search keys and texts").fill("common.login");
    await expect(editor.getByLabel("Text for common.login", { exact: true })).toHaveCount(0);

    // ---- a new visitor: the name, the colours, the language ----
    const visitorContext = await browser.newContext();
    const visitor = waitForApp(await visitorContext.newPage());
    await visitor.goto("/");
    await expect(visitor).toHaveTitle(new RegExp(appName));
    expect(
      await visitor.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-primary-600").trim(),
      ),
    ).toBe("#b91c1c");
    const year = new Date().getFullYear();
    await expect(visitor.getByRole("contentinfo")).toContainText(`© ${year} ${appName}. All rights reserved.`);
    await visitor.getByRole("button", { name: "Language" }).click();
    await visitor.getByRole("menuitemradio", { name: "العربية" }).click();
    await expect(visitor.getByRole("contentinfo")).toContainText(`© ${year} ${appName}. جميع الحقوق محفوظة.`);
    await visitor.getByRole("button", { name: "اللغة" }).click();
    await visitor.getByRole("menuitemradio", { name: "Deutsch" }).click();
    await expect(visitor.getByRole("button", { name: "Anmelden", exact: true })).toBeVisible();
    await expect(visitor.getByPlaceholder("Produkte suchen").first()).toBeAttached();
    await expect(visitor.locator("html")).toHaveAttribute("lang", "de");
    await visitorContext.close();

    // ---- OTP verification: off, then the admin turns it on ----
    await api.save({ ...original, register_otp_verify: false });
    await page.goto("/admin/settings");
    const otpSwitch = page.getByRole("switch", { name: "Verify new accounts with a code" });
    await expect(otpSwitch).not.toBeChecked();
    await page.getByText("Verify new accounts with a code").click();
    await expect(otpSwitch).toBeChecked();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();

    const shopperContext = await browser.newContext();
    const shopper = waitForApp(await shopperContext.newPage());
    const who = unique("otp");
    const country = await firstCountry(request);
    await shopper.goto("/");
    await shopper.getByRole("button", { name: "Login", exact: true }).click();
    await shopper.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Sign Up" }).click();
    const register = shopper.getByRole("dialog", { name: "Register" });
    await register.getByLabel("Name").fill(who.name);
    await register.getByLabel("Country").selectOption(country.name);
    await register.getByLabel("Phone").fill(who.phone);
    await register.getByLabel("Email").fill(who.email);
    await register.getByLabel("Password", { exact: true }).fill("secret-pass-1");
    await register.getByRole("button", { name: "Sign Up" }).click();
    await expect(shopper.getByRole("dialog", { name: "Enter OTP" })).toBeVisible();
    await shopperContext.close();

    // ---- the audit log holds each change, with its before and after ----
    await page.goto("/admin/audit?search=German");
    const german = page.getByTestId("audit-row").filter({ hasText: "German (de)" });
    await expect(german.filter({ hasText: /^Created/ }).first()).toBeVisible();
    await expect(german.filter({ hasText: /^Updated\s*Translation/ }).first()).toBeVisible();
    await page.goto("/admin/audit?search=app_name");
    const renamed = page.getByTestId("audit-row").filter({ hasText: "app_name" }).first();
    await renamed.locator("summary").click();
    await expect(renamed.getByTestId("audit-diff")).toContainText(appName);
    await page.goto("/admin/audit?search=register_otp_verify");
    await expect(page.getByTestId("audit-row").filter({ hasText: "register_otp_verify" }).first()).toBeVisible();
  } finally {
    await api.save(original);
    const de = (await api.languages()).find((l) => l.code === "de");
    if (de) expect((await api.deleteLanguage(de.id)).ok()).toBeTruthy();
  }
  const restored = await (await request.get("/api/master")).json();
  expect(restored.data.app_name).toBe(original.app_name);
  expect(restored.data.languages.map((l: { name: string }) => l.name)).not.toContain("de");
});

test("settings, languages and currencies read right to left in Arabic and fit a 375 px phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await signIn(page, request, "admin@example.com");

  await page.goto("/admin/settings");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "إعدادات الموقع", level: 1 })).toBeVisible();
  await expect(page.getByTestId("shade-primary500")).toBeVisible();
  await fitsWidth(page);
  await page.getByRole("button", { name: "حفظ", exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "حفظ", exact: true })).toBeInViewport();

  await page.goto("/admin/languages");
  await expect(page.getByRole("heading", { name: "اللغات", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "إضافة لغة" })).toBeInViewport();
  await page.getByTestId("language-ar").getByRole("button", { name: "النصوص" }).click();
  await expect(page.getByTestId("translations-editor")).toBeVisible();
  // It opens below the list, out of sight on a phone: the page brings its heading into view and focus.
  const editorHeading = page.getByTestId("translations-editor").getByRole("heading", { level: 2 });
  await expect(editorHeading).toBeInViewport();
  await expect(editorHeading).toBeFocused();
  await expect(page.getByTestId("translations-editor").locator("textarea").first()).toHaveAttribute("dir", "rtl");
  await fitsWidth(page);

  await page.goto("/admin/currencies");
  await expect(page.getByRole("heading", { name: "العملات", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "إضافة عملة" })).toBeInViewport();
  await expect(page.getByTestId("currency-USD")).toContainText("$1,234.50");
  await fitsWidth(page);
  await page.getByTestId("currency-EUR").getByRole("button", { name: "تحديث السعر" }).click();
  const dialog = page.getByRole("dialog", { name: "تحديث السعر" });
  await expect(dialog.getByRole("button", { name: "حفظ السعر" })).toBeInViewport();
  await fitsWidth(page);
});

test("a currency added with its decimals and rate shows on the storefront, and refusals say why", async ({
  page,
  request,
  browser,
}) => {
  const api = await adminApi(request);
  const code = `Q${String.fromCharCode(65 + Math.floor(Math.random() * 26))}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;
  try {
    await signIn(page, request, "admin@example.com");
    await page.goto("/admin/currencies");
    await page.getByRole("button", { name: "Add currency" }).click();
    const add = page.getByRole("dialog", { name: "Add currency" });
    await add.getByLabel("Code").fill(code);
    await add.getByLabel("Symbol", { exact: true }).fill("Q");
    await add.getByLabel("Symbol position").selectOption("suffix");
    await add.getByLabel("Decimals").fill("0");
    await add.getByLabel(/^Rate/).fill("12.5");
    await add.getByRole("button", { name: "Add currency" }).click();
    await expect(page.getByText("Currency added.")).toBeVisible();
    const card = page.getByTestId(`currency-${code}`);
    // how its prices look: no decimals, the symbol after the amount
    await expect(card).toContainText("1,235 Q");
    await expect(card).toContainText(/Rate set/);

    // a visitor who picks it sees prices converted, without decimals
    const visitor = await browser.newContext();
    const shop = waitForApp(await visitor.newPage());
    await shop.goto("/products");
    await shop.getByRole("button", { name: /currency/i }).click();
    await shop.getByRole("menuitemradio", { name: new RegExp(code) }).click();
    await expect(shop.locator("[data-price]").first()).toHaveText(/^\d{1,3}(,\d{3})*\sQ$/);
    await visitor.close();

    // the rate refreshed by hand (each card's buttons name their currency)
    await page.getByRole("button", { name: `Update rate: ${code}`, exact: true }).click();
    const rate = page.getByRole("dialog", { name: "Update rate" });
    await rate.getByLabel(`New rate of ${code}`).fill("20");
    await rate.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByText("Exchange rate saved.")).toBeVisible();
    await expect(card).toContainText("Rate20");
    const master = await (await request.get("/api/master")).json();
    expect(master.data.currencies.find((c: { name: string }) => c.name === code)).toMatchObject({
      rate: 20,
      decimals: 0,
    });

    // the default currency has no delete button; a bad phone range is refused under its field
    await expect(page.getByTestId("currency-USD").getByRole("button", { name: "Delete" })).toHaveCount(0);
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this currency?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Currency deleted.")).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.goto("/admin/settings");
    await page.getByLabel("Shortest phone number (digits)").fill("15");
    await page.getByLabel("Longest phone number (digits)").fill("10");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The phone minimum length must not be greater than the maximum length.")).toBeVisible();
  } finally {
    // put back: the currency leaves the storefront even when a step above failed
    const left = (await api.currencies()).find((c) => c.name === code);
    if (left) await api.deleteCurrency(left.id);
  }
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a checkout open when cash on delivery is turned off says so and falls to a method still offered (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const before = formOf(await api.settings());
    const orders = shippedTexts(locale, "orders");
    const product = (await plainProducts(request, locale)).at(1);
    if (!product) throw new Error("a plain product is needed");
    const who = await registerByApi(request);
    const address = await request.post("/api/address/store", {
      headers: { Authorization: `Bearer ${who.token}` },
      data: {
        name: "Casey Cashless",
        phone: "5550123456",
        address_line: "3 Quay St",
        area: "Port",
        address_type: "home",
      },
    });
    expect(address.ok()).toBeTruthy();
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, who.token, who.user);
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    await page
      .getByRole("button", { name: shippedTexts(locale, "catalog")("buy_now") })
      .first()
      .click();
    const cash = page.getByRole("radio", { name: orders("cash_on_delivery") });
    await expect(cash).toBeChecked();
    try {
      await api.save({ ...before, cash_on_delivery: false, online_payment: true });
      await page.getByRole("button", { name: orders("place_order") }).click();
      const confirm = page.getByRole("dialog", { name: orders("confirm_order") });
      await confirm.getByRole("button", { name: orders("confirm_order") }).click();
      await expect(page.getByText(serverSays(locale, "Cash on delivery is not available."))).toBeVisible();
      // The methods are read again: cash is gone and the card is chosen, nothing was ordered.
      await expect(cash).toHaveCount(0);
      await expect(page.getByRole("radio").first()).toBeChecked();
      const placed = await request.get("/api/orders", { headers: { Authorization: `Bearer ${who.token}` } });
      expect((await placed.json()).data.orders.data).toHaveLength(0);
      await fitsWidth(page, width);
    } finally {
      await api.save(before);
    }
  });
}

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`making another currency the default asks first, and an order placed before keeps the currency it was charged in (${locale}, ${width} px)`, async ({
    page,
    request,
    browser,
  }) => {
    const api = await adminApi(request);
    const admin = shippedTexts(locale, "admin_settings");
    const orders = shippedTexts(locale, "orders");
    const product = (await plainProducts(request, locale)).at(2);
    if (!product) throw new Error("a plain product is needed");
    const shopper = await registerByApi(request);
    const placed = await placedOrder(request, shopper.token, {
      productId: product.id,
      shopId: product.shop.id,
      payment: "cash",
    });
    const order = placed.orders[0] as { id: number };
    const usd = `$${placed.payable_amount.toFixed(2)}`;
    const usdId = (await api.currencies()).find((c) => c.name === "USD")?.id as number;
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    try {
      await signIn(page, request, "admin@example.com");
      await page.goto("/admin/currencies");
      await page
        .getByTestId("currency-EUR")
        .getByRole("button", { name: `${admin("make_default")}: EUR`, exact: true })
        .click();
      const ask = page.getByRole("dialog", { name: admin("make_default_title", { name: "EUR" }) });
      if (locale === "en") await expect(ask).toContainText("$1,234.50\u2069 becomes \u20661,234.50 €");
      await fitsWidth(page, width);
      await ask.getByRole("button", { name: admin("make_default") }).click();
      await expect(page.getByTestId("currency-EUR")).toContainText(admin("default"));

      // The shopper now browses in euros; the order placed in dollars is still worth its dollars.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const shop = waitForApp(await context.newPage());
      await shop.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await useSession(shop, shopper.token, shopper.user);
      await shop.goto(`/order-history/${order.id}`);
      await expect(shop.getByTestId("amount-payable")).toContainText("€");
      const charged = shop.getByTestId("charged-amount");
      if (locale === "en")
        await expect(charged).toContainText(orders("charge_on_delivery", { amount: `\u2066${usd}\u2069` }));
      await expect(charged).toContainText("$");
      await expect(charged).not.toContainText("€");
      await fitsWidth(shop, width);
      // Its invoice writes dollars.
      const href = await shop.getByRole("link", { name: orders("invoice") }).getAttribute("href");
      const invoice = await (
        await request.get(new URL(href as string).pathname + new URL(href as string).search)
      ).text();
      expect(invoice).toContain("$");
      expect(invoice).not.toContain("€");
      await context.close();
    } finally {
      const res = await request.post(`/api/admin/currencies/${usdId}/default`, {
        headers: {
          authorization: `Bearer ${(await loginByApi(request, "admin@example.com", "password")).access.token}`,
        },
      });
      expect(res.ok()).toBeTruthy();
    }
  });
}
