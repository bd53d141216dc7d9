import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  demoOwnerOf,
  fitsWidth,
  loginByApi,
  newApprovedShop,
  type PlainProduct,
  placedOrder,
  plainProducts,
  readsLeftToRight,
  registerByApi,
  serverSays,
  shippedTexts,
  useSession,
} from "./helpers.ts";

// Checkout, payment, order history, addresses and the seller's side of an order, as shoppers and
// shop owners use them. Each test signs up its own shopper; each uses other products, since two
// of them count stock.

const SHOTS = process.env.SHOTS_DIR;
const productPath = (p: PlainProduct) => `/products/${p.id}/details/${p.slug}`;

async function api(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

const address = (name: string) => ({
  name,
  phone: "5550123456",
  address_line: "12 Harbour Road",
  area: "Old Town",
  address_type: "home",
});

/** A new shopper signed in on `page`. */
async function newShopper(page: Page, request: APIRequestContext) {
  const who = await registerByApi(request);
  await useSession(page, who.token, who.user);
  return who;
}

async function stockOf(page: Page, product: PlainProduct): Promise<number> {
  await page.goto(productPath(product));
  const text = await page.getByText(/^In stock: \d+ available$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
}

async function fillAddress(scope: Locator | Page, a: { name: string; phone: string; line: string }) {
  await scope.getByLabel("Full name").fill(a.name);
  await scope.getByLabel("Phone").fill(a.phone);
  await scope.getByLabel("Address", { exact: true }).fill(a.line);
}

test("check out two shops with cash on delivery, see both orders, cancel one and its stock returns", async ({
  page,
  request,
}) => {
  // A whole journey over many pages.
  test.setTimeout(90_000);
  const [a, b] = await plainProducts(request);
  if (!a || !b) throw new Error("two shops with plain products are needed");
  await newShopper(page, request);
  const stockA = await stockOf(page, a);

  // Browse: search for each product, open it and add it to the cart.
  for (const p of [a, b]) {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search products, brands and shops" }).fill(p.name);
    await page.keyboard.press("Enter");
    await page.getByRole("main").getByRole("link", { name: p.name }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-toast-add").filter({ hasText: p.name })).toBeVisible();
  }

  // Select both shops in the drawer and proceed.
  await page.getByTestId("navbar-cart").click();
  const drawer = page.getByRole("dialog", { name: /My Cart/ });
  for (const p of [a, b]) await drawer.getByRole("checkbox", { name: `Select ${p.shop.name}` }).check();
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const shops = page.getByTestId("checkout-shop");
  await expect(shops).toHaveCount(2);
  await expect(shops.filter({ hasText: a.shop.name })).toContainText(a.name);
  await expect(shops.filter({ hasText: b.shop.name })).toContainText(b.name);
  const payable = await page.getByTestId("amount-payable").textContent();

  // No address yet: Place Order asks for one and opens the address dialog.
  await expect(page.getByText("You have no saved address yet.")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Please add a shipping address")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Add New Address" });
  await fillAddress(dialog, { name: "Dana Checkout", phone: "5550987654", line: "7 Market Lane" });
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("shipping-address")).toContainText("Dana Checkout");
  await expect(page.getByTestId("shipping-address")).toContainText("Default");

  await page.getByRole("textbox", { name: "Order note" }).fill("Leave it at the door");
  await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
  await page.getByRole("button", { name: "Place Order" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Order" });
  await expect(confirm).toContainText("Dana Checkout");
  await expect(confirm).toContainText("Cash on Delivery");
  await expect(confirm).toContainText(payable ?? "");
  // A double click still makes one payment of two orders (one Idempotency-Key per attempt).
  await confirm.getByRole("button", { name: "Confirm Order" }).dblclick();
  const placed = page.getByRole("dialog", { name: "Order placed successfully" });
  await expect(placed.getByRole("link", { name: /^#/ })).toHaveCount(2);
  // A press beside it (a double click's second press, when the answer came first) leaves it open.
  await page.mouse.click(5, 5);
  await expect(placed.getByRole("link", { name: /^#/ })).toHaveCount(2);
  await placed.getByRole("link", { name: "View Orders" }).click();

  // Two orders, both pending, with their counts.
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByTestId("order-card")).toHaveCount(2);
  await expect(page.getByTestId("tab-all")).toContainText("2");
  await expect(page.getByTestId("tab-Pending")).toContainText("2");
  await expect(page.getByTestId("tab-Cancelled")).toContainText("0");
  expect(await stockOf(page, a)).toBe(stockA - 1);

  // Cancel the order of shop A after the confirmation.
  await page.goto("/order-history");
  await page.getByTestId("order-card").filter({ hasText: a.shop.name }).getByRole("link").click();
  await expect(page.getByTestId("order-item")).toContainText(a.name);
  await expect(page.getByText("Leave it at the door")).toBeVisible();
  await page.getByRole("button", { name: "Cancel Order" }).click();
  const ask = page.getByRole("dialog", { name: "Cancel Order" });
  await ask.getByRole("button", { name: "Keep Order" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId("order-status").first()).toHaveText("Pending");
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await page.getByRole("dialog", { name: "Cancel Order" }).getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByTestId("order-status").first()).toHaveText("Cancelled");
  await expect(page.getByTestId("timeline-step").last()).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to orders" }).click();
  await expect(page.getByTestId("tab-Pending")).toContainText("1");
  await expect(page.getByTestId("tab-Cancelled")).toContainText("1");
  await page.getByTestId("tab-Cancelled").click();
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expect(page.getByTestId("order-card")).toContainText(a.shop.name);

  // The cancelled units are back in stock.
  expect(await stockOf(page, a)).toBe(stockA);
});

test("online payment through the test gateway: a declined card, the cancel dialog, then paid", async ({
  page,
  request,
}) => {
  const product = (await plainProducts(request))[2];
  if (!product) throw new Error("a third plain product is needed");
  const who = await newShopper(page, request);
  await api(request, who.token, "/api/address/store", address("Pat Online"));

  // Buy now checks out the one product through the same checkout.
  await page.goto(productPath(product));
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/buynow$/);
  await expect(page.getByTestId("checkout-shop")).toContainText(product.name);
  await expect(page.getByTestId("shipping-address")).toContainText("Pat Online");
  await page.getByRole("radio", { name: "Credit / Debit Card" }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.getByRole("dialog", { name: "Confirm Order" }).getByRole("button", { name: "Confirm Order" }).click();

  // The gateway's page: the declined test card is refused there.
  await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
  const pay = async (card: string) => {
    await page.getByLabel("Name on card").fill("Pat Online");
    await page.getByLabel("Card number").fill(card);
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
  };
  await pay("4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel payment" }).click();

  // Back in the shop: the order-payment-cancel dialog, the order kept unpaid.
  await expect(page).toHaveURL(/\/order-history\/\d+\?payment=cancel$/);
  const cancelled = page.getByRole("dialog", { name: "Payment Cancelled" });
  await expect(cancelled).toBeVisible();
  await cancelled.getByRole("button", { name: "Pay Later" }).click();
  await expect(cancelled).toBeHidden();
  await expect(page).toHaveURL(/\/order-history\/\d+$/);
  await expect(page.getByTestId("payment-status")).toHaveText("Unpaid");

  // Pay now from the order page with the card that succeeds.
  await page.getByRole("link", { name: "Pay Now" }).click();
  await pay("4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-history\/\d+\?payment=success$/);
  await expect(page.getByRole("dialog", { name: "Payment successful" })).toBeVisible();
  await page.getByRole("button", { name: "View Order" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByRole("link", { name: "Pay Now" })).toHaveCount(0);
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`${locale}, ${width} px: one card payment for two shops' orders names both when the shopper comes back`, async ({
    page,
    request,
  }) => {
    const t = shippedTexts(locale, "orders");
    const list = await plainProducts(request);
    const [a, b] = [list.at(-2), list.at(-1)] as [PlainProduct, PlainProduct];
    const who = await registerByApi(request);
    const saved = await api(request, who.token, "/api/address/store", address("Sam Two Shops"));
    for (const p of [a, b]) await api(request, who.token, "/api/cart/store", { product_id: p.id, quantity: 1 });
    const placed = await api(request, who.token, "/api/place-order", {
      shop_ids: [a.shop.id, b.shop.id],
      address_id: saved.address.id,
      payment_method: "test",
    });
    type Placed = { id: number; order_code: string; shop_id: number };
    // The shop a's order, then b's (the answer lists them by shop id).
    const orderOf = (p: PlainProduct) => placed.orders.find((o: Placed) => o.shop_id === p.shop.id) as Placed;
    const [first, second] = [orderOf(a), orderOf(b)];
    const codes = [first.order_code, second.order_code];

    if (locale === "ar") await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    await useSession(page, who.token, who.user);
    await page.setViewportSize({ width, height: 800 });
    // The sentence around the list of codes, and each code in it.
    const saysBoth = async (dialog: Locator, key: string) => {
      for (const part of t(key, { codes: "|" }).split("|")) await expect(dialog).toContainText(part.trim());
      for (const code of codes) await expect(dialog).toContainText(code);
    };

    // The first order's page offers the payment of both (as the checkout's redirect would open it).
    await page.goto(`/order-history/${first.id}`);
    await page.getByRole("link", { name: t("pay_now") }).click();
    await page.getByRole("link", { name: "Cancel payment" }).click();
    const cancelled = page.getByRole("dialog", { name: t("payment_cancelled") });
    await saysBoth(cancelled, "payment_cancelled_text_many");
    if (width === 375) await fitsWidth(page);
    await cancelled.getByRole("link", { name: t("pay_now") }).click();

    await page.getByLabel("Name on card").fill("Sam Two Shops");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    const paid = page.getByRole("dialog", { name: t("payment_successful") });
    await saysBoth(paid, "payment_successful_text_many");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/paid-two-${locale}-${width}.png` });

    // The shopper's order names the other order its payment covered; the shop's view of it does not.
    const mine = await api(request, who.token, `/api/orders/${first.id}`);
    expect(mine.order.paid_with).toEqual([second.order_code]);
    const owner = await demoOwnerOf(request, a.shop.id);
    const shops = await api(request, owner.access.token, `/api/seller/orders/${first.id}`);
    expect(shops.order.order_code).toBe(first.order_code);
    expect(shops.order).not.toHaveProperty("paid_with");
  });
}

test("in Arabic on a phone an address line that starts with its number keeps its order", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  await api(request, shopper.token, "/api/address/store", {
    ...address("Dana Reed"),
    address_line: "1820 N Clark Street",
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/manage-address");
  // Not "N Clark Street 1820": the number stays first, and the line stays on the page's side.
  const line = page.getByTestId("address").getByText("1820 N Clark Street", { exact: true });
  await expect(line).toBeVisible();
  expect(await readsLeftToRight(line)).toBe(true);
  const card = await page.getByTestId("address").boundingBox();
  const box = await line.boundingBox();
  expect(card && box && card.x + card.width - (box.x + box.width)).toBeLessThan(40);
});

test("add, edit, make default and delete addresses", async ({ page, request }) => {
  await newShopper(page, request);
  await page.goto("/manage-address");
  await expect(page.getByText("No saved addresses")).toBeVisible();
  await page.getByRole("link", { name: "Add New Address" }).click();

  // The phone's lengths come from the settings.
  const master = (await (await request.get("/api/master")).json()).data;
  await fillAddress(page, { name: "Home Person", phone: "123", line: "1 First Street" });
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(
    page.getByText(`The phone field must be between ${master.phone_min_length} and ${master.phone_max_length} digits.`),
  ).toBeVisible();
  await page.getByLabel("Phone").fill("5551112222");
  await page.getByRole("button", { name: "Save Address" }).click();

  // The first address is the default.
  await expect(page).toHaveURL(/\/manage-address$/);
  const cards = page.getByTestId("address");
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText("Default", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Add New Address" }).click();
  await fillAddress(page, { name: "Office Person", phone: "5553334444", line: "9 Work Avenue" });
  await page.getByRole("radio", { name: "Office" }).check();
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(cards).toHaveCount(2);
  const office = cards.filter({ hasText: "Office Person" });
  const home = cards.filter({ hasText: "Home Person" });
  await expect(office).toContainText("Office");
  const defaultBadge = (card: Locator) => card.getByText("Default", { exact: true });
  await expect(defaultBadge(office)).toHaveCount(0);

  // Edit the office address.
  await office.getByRole("link", { name: "Edit address of Office Person" }).click();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("9 Work Avenue");
  await page.getByLabel("Address", { exact: true }).fill("10 Work Avenue");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(office).toContainText("10 Work Avenue");

  // Make it the default: the badge moves.
  await office.getByRole("button", { name: "Set as Default" }).click();
  await expect(defaultBadge(office)).toBeVisible();
  await expect(defaultBadge(home)).toHaveCount(0);
  await expect(home.getByRole("button", { name: "Set as Default" })).toBeVisible();

  // Delete the default after confirming: the other address becomes the default.
  await office.getByRole("button", { name: "Delete address of Office Person" }).click();
  const ask = page.getByRole("dialog", { name: "Delete Address" });
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(cards).toHaveCount(1);
  await expect(defaultBadge(home)).toBeVisible();
  await page.reload();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Home Person");
});

/** The demo shop owner whose shop holds the order. */
async function ownerOf(request: APIRequestContext, orderId: number) {
  for (let n = 1; n <= 8; n++) {
    const email = `owner${n}@example.com`;
    const login = await loginByApi(request, email, "password");
    const res = await request.get(`/api/seller/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${login.access.token}` },
    });
    if (res.ok()) return email;
  }
  throw new Error(`no owner sees order ${orderId}`);
}

async function shopperPage(browser: Browser, token: string, user: unknown) {
  const context = await browser.newContext();
  const page = waitForApp(await context.newPage());
  await useSession(page, token, user);
  return page;
}

test("a shop owner confirms and delivers an order and the shopper sees the timeline change", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = (await plainProducts(request))[3];
  if (!product) throw new Error("a fourth plain product is needed");
  const who = await registerByApi(request);
  const saved = await api(request, who.token, "/api/address/store", address("Sam Seller-Flow"));
  await api(request, who.token, "/api/cart/store", { product_id: product.id, quantity: 1 });
  const placed = await api(request, who.token, "/api/place-order", {
    shop_ids: [product.shop.id],
    address_id: saved.address.id,
    payment_method: "cash",
  });
  const order = placed.orders[0] as { id: number; order_code: string };
  const owner = await ownerOf(request, order.id);

  // The shopper's timeline starts at Pending.
  const shopper = await shopperPage(browser, who.token, who.user);
  await shopper.goto(`/order-history/${order.id}`);
  const steps = shopper.getByTestId("timeline-step");
  await expect(steps.first()).toHaveAttribute("aria-current", "step");
  await expect(steps.nth(1)).toHaveAttribute("data-reached", "false");

  // The owner signs in at /seller and finds the order.
  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(owner);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Login" }).click();
  // The owner lands on the dashboard; the menu leads to the orders.
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await page.getByRole("navigation", { name: "Section menu" }).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/seller\/orders$/);
  const row = page.getByTestId("seller-order").filter({ hasText: order.order_code });
  await expect(row).toContainText(who.name);
  await expect(row.getByTestId("order-status")).toHaveText("Pending");
  await row.getByRole("link", { name: order.order_code }).click();
  await expect(page.getByText("Sam Seller-Flow").first()).toBeVisible();

  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

  // The shopper sees the confirmation by the shop.
  await shopper.reload();
  await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");
  await expect(steps.nth(1)).toContainText("by the shop");
  await expect(shopper.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

  const sellerSteps = [
    ["Start Processing", "Processing"],
    ["Mark as Ready to Ship", "Ready to ship"],
    ["Mark as On The Way", "On the way"],
    ["Mark as Delivered", "Delivered"],
  ] as const;
  for (const [i, [action, status]] of sellerSteps.entries()) {
    // By keyboard: the pressed button stays focused and names the next step.
    await page.getByRole("button", { name: action }).press("Enter");
    await expect(page.getByTestId("order-status")).toHaveText(status);
    const next = sellerSteps[i + 1];
    if (next) await expect(page.getByRole("button", { name: next[0] })).toBeFocused();
  }
  await expect(page.getByRole("button", { name: /^Mark as|Start Processing/ })).toHaveCount(0);

  await shopper.reload();
  await expect(shopper.getByTestId("order-status")).toHaveText("Delivered");
  await expect(steps).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(steps.nth(i)).toHaveAttribute("data-reached", "true");
  await expect(steps.last()).toHaveAttribute("aria-current", "step");
  // A delivered order can be ordered again.
  await shopper.getByRole("button", { name: "Re-order" }).click();
  await expect(shopper.getByRole("dialog", { name: /My Cart/ }).getByTestId("cart-line")).toContainText(product.name);
  await shopper.context().close();
});

test("the shop gives the parcel on an Arabic phone and the shopper follows it in English", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = (await plainProducts(request))[3];
  if (!product) throw new Error("a fourth plain product is needed");
  const who = await registerByApi(request);
  const placed = await placedOrder(request, who.token, {
    productId: product.id,
    shopId: product.shop.id,
    payment: "cash",
  });
  const order = placed.orders[0] as { id: number; order_code: string };
  const owner = await demoOwnerOf(request, product.shop.id);
  const ar = shippedTexts("ar", "orders");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, owner.access.token, owner.user);
  await page.goto(`/seller/orders/${order.id}`);
  // A pending order has no parcel yet: it is given once the order is confirmed.
  await expect(page.getByTestId("order-status")).toHaveText(ar("status_pending"));
  const card = page.getByRole("region", { name: ar("shipment") });
  await expect(card).toHaveCount(0);
  await page.getByRole("button", { name: ar("action_confirm") }).click();
  await expect(page.getByTestId("order-status")).toHaveText(ar("status_confirm"));
  await expect(card).toContainText(ar("shipment_hint"));

  // Each field says what is wrong, in Arabic, and nothing is saved.
  await card.getByLabel(ar("carrier")).fill("أرامكس");
  await card.getByLabel(ar("tracking_number")).fill("<AX1>");
  await card.getByLabel(ar("tracking_url")).fill("http://track.example/AX1");
  await card.getByRole("button", { name: ar("add_shipment") }).click();
  await expect(
    card.getByText(serverSays("ar", "The tracking number field may contain only letters, digits, spaces and dashes.")),
  ).toBeVisible();
  await expect(
    card.getByText(serverSays("ar", "The tracking link field must be an address starting with https://.")),
  ).toBeVisible();

  await card.getByLabel(ar("tracking_number")).fill("AX 1234-5678");
  await card.getByLabel(ar("tracking_url")).fill("https://track.example/AX12345678");
  await card.getByRole("button", { name: ar("add_shipment") }).click();
  await expect(page.getByText(serverSays("ar", "Parcel saved"))).toBeVisible();
  const number = card.getByText("AX 1234-5678", { exact: true });
  await expect(number).toBeVisible();
  // The number reads as printed on the label, left to right, inside the Arabic page.
  expect(await readsLeftToRight(number)).toBe(true);
  await expect(card.getByRole("link", { name: ar("track_parcel") })).toHaveAttribute(
    "href",
    "https://track.example/AX12345678",
  );
  await fitsWidth(page);

  // The order goes on its way; the shopper opens it in English and sees the parcel.
  const moveTo = async (statuses: string[]) => {
    for (const status of statuses) {
      const res = await request.post(`/api/seller/orders/${order.id}/status`, {
        headers: { Authorization: `Bearer ${owner.access.token}` },
        data: { status },
      });
      expect(res.ok()).toBeTruthy();
    }
  };
  await moveTo(["Processing", "Pickup", "On The Way"]);
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const shopper = waitForApp(await context.newPage());
  await useSession(shopper, who.token, who.user);
  await shopper.goto(`/order-history/${order.id}`);
  const parcel = shopper.getByRole("region", { name: "Parcel" });
  await expect(parcel).toContainText("Carrier");
  await expect(parcel).toContainText("أرامكس");
  await expect(parcel).toContainText("AX 1234-5678");

  // Corrected on the way: the form opens with what was given, and the shopper is told at once.
  await page.reload();
  await card.getByRole("button", { name: ar("edit_shipment") }).click();
  await expect(card.getByLabel(ar("carrier"))).toHaveValue("أرامكس");
  await card.getByLabel(ar("tracking_number")).fill("AX 1234-5679");
  await card.getByRole("button", { name: ar("save_shipment") }).click();
  await expect(card.getByText("AX 1234-5679", { exact: true })).toBeVisible();
  await expect(parcel).toContainText("AX 1234-5679");
  await shopper.getByTestId("notification-bell-user").click();
  await expect(shopper.getByTestId("notification-item").first()).toContainText(
    `The parcel of your order \u2068${order.order_code}\u2069 has new tracking details.`,
  );
  await shopper.keyboard.press("Escape");
  const track = parcel.getByRole("link", { name: "Track the parcel" });
  await expect(track).toHaveAttribute("href", "https://track.example/AX12345678");
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", /noopener/);
  await fitsWidth(shopper);

  // Once delivered, the seller's card shows the parcel without a way to change it.
  await moveTo(["Delivered"]);
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText(ar("status_delivered"));
  await expect(card.getByText("AX 1234-5679", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: ar("edit_shipment") })).toHaveCount(0);

  // The order list finds it by the tracking number a shopper reads out, in any case.
  await page.goto("/seller/orders");
  await page.getByLabel(ar("search_orders")).fill("ax 1234-5679");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/search=ax/);
  await expect(page.getByTestId("seller-order")).toHaveCount(1);
  await expect(page.getByTestId("seller-order")).toContainText(order.order_code);
  await context.close();
});

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
] as const) {
  const orders = shippedTexts(locale, "orders");

  /** A new shopper with addresses named `names`, at the Buy Now checkout of the plain product `at` (from the end). */
  async function atBuyNow(page: Page, request: APIRequestContext, at: number, names: string[]) {
    const product = (await plainProducts(request, locale)).at(at);
    if (!product) throw new Error("a plain product is needed");
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const who = await newShopper(page, request);
    const addresses: { id: number }[] = [];
    for (const name of names)
      addresses.push((await api(request, who.token, "/api/address/store", address(name))).address);
    await page.goto(productPath(product));
    await page
      .getByRole("button", { name: shippedTexts(locale, "catalog")("buy_now") })
      .first()
      .click();
    await expect(page).toHaveURL(/\/buynow$/);
    return { product, who, addresses };
  }

  /** Place Order, then the Confirm dialog's Confirm Order. */
  async function placeAndConfirm(page: Page) {
    await page.getByRole("button", { name: orders("place_order") }).click();
    const confirm = page.getByRole("dialog", { name: orders("confirm_order") });
    await confirm.getByRole("button", { name: orders("confirm_order") }).click();
  }

  test(`an order is placed only at the total the shopper confirmed: Buy Now again in another tab (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    // The last one: the tests above count the stock of the first ones.
    const { product, who } = await atBuyNow(page, request, -1, ["Sam Twotabs"]);
    await expect(page.getByTestId("checkout-shop")).toContainText(product.name);
    const quantity = page.getByTestId("checkout-shop").getByRole("status");
    await expect(quantity).toHaveText("1");

    // Another tab buys it now too, three of them: the buy-now cart holds those instead.
    await api(request, who.token, "/api/cart/store", { product_id: product.id, quantity: 3, is_buy_now: true });

    await placeAndConfirm(page);
    await expect(
      page.getByText(
        serverSays(locale, "Your order changed since you confirmed it. Please check the new total and confirm again."),
      ),
    ).toBeVisible();
    const history = await api(request, who.token, "/api/orders");
    expect(history.orders.data).toHaveLength(0);
    // The page now shows what would be ordered; confirming that places it.
    await expect(quantity).toHaveText("3");
    await placeAndConfirm(page);
    await expect(page.getByText(orders("order_placed")).first()).toBeVisible();
    const placed = await api(request, who.token, "/api/orders");
    expect(placed.orders.data).toHaveLength(1);
    await fitsWidth(page, width);
  });

  test(`a reload mid-checkout keeps the payment method and the note; a placed order clears the note (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await atBuyNow(page, request, -6, ["Rita Reload"]);
    const methods = page
      .getByRole("radiogroup")
      .or(page.locator("fieldset"))
      .filter({ has: page.getByRole("radio") });
    const card = methods.getByRole("radio").nth(1);
    await card.check();
    const note = page.getByPlaceholder(orders("note_placeholder"));
    await note.fill("Ring the bell twice");
    await page.reload();
    await expect(card).toBeChecked();
    await expect(note).toHaveValue("Ring the bell twice");
    // Back to cash, and the order placed with the note: the next checkout starts without it.
    await methods.getByRole("radio", { name: orders("cash_on_delivery") }).check();
    await placeAndConfirm(page);
    await expect(page.getByText(orders("order_placed")).first()).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}").state?.orderNote)).toBe("");
  });

  test(`an order whose answer is lost on the way is asked for again: one order, and the shopper sees it placed (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const { who } = await atBuyNow(page, request, -5, ["Tess Tunnel"]);
    // The server places the order, and its answer never reaches the phone (a train's tunnel).
    let tries = 0;
    await page.route("**/api/place-order", async (route) => {
      tries += 1;
      if (tries > 1) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await placeAndConfirm(page);
    await expect(page.getByText(orders("order_placed")).first()).toBeVisible();
    expect(tries).toBe(2);
    const placed = await api(request, who.token, "/api/orders");
    expect(placed.orders.data).toHaveLength(1);
  });

  test(`an Add to Cart whose answer is lost says so in the page's language, and the cart is read again (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const product = (await plainProducts(request, locale)).at(-6);
    if (!product) throw new Error("a plain product is needed");
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const who = await newShopper(page, request);
    await page.route("**/api/cart/store", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.goto(productPath(product));
    await page
      .getByRole("button", { name: shippedTexts(locale, "catalog")("add_to_cart") })
      .first()
      .click();
    await expect(page.getByText(shippedTexts(locale, "common")("network_error"))).toBeVisible();
    // The server did add it: the cart, read again, counts it, and a second tap is not needed.
    const cart = await api(request, who.token, "/api/carts");
    expect(cart.quantity).toBe(1);
    await expect(page.getByTestId("navbar-cart")).toContainText("1");
  });

  test(`an address deleted in another tab is named, and checkout moves to the one left (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const { who, addresses } = await atBuyNow(page, request, -3, ["Sam Homestead", "Sam Office"]);
    const home = addresses[0] as { id: number };
    const shipTo = page.getByRole("region", { name: orders("shipping_address") });
    await expect(shipTo).toContainText("Sam Homestead");

    // Another tab deletes the address this page is about to use.
    await api(request, who.token, `/api/address/${home.id}/delete`, {});
    await placeAndConfirm(page);
    await expect(
      page.getByText(
        serverSays(
          locale,
          "The delivery address you chose no longer exists. Please check the address and confirm again.",
        ),
      ),
    ).toBeVisible();
    expect((await api(request, who.token, "/api/orders")).orders.data).toHaveLength(0);
    await expect(shipTo).toContainText("Sam Office");
    await expect(shipTo).not.toContainText("Sam Homestead");
    await fitsWidth(page, width);
  });

  test(`Back from the card page names the unpaid order with Pay Now, not only an empty checkout (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const { who } = await atBuyNow(page, request, -4, ["Pat Backtrack"]);
    await page.locator('input[type="radio"][value="test"]').check();
    await placeAndConfirm(page);
    await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/buynow$/);
    const [order] = (await api(request, who.token, "/api/orders")).orders.data as { id: number; order_code: string }[];
    if (!order) throw new Error("the order was placed");
    const notice = page.getByRole("region", { name: orders("unpaid_title") });
    await expect(notice).toContainText(order.order_code);
    await expect(notice).toContainText(orders("unpaid_text", { code: "|" }).split("|")[0]?.trim() ?? "");
    await expect(notice.getByRole("link", { name: orders("view_order_details") })).toHaveAttribute(
      "href",
      `/order-history/${order.id}`,
    );
    await fitsWidth(page, width);
    await notice.getByRole("link", { name: orders("pay_now") }).click();
    await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
  });

  test(`a shop that closes during checkout is named, and its lines wait in the cart under its notice (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const cart = shippedTexts(locale, "cart");
    const own = await newApprovedShop(request, "Shutter");
    const other = (await plainProducts(request, locale)).at(-2);
    if (!other) throw new Error("a plain product is needed");
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const who = await newShopper(page, request);
    await api(request, who.token, "/api/address/store", address("Sam Shutter"));
    for (const id of [own.product.id, other.id]) {
      await api(request, who.token, "/api/cart/store", { product_id: id, quantity: 1 });
    }

    await page.goto("/");
    await page.getByTestId("navbar-cart").click();
    const drawer = page.getByRole("dialog", { name: new RegExp(cart("my_cart")) });
    await drawer.getByRole("checkbox", { name: cart("select_shop", { shop: own.shop.name }) }).check();
    await drawer.getByRole("button", { name: cart("proceed_to_checkout") }).click();
    await expect(page.getByTestId("checkout-shop")).toContainText(own.product.name);

    // The seller closes the shop while the shopper is on the checkout page.
    const auth = { authorization: `Bearer ${own.seller.access.token}` };
    const { id, slug, logo, banner, url, ...profile } = (
      await (await request.get("/api/seller/shop", { headers: auth })).json()
    ).data;
    const closed = await request.put("/api/seller/shop", { headers: auth, data: { ...profile, is_open: false } });
    expect(closed.ok(), await closed.text()).toBeTruthy();

    await placeAndConfirm(page);
    const named = serverSays(locale, "{{shop}} is closed right now and is not taking orders.").replace(
      "{{shop}}",
      own.shop.name,
    );
    await expect(page.getByText(named)).toBeVisible();
    expect((await api(request, who.token, "/api/orders")).orders.data).toHaveLength(0);

    // The cart keeps the line under the shop's notice; the shop cannot be chosen until it opens.
    await page.getByTestId("navbar-cart").click();
    const group = drawer.getByTestId("cart-shop").filter({ hasText: own.product.name });
    await expect(group.getByTestId("shop-closed")).toHaveText(shippedTexts(locale, "seller_shop")("closed_notice"));
    const choose = drawer.getByRole("checkbox", { name: cart("select_shop", { shop: own.shop.name }) });
    await expect(choose).toBeDisabled();
    await expect(choose).not.toBeChecked();
    await expect(drawer.getByRole("checkbox", { name: cart("select_shop", { shop: other.shop.name }) })).toBeEnabled();
    await fitsWidth(page, width);
  });
}
