import { expect, test, waitForApp } from "./fixtures.ts";
import {
  fitsWidth,
  newApprovedShop,
  placedOrder,
  registerByApi,
  serverSays,
  shippedTexts,
  subscribed,
  useSession,
} from "./helpers.ts";

// "Tell me when it is back": a shopper waits for a sold-out product and the bell says when a
// cancelled order puts it back. Each test sells out a product of its own shop.

test("ar, 375 px: a shopper waits for a sold-out product and the bell says when it is back", async ({
  page,
  request,
}) => {
  const { shop, product } = await newApprovedShop(request, "Restock");
  const buyer = await registerByApi(request);
  const placed = await placedOrder(request, buyer.token, {
    productId: product.id,
    shopId: shop.id,
    quantity: 3,
    payment: "cash",
  });
  const order = placed.orders[0] as { id: number };
  const catalog = shippedTexts("ar", "catalog");
  const notices = shippedTexts("ar", "notifications");

  const shopper = await registerByApi(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, shopper.token, shopper.user);
  await page.goto(`/products/${product.id}/details/${product.slug}`);
  await expect(page.getByText(catalog("out_of_stock")).first()).toBeVisible();
  await page.getByRole("button", { name: catalog("notify_me") }).click();
  // The toast says it was taken (in Arabic the page's own line has the same words, so each is read in its place).
  await expect(page.locator("[data-sonner-toast]").first()).toContainText(
    serverSays("ar", "We will tell you when it is back in stock."),
  );
  await expect(page.getByTestId("stock-alert")).toContainText(catalog("notify_me_on"));
  await expect(page.getByRole("button", { name: catalog("notify_me_off") })).toBeVisible();
  await fitsWidth(page);
  // Kept across a reload: the server holds the wait.
  await page.reload();
  await expect(page.getByRole("button", { name: catalog("notify_me_off") })).toBeVisible();
  // The wishlist page lists it under "Waiting for stock".
  const account = shippedTexts("ar", "account");
  // The bell is told live once the page has joined the shopper's channel.
  const joined = subscribed(page, `private-chat_user_${shopper.user.id}`);
  await page.goto("/wishlist");
  const waiting = page.getByRole("region", { name: account("waiting_title") });
  await expect(waiting.getByTestId("waiting-item")).toHaveCount(1);
  await expect(waiting.getByTestId("waiting-item")).toContainText(product.name);
  await expect(waiting.getByRole("button", { name: account("waiting_stop", { name: product.name }) })).toBeVisible();
  await fitsWidth(page);

  // The buyer cancels: the units come back and the bell says so, without a reload.
  await joined;
  const cancelled = await request.post(`/api/orders/${order.id}/cancel`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
  });
  expect(cancelled.ok()).toBeTruthy();
  const bell = page.getByTestId("notification-bell-user");
  await expect(bell.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await bell.click();
  const item = page.getByTestId("notification-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(notices("kind_back_in_stock", { product: "" }).trim());
  await expect(item).toContainText(product.name);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details`));
  await expect(page.getByText(catalog("in_stock_count_few", { count: "3" })).first()).toBeVisible();
  await expect(page.getByRole("button", { name: catalog("notify_me") })).toHaveCount(0);
});

test("en: a visitor who is not signed in is asked to sign in first; a shopper can stop waiting", async ({
  page,
  request,
}) => {
  const { shop, product } = await newApprovedShop(request, "Waitlist");
  const buyer = await registerByApi(request);
  await placedOrder(request, buyer.token, { productId: product.id, shopId: shop.id, quantity: 3, payment: "cash" });

  await page.goto(`/products/${product.id}/details/${product.slug}`);
  await page.getByRole("button", { name: "Tell me when it is back" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();

  const shopper = await registerByApi(request);
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error("no browser");
  // A new context's page waits for the app to hydrate before it is used, as the fixture's does.
  const signedIn = waitForApp(await context.newPage());
  await useSession(signedIn, shopper.token, shopper.user);
  await signedIn.goto(`/products/${product.id}/details/${product.slug}`);
  await signedIn.getByRole("button", { name: "Tell me when it is back" }).click();
  await signedIn.getByRole("button", { name: "Stop waiting" }).click();
  await expect(signedIn.getByText("You will not be told about this item.")).toBeVisible();
  await expect(signedIn.getByRole("button", { name: "Tell me when it is back" })).toBeVisible();
  const waits = await request.get(`/api/stock-alerts/${product.id}`, {
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  expect((await waits.json()).data.alerts).toEqual([]);

  // Waiting again, the wishlist page lists it, and stopping there ends it on the product page too.
  await signedIn.getByRole("button", { name: "Tell me when it is back" }).click();
  await expect(signedIn.getByRole("button", { name: "Stop waiting" })).toBeVisible();
  await signedIn.goto("/wishlist");
  const waiting = signedIn.getByRole("region", { name: "Waiting for stock" });
  await expect(waiting).toContainText("The bell will tell you when each of these is back.");
  await expect(waiting.getByTestId("waiting-item")).toContainText(product.name);
  await waiting.getByRole("button", { name: `Stop waiting for ${product.name}` }).click();
  await expect(signedIn.getByText("You will not be told about this item.")).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await signedIn.goBack();
  await expect(signedIn.getByRole("button", { name: "Tell me when it is back" })).toBeVisible();
  await context.close();
});
