import { expect, test, waitForApp } from "./fixtures.ts";
import {
  fitsWidth,
  lineCount,
  loginByApi,
  newApprovedShop,
  newestShopNotice,
  placedOrder,
  registerByApi,
  rowsFitWidth,
  shippedTexts,
  staffByApi,
  useSession,
} from "./helpers.ts";

// The Seller Centre's orders and stock on a phone: under 768 px each row is a card, whole on the
// screen, that names its fields, in English and in Arabic (rtl); a wide screen keeps the table.

test("a shop's orders and stock read as whole cards on a 375 px phone, in English and Arabic", async ({
  browser,
  request,
}) => {
  const { shop, product, seller } = await newApprovedShop(request, "Phone");
  const shopper = await registerByApi(request);
  const placed = await placedOrder(request, shopper.token, { productId: product.id, shopId: shop.id, payment: "cash" });
  const code = placed.orders[0]?.order_code as string;

  for (const locale of ["en", "ar"]) {
    const orders = shippedTexts(locale, "orders");
    const stock = shippedTexts(locale, "seller_products");
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = waitForApp(await context.newPage());
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, seller.access.token, seller.user);

    await page.goto("/seller/orders");
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    const order = page.getByTestId("seller-order").filter({ hasText: code });
    await expect(order.getByText(`${orders("customer")}:`)).toBeVisible();
    await expect(order).toContainText(`${orders("customer")}: ${shopper.name}`);
    await expect(order).toContainText(`${orders("items")}: 1`);
    await expect(order.getByTestId("order-status")).toHaveText(orders("status_pending"));
    await expect(page.getByRole("columnheader", { name: orders("customer") })).toBeHidden();
    await rowsFitWidth(page.getByTestId("seller-order"));
    await fitsWidth(page);

    await page.goto("/seller/stock");
    // The lamp had 3 and the order took one.
    const low = page.getByTestId("low-stock-row").filter({ hasText: product.name });
    await expect(low).toContainText(`${stock("stock")}: 2`);
    await rowsFitWidth(page.getByTestId("low-stock-row"));
    const movement = page.getByTestId("stock-movement").filter({ hasText: stock("reason_order") });
    await expect(movement).toContainText(`${stock("change")}: -1`);
    await expect(movement).toContainText(`${stock("stock_after")}: 2`);
    await rowsFitWidth(page.getByTestId("stock-movement"));
    await fitsWidth(page);

    // The section menu is one row that scrolls sideways: it shows the section the page is in, at
    // either end of the row.
    const menu = page.getByRole("navigation", { name: shippedTexts(locale, "staff")("area_menu") });
    for (const [path, label] of [
      ["/seller/staff", "staff"],
      ["/seller/dashboard", "dashboard"],
    ] as const) {
      await page.goto(path);
      const current = menu.locator('[aria-current="page"]');
      await expect(current).toHaveText(shippedTexts(locale, "staff")(label));
      await expect(current).toBeInViewport({ ratio: 0.9 });
    }
    await context.close();
  }

  // On a laptop the same lists are tables with their column headings.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = waitForApp(await context.newPage());
  await useSession(page, seller.access.token, seller.user);
  await page.goto("/seller/orders");
  await expect(page.getByRole("columnheader", { name: "Customer" })).toBeVisible();
  await expect(page.getByTestId("seller-order").filter({ hasText: code }).getByText("Customer:")).toBeHidden();
  await page.goto("/seller/stock");
  await expect(page.getByRole("columnheader", { name: "Stock after" })).toBeVisible();
  await context.close();
});

test("ar, 375 px: an order that sells a product out tells the shop's bell, which leads to the stock", async ({
  browser,
  request,
}) => {
  const { shop, product, seller } = await newApprovedShop(request, "SoldOut");
  const stockKeeper = await staffByApi(request, seller, "products");
  const shopper = await registerByApi(request);
  // The lamp has 3, under the shop's alert already: only selling out is news.
  await placedOrder(request, shopper.token, { productId: product.id, shopId: shop.id, quantity: 3, payment: "cash" });
  const soldOut = shippedTexts("ar", "notifications")("kind_low_stock_out", { product: `\u2068${product.name}\u2069` });

  const { page, newest: told } = await newestShopNotice(browser, seller);
  await expect(told).toContainText(soldOut);
  await told.click();
  await expect(page).toHaveURL(/\/seller\/stock$/);
  const row = page.getByTestId("low-stock-row").filter({ hasText: product.name });
  await expect(row).toContainText(`${shippedTexts("ar", "seller_products")("stock")}: 0`);
  // The log's line names the order by its code, whole on one line.
  const ref = page.getByTestId("stock-movement").first().locator("bdi").filter({ hasText: /^#/ });
  expect(await lineCount(ref)).toBe(1);
  await fitsWidth(page);
  await page.context().close();

  // The member who keeps the stock (products role, no orders) hears of it too, and of nothing about orders.
  const staff = await newestShopNotice(browser, stockKeeper);
  await expect(staff.page.getByTestId("notification-item")).toHaveCount(1);
  await expect(staff.newest).toContainText(soldOut);
  await staff.newest.click();
  await expect(staff.page).toHaveURL(/\/seller\/stock$/);
  await expect(staff.page.getByTestId("low-stock-row").filter({ hasText: product.name })).toBeVisible();
  await fitsWidth(staff.page);
  await staff.page.context().close();
});

test("on a phone the back office's header names who is signed in, whole, in French and Arabic", async ({
  browser,
  request,
}) => {
  for (const [email, path, name] of [
    ["owner2@example.com", "/seller/orders", "Mia Lopez"],
    ["admin@example.com", "/admin/dashboard", "ReadyMart Admin"],
  ] as const) {
    const who = await loginByApi(request, email, "password");
    for (const locale of ["fr", "ar"]) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = waitForApp(await context.newPage());
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await useSession(page, who.access.token, who.user);
      await page.goto(path);
      const header = page.getByRole("banner");
      const shown = header.getByText(name, { exact: true });
      await expect(shown).toBeVisible();
      expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} in ${locale}`).toBe(true);
      // The way back to the store is an icon there, named for screen readers.
      const back = header.getByRole("link", { name: shippedTexts(locale, "staff")("back_to_store") });
      await expect(back).toBeInViewport();
      await back.click();
      await expect(page).toHaveURL(/\/$/);
      await context.close();
    }
  }
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`${locale}, ${width} px: an order paid by card waits for its payment; the shop may only cancel it until then`, async ({
    page,
    request,
  }) => {
    const orders = shippedTexts(locale, "orders");
    const { shop, product, seller } = await newApprovedShop(request, "Card");
    const shopper = await registerByApi(request);
    const placed = await placedOrder(request, shopper.token, {
      productId: product.id,
      shopId: shop.id,
      payment: "unpaid",
    });
    const id = placed.orders[0]?.id as number;
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, seller.access.token, seller.user);

    await page.goto(`/seller/orders/${id}`);
    await expect(page.getByTestId("awaiting-payment")).toHaveText(orders("seller_awaiting_payment"));
    await expect(page.getByRole("button", { name: orders("cancel_order"), exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: orders("action_confirm") })).toHaveCount(0);
    await fitsWidth(page, width);
  });
}
