import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { deliverOrder, newApprovedShop, placedOrder, registerByApi, subscribed, useSession } from "./helpers.ts";

// Issue 20, items 7 and 8: a shopper buys, the shop's bell shows the new order; the seller moves
// the order along to Delivered and the shopper's bell counts each step live (no reload), the
// notification opens the order, and the mail is in the outbox, written in the shopper's language.

type Messages = Record<string, string>;
const messages = (locale: string, namespace: string): Messages =>
  JSON.parse(
    fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${namespace}.json`, import.meta.url), "utf8"),
  );
/** As the bell sets an order's code in its sentence: isolated in its own direction (U+2068 ... U+2069). */
const isolated = (code: string) => `\u2068${code}\u2069`;
const fill = (text: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text ?? "");

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: order notifications reach the shop's and the shopper's bells live, and the mail the outbox`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = messages(locale, "notifications");
    const mail = messages(locale, "mail");
    const orders = messages(locale, "orders");
    const shop = await newApprovedShop(request, `notify${locale}`);
    const shopper = await registerByApi(request);
    const auth = { Authorization: `Bearer ${shopper.token}`, "Accept-Language": locale };
    const address = await request.post("/api/address/store", {
      headers: auth,
      data: { name: "Nour Notify", phone: "5550123456", address_line: "3 Bell Street", address_type: "home" },
    });
    expect(address.ok(), await address.text()).toBeTruthy();

    // The seller watches the Seller Centre.
    const sellerContext = await browser.newContext({ locale });
    const sellerPage = await sellerContext.newPage();
    await useSession(sellerPage, shop.seller.access.token, shop.seller.user);
    await sellerPage.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const shopJoined = subscribed(sellerPage, `private-chat_shop_${shop.shop.id}`);
    await sellerPage.goto("/seller/orders");
    const sellerBell = sellerPage.getByTestId("notification-bell-shop");
    await expect(sellerBell).toBeVisible();
    await expect(sellerBell.getByTestId("notification-count")).toHaveCount(0);

    await shopJoined;

    // The shopper buys.
    const added = await request.post("/api/cart/store", {
      headers: auth,
      data: { product_id: shop.product.id, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
    const placed = await request.post("/api/place-order", {
      headers: auth,
      data: { shop_ids: [shop.shop.id], address_id: (await address.json()).data.address.id, payment_method: "cash" },
    });
    expect(placed.ok(), await placed.text()).toBeTruthy();
    const order = (await placed.json()).data.orders[0] as { id: number; order_code: string };

    // The shop's bell counts the new order without a reload.
    await expect(sellerBell.getByTestId("notification-count")).toHaveText("1");
    await sellerBell.click();
    await expect(sellerPage.getByTestId("notification-item").first()).toContainText(
      fill(t.kind_new_order, { code: isolated(order.order_code) }),
    );
    await shot(sellerPage, `seller-bell-${locale}-1280`);
    await sellerContext.close();

    // The shopper's storefront: one notification (the order placed).
    await useSession(page, shopper.token, shopper.user);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const userJoined = subscribed(page, `private-chat_user_${shopper.user.id}`);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    const bell = page.getByTestId("notification-bell-user");
    await expect(bell.getByTestId("notification-count")).toHaveText("1");
    await userJoined;

    // The seller moves the order to Delivered; each step reaches the open page live.
    const sellerAuth = { Authorization: `Bearer ${shop.seller.access.token}` };
    for (const status of ["Confirm", "Processing", "Pickup", "On The Way", "Delivered"]) {
      const moved = await request.post(`/api/seller/orders/${order.id}/status`, {
        headers: sellerAuth,
        data: { status },
      });
      expect(moved.ok(), await moved.text()).toBeTruthy();
    }
    await expect(bell.getByTestId("notification-count")).toHaveText("6", { timeout: 10_000 });
    await bell.click();
    const delivered = fill(t.kind_order_status, {
      code: isolated(order.order_code),
      status: orders.status_delivered ?? "",
    });
    const first = page.getByTestId("notification-item").first();
    await expect(first).toContainText(delivered);
    await shot(page, `bell-${locale}-1280`);

    // The mail is in the outbox, in the shopper's language.
    const { data: outbox } = await (await request.get("/dev/outbox?format=json")).json();
    const mails = (outbox as { recipient: string; subject: string; body: string; html: string | null }[]).filter(
      (m) => m.recipient === shopper.email,
    );
    // In Arabic the code keeps its own order inside the sentence (isolated), as on the pages.
    const code = locale === "ar" ? isolated(order.order_code) : order.order_code;
    const subject = fill(mail.order_status_subject, { code, status: orders.status_delivered ?? "" });
    const deliveredMail = mails.find((m) => m.subject === subject);
    expect(deliveredMail, JSON.stringify(mails.map((m) => m.subject))).toBeTruthy();
    expect(deliveredMail?.html).toContain(`dir="${locale === "ar" ? "rtl" : "ltr"}"`);
    // The order's mail links its invoice.
    expect(
      mails.some(
        (m) => m.subject.includes(order.order_code) && m.body.includes(`/api/orders/${order.id}/invoice?sig=`),
      ),
    ).toBe(true);

    // Opening the notification opens the order and marks it read.
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
    await expect(bell.getByTestId("notification-count")).toHaveText("5");

    // On a phone the list fits the screen; "mark all as read" clears the count.
    await page.setViewportSize({ width: 375, height: 760 });
    await bell.click();
    const panel = page.getByRole("region", { name: t.title });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await shot(page, `bell-${locale}-375`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.getByRole("button", { name: t.mark_all_read }).click();
    await expect(bell.getByTestId("notification-count")).toHaveCount(0);
  });
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: the account's notification settings turn an order update mail off; transactional ones stay on`, async ({
    page,
    request,
  }) => {
    const t = messages(locale, "notifications");
    const shopper = await registerByApi(request);
    await useSession(page, shopper.token, shopper.user);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: t.menu, exact: true }).first().click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: t.menu })).toBeVisible();

    const placed = page.getByRole("checkbox", { name: t.topic_order_placed });
    await expect(placed).toBeChecked();
    await expect(placed).toBeDisabled();
    // A shopper may also turn off the mail that says an item they waited for is back.
    await expect(page.getByRole("checkbox", { name: t.topic_back_in_stock })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: t.topic_back_in_stock })).toBeEnabled();
    const status = page.getByRole("checkbox", { name: t.topic_order_status });
    await expect(status).toBeChecked();
    await status.uncheck();
    await expect(page.getByText(t.saved ?? "")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: t.topic_order_status })).not.toBeChecked();
    const prefs = await request.get("/api/notifications/preferences", {
      headers: { Authorization: `Bearer ${shopper.token}` },
    });
    const off = (await prefs.json()).data.preferences.filter((p: { email: boolean }) => !p.email);
    expect(off.map((p: { topic: string }) => p.topic)).toEqual(["order_status"]);

    await page.setViewportSize({ width: 375, height: 760 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, `preferences-${locale}-375`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `preferences-${locale}-1280`);
  });
}

