import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, newApprovedShop, serverSays, shippedTexts, useSession } from "./helpers.ts";

// A seller restocks a low variant in place on the stock page: the units received are added to what
// is there, the row leaves the low list, the log says it was a restock, and the storefront sells
// the new stock at once. In English on a wide screen
// and in Arabic on a 375 px phone.

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: a low variant is restocked from the stock page`, async ({ browser, request }) => {
    const { product, seller } = await newApprovedShop(request, `Restock${locale}`);
    const texts = shippedTexts(locale, "seller_products");
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = waitForApp(await context.newPage());
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, seller.access.token, seller.user);
    await page.goto("/seller/stock");

    const row = page.getByTestId("low-stock-row").filter({ hasText: product.name });
    await expect(row).toContainText(`${texts("stock")}${shippedTexts(locale, "common")("colon")}3`);
    const input = row.getByRole("spinbutton", { name: texts("new_stock_of", { name: product.name }) });
    const save = row.getByRole("button", { name: texts("save_stock") });

    // Nothing typed, or no units: said under the field, and nothing is saved.
    await save.click();
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/restock-${locale}-${width}.png`, fullPage: true });
    const required =
      locale === "en"
        ? "The add field is required."
        : serverSays(locale, "The {{label}} field is required.").replace("{{label}}", serverSays(locale, "add"));
    await expect(row.getByRole("alert")).toHaveText(required);
    await input.fill("-4");
    await save.click();
    await expect(row.getByRole("alert")).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");

    // 22 units received on top of the 3 there: 25.
    await input.fill("22");
    await save.click();
    await expect(page.getByText(texts("stock_saved", { name: product.name, count: "25" }))).toBeVisible();
    await expect(row).toHaveCount(0);
    const logged = page.getByTestId("stock-movement").filter({ hasText: "+22" });
    await expect(logged).toContainText(texts("reason_restock"));
    await fitsWidth(page, width);

    // The storefront sells the new stock at once.
    const details = await (await request.get(`/api/products/${product.id}/details`)).json();
    expect(details.data.product.variants[0].stock).toBe(25);
    await context.close();
  });
}
