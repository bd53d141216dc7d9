import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { fitsWidth, type PlainProduct, plainProducts, registerByApi, shippedTexts, useSession } from "./helpers.ts";

// A shopper on a bad connection: a request that fails says so and offers to try again, offline
// says it is offline, a proxy's error page is not shown as "Bad Gateway", and a count not known
// yet is not shown as 0. And a shaky hand: two taps faster than a frame send once.

/** A new shopper, signed in in `locale` at `width`, with one line of `product` in the cart. */
async function shopperWithALine(page: Page, request: APIRequestContext, locale: string, width: number) {
  const [product] = await plainProducts(request, locale);
  if (!product) throw new Error("no product");
  const who = await registerByApi(request);
  const res = await request.post("/api/cart/store", {
    data: { product_id: product.id, quantity: 1 },
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(res.ok()).toBeTruthy();
  await useSession(page, who.token, who.user);
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await page.setViewportSize({ width, height: 800 });
  return { product: product as PlainProduct, token: who.token };
}

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  const cart = shippedTexts(locale, "cart");
  const common = shippedTexts(locale, "common");

  test(`${locale} at ${width} px: vouchers and checkout totals that fail to load say so and load again on Reload`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const { product } = await shopperWithALine(page, request, locale, width);
    await page.goto("/");
    await page.getByTestId("navbar-cart").click();
    const drawer = page.getByRole("dialog");
    const shop = drawer.getByTestId("cart-shop").filter({ hasText: product.shop.name });
    await shop.getByRole("checkbox", { name: cart("select_shop", { shop: product.shop.name }) }).check();

    // The shop's vouchers could not be read: not "no voucher", but the failure and Reload.
    await page.route("**/api/get-vouchers**", (route) => route.abort());
    await shop.getByRole("button", { name: cart("apply_store_voucher") }).click();
    const vouchers = page.getByRole("dialog", { name: new RegExp(product.shop.name) });
    const failed = vouchers.getByTestId("vouchers-load-error");
    await expect(failed).toContainText(common("something_went_wrong"), { timeout: 15_000 });
    await expect(vouchers.getByText(cart("no_voucher"))).toHaveCount(0);
    await page.unroute("**/api/get-vouchers**");
    await failed.getByRole("button", { name: common("reload") }).click();
    await expect(failed).toHaveCount(0);
    await page.keyboard.press("Escape");

    // Checkout opened afresh while its totals cannot be read: the failure and Reload, not a skeleton forever.
    await page.route("**/api/cart/checkout**", (route) => route.abort());
    await page.goto("/checkout");
    // Both of what waits for them, the items and the summary, say it.
    const reloads = page.getByRole("main").getByRole("button", { name: common("reload") });
    await expect(reloads).toHaveCount(2, { timeout: 20_000 });
    await fitsWidth(page, width);
    await page.unroute("**/api/cart/checkout**");
    await reloads.first().click();
    await expect(reloads).toHaveCount(0);
    await expect(page.getByRole("main").getByText(product.name).first()).toBeVisible();
  });

  test(`${locale} at ${width} px: offline says so until the network is back; a proxy's error page reads in the shopper's language`, async ({
    page,
    context,
    request,
  }) => {
    const { product } = await shopperWithALine(page, request, locale, width);
    // Until the cart is read the badge shows no count, not a "0" that says the cart was emptied.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/carts**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    const badge = page.getByTestId("navbar-cart");
    await expect(page.locator("main h1")).toBeVisible();
    await expect(badge).not.toContainText("0");
    release();
    await expect(badge).toContainText("1");
    await page.unroute("**/api/carts**");

    const notice = page.getByTestId("offline-notice");
    await expect(notice).toHaveCount(0);
    await context.setOffline(true);
    await expect(notice).toHaveText(common("offline"));
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/offline-${locale}.png` });
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);

    // A 502 from a proxy in front of the server: no JSON, only its HTML page.
    await page.route("**/api/cart/store", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
    );
    await page
      .getByRole("button", { name: shippedTexts(locale, "catalog")("add_to_cart") })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByText(common("server_failed"))).toBeVisible();
    await expect(page.getByText("Bad Gateway")).toHaveCount(0);

    // A chat message the server did not take goes back in the box, and a toast says why.
    const why = "Messages are paused for a minute.";
    await page.route("**/api/send-message", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: why }) }),
    );
    await page.getByRole("button", { name: shippedTexts(locale, "chat")("chat_with_shop") }).click();
    const box = page.locator("[data-chat-panel] textarea");
    await box.fill("Is it in stock?");
    await box.press("Enter");
    await expect(page.getByText(why)).toBeVisible();
    await expect(box).toHaveValue("Is it in stock?");
  });

  test(`${locale} at ${width} px: two taps faster than a frame on Add to Cart add one unit; on Collect they collect once`, async ({
    page,
    request,
  }) => {
    const { product, token } = await shopperWithALine(page, request, locale, width);
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") sent.push(new URL(r.url()).pathname);
    });
    /** Two clicks in one task: the second comes before React could draw the button busy. */
    const doubleClick = (button: Locator) =>
      button.evaluate((b) => {
        (b as HTMLElement).click();
        (b as HTMLElement).click();
      });

    await page.goto(`/products/${product.id}/details/${product.slug}`);
    await doubleClick(
      page
        .getByRole("main")
        .getByRole("button", { name: shippedTexts(locale, "catalog")("add_to_cart"), exact: true })
        .first(),
    );
    await expect(page.getByTestId("cart-toast-add")).toBeVisible();
    const stored = await request.get("/api/carts", { headers: { Authorization: `Bearer ${token}` } });
    expect((await stored.json()).data.quantity).toBe(2);
    expect(sent.filter((p) => p === "/api/cart/store")).toHaveLength(1);

    await page.getByTestId("navbar-cart").click();
    const shop = page.getByRole("dialog").getByTestId("cart-shop").filter({ hasText: product.shop.name });
    await shop.getByRole("button", { name: cart("apply_store_voucher") }).click();
    const vouchers = page.getByRole("dialog", { name: new RegExp(product.shop.name) });
    const save10 = vouchers.getByTestId("voucher").filter({ hasText: "SAVE10" });
    await doubleClick(save10.getByRole("button", { name: cart("collect") }));
    await expect(save10.getByText(cart("collected"))).toBeVisible();
    expect(sent.filter((p) => p === "/api/vouchers-collect")).toHaveLength(1);
    await fitsWidth(page, width);
  });
}
