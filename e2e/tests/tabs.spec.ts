import type { Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, plainProducts, registerByApi, shippedTexts, useSession } from "./helpers.ts";

// Two tabs of one browser: what one tab chooses (language, currency) or changes (the cart) shows
// in the other without a reload.

/** The shopper coming back to a tab: the browser tells the page it is visible again. */
const comeBack = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));

test("a language and a currency chosen in one tab are the other tab's too, without a reload", async ({
  page,
  context,
}) => {
  await page.goto("/support");
  const other = waitForApp(await context.newPage());
  await other.goto("/products");
  await expect(other.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();

  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The other tab reads and is answered in Arabic: its heading, its direction and its products' names.
  await expect(other.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(other.locator("html")).toHaveAttribute("lang", "ar");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(shippedTexts("ar", "catalog")("all_products"));
  const listed = await other.request.get("/api/products", { headers: { "accept-language": "ar" } });
  const firstName = ((await listed.json()).data.data[0] as { name: string }).name;
  await expect(other.getByText(firstName).first()).toBeVisible();

  await page.getByRole("button", { name: shippedTexts("ar", "layout")("currency") }).click();
  await page.getByRole("menuitemradio", { name: /EUR/ }).click();
  await expect(other.getByRole("main").getByText(/€/).first()).toBeVisible();
  await expect(other.getByText(/^\$\d+\.\d{2}$/)).toHaveCount(0);
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a line added in another tab is in this tab's cart when the shopper comes back (${locale}, ${width} px)`, async ({
    page,
    context,
    request,
  }) => {
    const [first, second] = await plainProducts(request, locale);
    if (!first || !second) throw new Error("two plain products are needed");
    const who = await registerByApi(request);
    await page.setViewportSize({ width, height: 850 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, who.token, who.user);
    await page.goto(`/products/${first.id}/details/${first.slug}`);
    await page
      .getByRole("button", { name: shippedTexts(locale, "catalog")("add_to_cart") })
      .first()
      .click();
    await expect(page.getByTestId("navbar-cart")).toContainText("1");

    const other = waitForApp(await context.newPage());
    await other.setViewportSize({ width, height: 850 });
    await other.goto(`/products/${second.id}/details/${second.slug}`);
    await other
      .getByRole("button", { name: shippedTexts(locale, "catalog")("add_to_cart") })
      .first()
      .click();
    await expect(other.getByTestId("navbar-cart")).toContainText("2");

    await comeBack(page);
    await expect(page.getByTestId("navbar-cart")).toContainText("2");
    await page.getByTestId("navbar-cart").click();
    await expect(page.getByRole("dialog").getByText(second.name).first()).toBeVisible();
    await fitsWidth(page, width);
  });
}
