import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { fitsWidth, plainProducts, registerByApi, serverSays, shippedTexts, signIn, useSession } from "./helpers.ts";

async function firstOf(page: Page, url: string): Promise<{ id: number; slug: string }> {
  const res = await page.request.get(url);
  return (await res.json()).data.data[0];
}

const pages: Array<[string, (page: Page) => Promise<string>]> = [
  ["home", async () => "/"],
  ["products", async () => "/products"],
  [
    "product details",
    async (page) => {
      const p = await firstOf(page, "/api/products?per_page=1");
      return `/products/${p.id}/details/${p.slug}`;
    },
  ],
  ["shops", async () => "/shops"],
  ["a shop", async (page) => `/shops/${(await firstOf(page, "/api/shops?per_page=1")).id}`],
  ["blogs", async () => "/blogs"],
  ["blog post", async (page) => `/blog/${(await firstOf(page, "/api/blogs?per_page=1")).slug}`],
  ["contact us", async () => "/contact-us"],
  ["checkout", async () => "/checkout"],
  ["page not found", async () => "/no-such-page"],
];

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe.run in the page. The default runs it per frame and then finishes in a new
  // blank page it sends the partial results to: on home (about 2,000 elements, 1.7 MB of results)
  // that took 9 s instead of 3, over 20 s with the other worker busy, and timed out in CI. Our
  // pages have no frames, which is all the default adds.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** A new shopper with one line in the cart, signed in on the product list in `locale`. */
