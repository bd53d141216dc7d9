import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { plainProducts, registerByApi, useSession } from "./helpers.ts";

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
