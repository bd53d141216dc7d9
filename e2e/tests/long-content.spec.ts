import { expect, test } from "./fixtures.ts";
import { fitsWidth, newApprovedShop, placedOrder, signIn, useSession } from "./helpers.ts";

// What sellers type is not always short: a word of 50 letters (a compound, a model number, a URL)
// in a shop's and a product's name breaks inside its box instead of pushing the page past the screen.
const WORD = "Donaudampfschifffahrtsgesellschaftskapitaenskajuete";

test("a shop and a product named with a 50-letter word fit a phone and a desktop, in en and ar", async ({
  page,
  request,
}) => {
  const { shop, product } = await newApprovedShop(request, WORD);
  for (const [locale, width] of [
    ["en", 320],
    ["ar", 375],
    ["en", 1280],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(WORD);
    await fitsWidth(page, width);
    await page.goto(`/shops/${shop.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(WORD);
    await fitsWidth(page, width);
    await page.goto(`/products?search=${WORD}`);
    await expect(page.getByText(product.name).first()).toBeVisible();
    await fitsWidth(page, width);
  }
});

test("an order from that shop fits the shopper's and the shop's order pages on a phone, in en and ar", async ({
  browser,
  page,
  request,
}) => {
  const { shop, product, seller } = await newApprovedShop(request, WORD);
  const shopper = await signIn(page, request);
  const placed = await placedOrder(request, shopper.access.token, {
    productId: product.id,
    shopId: shop.id,
    payment: "cash",
  });
  const orderId = placed.orders[0]?.id;
  const sellerPage = await (await browser.newContext()).newPage();
  await useSession(sellerPage, seller.access.token, seller.user);
  for (const [locale, width] of [
    ["en", 320],
    ["ar", 375],
  ] as const) {
    for (const [p, path] of [
      [page, `/order-history/${orderId}`],
      [sellerPage, `/seller/orders/${orderId}`],
      [sellerPage, "/seller/orders"],
    ] as const) {
      await p.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await p.setViewportSize({ width, height: 800 });
      await p.goto(path);
      await expect(p.getByText(WORD).first()).toBeVisible();
      await fitsWidth(p, width);
    }
    // The printable invoice too, with the shop's name and the product's.
    const { order } = (
      await (
        await request.get(`/api/orders/${orderId}`, { headers: { authorization: `Bearer ${shopper.access.token}` } })
      ).json()
    ).data;
    // A plain page, not the app: opened where nothing waits for the app to start.
    const invoice = await sellerPage.context().newPage();
    await invoice.setViewportSize({ width, height: 800 });
    await invoice.goto(`${order.invoice_url}&lang=${locale}`);
    await expect(invoice.getByText(WORD).first()).toBeVisible();
    await fitsWidth(invoice, width);
    await invoice.close();
  }
  await sellerPage.context().close();
});