async function productsWithALine(page: Page, request: APIRequestContext, locale: string) {
  const who = await registerByApi(request);
  const [p] = await plainProducts(request, locale);
  const res = await request.post("/api/cart/store", {
    data: { product_id: p?.id, quantity: 1 },
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(res.ok()).toBeTruthy();
  await useSession(page, who.token, who.user);
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await page.goto("/products");
  await expect(page.locator("main h1").first()).toBeVisible();
}

for (const locale of ["en", "ar"]) {
  for (const [name, path] of pages) {
    test(`axe finds no serious or critical violation on ${name} in ${locale}`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.goto(await path(page));
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.locator("main h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test(`axe finds no serious or critical violation with the cart drawer open in ${locale}`, async ({
    page,
    request,
  }) => {
    // Something in the cart, so the drawer shows its lines, totals and buttons.
    await productsWithALine(page, request, locale);
    await page.getByTestId("navbar-cart").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByTestId("cart-line").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const locale of ["en", "ar"]) {
  test(`axe finds no serious or critical violation on the wishlist in ${locale}`, async ({ page, request }) => {
    const who = await registerByApi(request);
    const [p] = await plainProducts(request, locale);
    const res = await request.post("/api/favorite-add-or-remove", {
      data: { product_id: p?.id },
      headers: { Authorization: `Bearer ${who.token}` },
    });
    expect(res.ok()).toBeTruthy();
    await useSession(page, who.token, who.user);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/wishlist");
    await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: the cart drawer's + keeps the keyboard focus and Escape returns it to the cart button`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await productsWithALine(page, request, locale);

    const cartButton = page.getByTestId("navbar-cart");
    await cartButton.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog");
    const line = drawer.getByTestId("cart-line").first();
    // The quantity's buttons: − then +.
    const plus = line.locator("fieldset button").last();
    await plus.focus();
    await page.keyboard.press("Enter");
    await expect(line.locator("output")).toHaveText(/2/);
    await expect(plus).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(line.locator("output")).toHaveText(/3/);
    await expect(plus).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(cartButton).toBeFocused();
  });
}

for (const { locale, width, path, email } of [
  { locale: "en", width: 1280, path: "/seller/orders", email: "owner1@example.com" },
  { locale: "ar", width: 375, path: "/seller/orders", email: "owner1@example.com" },
  { locale: "en", width: 375, path: "/admin/orders", email: "admin@example.com" },
  { locale: "ar", width: 1280, path: "/admin/orders", email: "admin@example.com" },
]) {
  test(`${locale} at ${width} px: the back office's first Tab offers "skip to content", which passes its menu (${path})`, async ({
    page,
    request,
  }) => {
    const t = shippedTexts(locale, "layout");
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, request, email);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: t("skip_to_content") });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    // The next stop is inside the page's content, not the header's links.
    await page.keyboard.press("Tab");
    await expect(page.locator("main :focus")).toHaveCount(1);
  });
}

// WCAG's reflow: at 320 CSS px a page reads without scrolling sideways. These pages once did not
// (a top product's name, the operator's contact e-mail).
for (const locale of ["ar", "en"]) {
  for (const { path, email } of [
    { path: "/seller/dashboard", email: "owner1@example.com" },
    { path: "/admin/dashboard", email: "admin@example.com" },
    { path: "/contact-us", email: undefined },
  ]) {
    test(`${locale} at 320 px: ${path} does not scroll sideways`, async ({ page, request }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      if (email) await signIn(page, request, email);
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await fitsWidth(page, 320);
    });
  }
}

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: removing a cart line or an address from the keyboard leaves the focus on the next one`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const who = await registerByApi(request);
    const headers = { Authorization: `Bearer ${who.token}` };
    const [a, b] = await plainProducts(request, locale);
    for (const p of [a, b]) {
      expect((await request.post("/api/cart/store", { headers, data: { product_id: p?.id, quantity: 1 } })).ok()).toBe(
        true,
      );
    }
    for (const name of ["Home One", "Work Two", "Third Place"]) {
      const data = { name, phone: "5550123456", address_line: "9 Market Road", address_type: "home" };
      expect((await request.post("/api/address/store", { headers, data })).ok()).toBe(true);
    }
    await useSession(page, who.token, who.user);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/products");
    await expect(page.locator("main h1").first()).toBeVisible();

    await page.getByTestId("navbar-cart").click();
    const drawer = page.getByRole("dialog");
    const lines = drawer.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    const cart = shippedTexts(locale, "cart");
    await drawer.getByRole("button", { name: cart("remove_item", { name: a?.name ?? "" }) }).focus();
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(1);
    // The focus is on the remaining line, not lost to the page.
    await expect(lines.first().locator(":focus")).toHaveCount(1);
    // The last line's minus removes it too; the focus stays in the drawer.
    await drawer.getByRole("button", { name: cart("decrease_quantity", { name: b?.name ?? "" }) }).focus();
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(0);
    await expect(drawer.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");

    await page.goto("/manage-address");
    const orders = shippedTexts(locale, "orders");
    const addresses = page.getByTestId("address");
    await expect(addresses).toHaveCount(3);
    // "Set as Default" goes away once pressed; the focus stays on that address's card.
    await page
      .getByRole("button", { name: orders("set_default_named_address", { name: "Third Place" }) })
      .press("Enter");
    const third = addresses.filter({ hasText: "Third Place" });
    await expect(third.getByRole("button", { name: orders("set_default") })).toHaveCount(0);
    await expect(third.locator(":focus")).toHaveCount(1);

    const first = (await addresses.first().innerText()).includes("Third Place") ? "Third Place" : "Home One";
    await page.getByRole("button", { name: orders("delete_named_address", { name: first }) }).focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: orders("delete") })
      .press("Enter");
    await expect(addresses).toHaveCount(2);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(addresses.first().locator(":focus")).toHaveCount(1);
  });
}

// The keyboard's place after what the keyboard did: a dialog that replaced another, a form sent, a
// field under a Save bar pinned to the window's foot.
for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
] as const) {
  test(`${locale} at ${width} px: focus returns to Login after Sign Up replaced its dialog, and stays on Save while the profile is saved`, async ({
    page,
    request,
  }) => {
    const auth = shippedTexts(locale, "auth");
    const account = shippedTexts(locale, "account");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/products");
    const login = page.getByRole("banner").getByRole("button", { name: auth("login"), exact: true });
    await login.focus();
    await page.keyboard.press("Enter");
    const loginDialog = page.getByRole("dialog", { name: auth("login") });
    await expect(loginDialog).toBeVisible();
    await loginDialog.getByRole("button", { name: auth("sign_up"), exact: true }).focus();
    await page.keyboard.press("Enter");
    const register = page.getByRole("dialog", { name: auth("register") });
    await expect(register).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(register).toBeHidden();
    await expect(login).toBeFocused();

    // Saving the profile from the keyboard: the button keeps the focus, and the toast reads clearly.
    await page.setViewportSize({ width, height: 800 });
    const who = await registerByApi(request);
    await useSession(page, who.token, who.user);
    await page.goto("/profile");
    const save = page.getByRole("button", { name: account("save_changes") });
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(serverSays(locale, "Profile updated successfully."))).toBeVisible();
    await expect(save).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${locale} at ${width} px: tabbing through a new product's form, no field the focus reaches is under the Save bar`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await signIn(page, request, "owner1@example.com");
    await page.goto("/seller/products/new");
    await expect(page.locator("main h1").first()).toBeVisible();
    const bar = page.locator("[data-bottom-bar]");
    // Past the editors, the prices, the sizes and colours and the variants, to the SEO fields.
    for (let i = 0; i < 70; i++) {
      await page.keyboard.press("Tab");
      const hidden = await page.evaluate(() => {
        const el = document.activeElement;
        const barEl = document.querySelector("[data-bottom-bar]");
        if (!el || !barEl || barEl.contains(el) || el === document.body) return null;
        const r = el.getBoundingClientRect();
        const top = barEl.getBoundingClientRect().top;
        // A tall field (the description's editor) shows at least its first line.
        return r.height > 0 && r.top + Math.min(r.height, 24) > top + 1 ? el.outerHTML.slice(0, 120) : null;
      });
      expect(hidden, `Tab ${i + 1}`).toBeNull();
    }
    await expect(bar).toBeVisible();
  });
}

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: the keyboard goes on from a new page's heading, and back to Chat with Shop when the chat closes`, async ({
    page,
    request,
  }) => {
    const chat = shippedTexts(locale, "chat");
    const who = await registerByApi(request);
    await useSession(page, who.token, who.user);
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/products");
    // The card's link leaves with the list: the focus goes to the product's name, not to <body>.
    const card = page.getByRole("main").locator('a[href*="/details/"]').first();
    await card.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/details\//);
    const heading = page.locator("main h1");
    await expect(heading).toBeFocused();
    // Tab goes on from there, inside the page, not from the header's first link.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);

    const button = page.getByRole("button", { name: chat("chat_with_shop") });
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.locator("[data-chat-panel]");
    await expect(panel.locator("textarea")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test(`${locale} at ${width} px: buttons are named by what they show, and every part of a page is in a landmark`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const rules = ["label-content-name-mismatch", "region"];
    for (const path of ["/", `/blog/${(await firstOf(page, "/api/blogs?per_page=1")).slug}`]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeAttached();
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(rules).analyze();
      expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" "))}`)).toEqual([]);
    }
  });
}

test("a menu's item the keys moved to is outlined, and the menu's button is named by its label and what it shows", async ({
  page,
}) => {
  await page.goto("/");
  const language = page.getByRole("button", { name: "Language English" });
  await language.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  const item = page.locator('[role="menuitemradio"]:focus');
  await expect(item).toHaveCount(1);
  expect(await item.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  await page.keyboard.press("Escape");
  await expect(language).toBeFocused();
});