test("ar, 375 px: the bell shows the latest ten and, on request, the older ones", async ({ page, request }) => {
  const { shop, product, seller } = await newApprovedShop(request, "Older");
  const shopper = await registerByApi(request);
  const codes: string[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await placedOrder(request, shopper.token, {
      productId: product.id,
      shopId: shop.id,
      payment: "cash",
    });
    const order = placed.orders[0] as { id: number; order_code: string };
    codes.push(order.order_code);
    await deliverOrder(request, seller.access.token, order.id);
  }
  // Placed and five steps each: twelve, written by the server's job.
  await expect
    .poll(async () => {
      const res = await request.get("/api/notifications/unread", {
        headers: { Authorization: `Bearer ${shopper.token}` },
      });
      return (await res.json()).data.unread;
    })
    .toBe(12);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/");
  await page.getByTestId("notification-bell-user").click();
  const items = page.getByTestId("notification-item");
  await expect(items).toHaveCount(10);
  const t = messages("ar", "notifications");
  await page.getByRole("button", { name: t.show_older }).scrollIntoViewIfNeeded();
  await shot(page, "bell-ten-ar-375");
  await page.getByRole("button", { name: t.show_older }).click();
  await expect(items).toHaveCount(12);
  // The oldest last: the first order's.
  await expect(items.last()).toContainText(isolated(codes[0] as string));
  await expect(page.getByRole("button", { name: t.show_older })).toHaveCount(0);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items.last()).toBeInViewport();
  await shot(page, "bell-older-ar-375");
});

test("the bell catches up on what was told while the page was connecting, and while its connection was lost", async ({
  page,
  request,
}) => {
  const shop = await newApprovedShop(request, "catchup");
  const shopper = await registerByApi(request);
  const order = (
    await placedOrder(request, shopper.token, { productId: shop.product.id, shopId: shop.shop.id, payment: "cash" })
  ).orders[0];
  const move = async (status: string) => {
    const moved = await request.post(`/api/seller/orders/${order?.id}/status`, {
      headers: { Authorization: `Bearer ${shop.seller.access.token}` },
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  };

  const asked = await request.post("/api/send-message", {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { shop_id: shop.shop.id, message: "Is it in stock?" },
  });
  expect(asked.ok(), await asked.text()).toBeTruthy();

  // Each realtime connection waits at a gate the test opens, so a notice can be sent before it joins.
  const gates: Array<() => void> = [];
  const connections: Array<{ close: () => Promise<void> }> = [];
  let joins = 0;
  await page.routeWebSocket(
    (url) => url.pathname.startsWith("/app/"),
    async (ws) => {
      await new Promise<void>((open) => gates.push(open));
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (String(message).includes("subscription_succeeded")) joins += 1;
        ws.send(message);
      });
      connections.push({ close: () => ws.close({ code: 4200, reason: "lost" }) });
    },
  );
  const opened = async (n: number) => {
    await expect.poll(() => gates.length).toBe(n);
    gates[n - 1]?.();
  };

  await useSession(page, shopper.token, shopper.user);
  await page.goto("/");
  const count = page.getByTestId("notification-bell-user").getByTestId("notification-count");
  await expect(count).toHaveText("1");

  // Told while the page is still connecting: the bell learns of it once the channel is joined.
  await move("Confirm");
  await opened(1);
  await expect.poll(() => joins).toBe(1);
  await expect(count).toHaveText("2");

  // Told while the connection is lost: the bell learns of it when the connection is back.
  await connections[0]?.close();
  await expect.poll(() => gates.length).toBe(2);
  await move("Processing");
  const answered = await request.post(`/api/seller/conversations/${shopper.user.id}/messages`, {
    headers: { Authorization: `Bearer ${shop.seller.access.token}` },
    data: { message: "Yes, it is." },
  });
  expect(answered.ok(), await answered.text()).toBeTruthy();
  await opened(2);
  await expect(count).toHaveText("3");
  // So does the shop's answer to the shopper's chat.
  await expect(page.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();
});
