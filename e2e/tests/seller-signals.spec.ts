import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { firstCountry, fitsWidth, loginByApi, newApprovedShop, registerByApi, unique, useSession } from "./helpers.ts";

// Issue 21, items 5 and 6: what the Seller Centre tells a seller outside its pages' own content.
// A shop that awaits approval says so on every section; a shopper's message raises a count on
// "Messages" and a toast wherever the seller is, and opening the conversation clears the count.

const SECTIONS = [
  "/seller",
  "/seller/dashboard",
  "/seller/products",
  "/seller/stock",
  "/seller/vouchers",
  "/seller/flash-sales",
  "/seller/orders",
  "/seller/messages",
  "/seller/shop",
  "/seller/staff",
];
const WAITING = "Your shop is waiting for approval.";

/** Resolves once the page's realtime connection has joined the shop's private channel. */
function subscribedToShop(page: Page, shopId: number) {
  return new Promise<void>((resolve) => {
    page.on("websocket", (ws) =>
      ws.on("framereceived", (frame) => {
        const text = String(frame.payload);
        if (text.includes("subscription_succeeded") && text.includes(`private-chat_shop_${shopId}`)) resolve();
      }),
    );
  });
}

test("a seller whose shop awaits approval is told so on every Seller Centre section", async ({ page, request }) => {
  const who = unique("pending");
  const country = await firstCountry(request);
  const password = "secret-pass-1";
  const registered = await request.post("/api/shop/register", {
    data: { ...who, password, country: country.name, phone_code: country.phone_code, shop_name: `Shop ${who.name}` },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();

  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toHaveText(WAITING);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  for (const url of SECTIONS) {
    await page.goto(url);
    await expect(main.getByRole("alert"), url).toHaveText(WAITING);
    await expect(page.getByText("Something went wrong"), url).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reload" }), url).toHaveCount(0);
  }

  // On a phone the message fits and the way out (sign out) is reachable.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/seller/orders");
  await expect(main.getByRole("alert")).toHaveText(WAITING);
  await fitsWidth(page);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
});

test("a shopper's message shows a count on Messages and a toast on another seller page; opening it clears the count", async ({
  page,
  request,
}) => {
  // A shop of its own, so messages other specs send to the seeded shops do not change its count.
  const shop = await newApprovedShop(request, "signals");
  const shopper = await registerByApi(request);
  await useSession(page, shop.seller.access.token, shop.seller.user);

  const subscribed = subscribedToShop(page, shop.shop.id);
  await page.goto("/seller/orders");
  const messagesLink = page.getByRole("navigation", { name: "Section menu" }).getByRole("link", { name: /^Messages/ });
  await expect(messagesLink).toHaveAccessibleName("Messages");
  await subscribed;

  const sent = await request.post("/api/send-message", {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { shop_id: shop.shop.id, message: "Is the lamp still available?" },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  // Still on the orders page: the toast says a customer wrote, and Messages counts one unread.
  const toastBox = page.locator("[data-sonner-toast]").filter({ hasText: "A customer sent you a new message." });
  await expect(toastBox).toBeVisible();
  await expect(messagesLink).toHaveAccessibleName("Messages 1 new");
  await expect(messagesLink).toContainText("1");
  await expect(page).toHaveURL(/\/seller\/orders$/);

  // The toast's button opens the inbox; opening the conversation clears the count.
  await toastBox.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/seller\/messages$/);
  await page.getByRole("button", { name: new RegExp(shopper.name) }).click();
  await expect(page.getByRole("log")).toContainText("Is the lamp still available?");
  await expect(messagesLink).toHaveAccessibleName("Messages");

  // In the inbox itself a new message shows there, without a toast.
  const newMessageToast = page.locator("[data-sonner-toast]").filter({ hasText: "A customer sent you" });
  await expect(newMessageToast).toHaveCount(0);
  const again = await request.post("/api/send-message", {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { shop_id: shop.shop.id, message: "And in blue?" },
  });
  expect(again.ok()).toBeTruthy();
  await expect(page.getByRole("log")).toContainText("And in blue?");
  await expect(newMessageToast).toHaveCount(0);

  // In Arabic (rtl) and on a phone, another unread message shows its count on the menu link.
  await page.goto("/seller/dashboard");
  const third = await request.post("/api/send-message", {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { shop_id: shop.shop.id, message: "Hello again" },
  });
  expect(third.ok()).toBeTruthy();
  await page.evaluate(() => localStorage.setItem("locale", "ar"));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/seller/orders");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const arLink = page.getByRole("navigation").getByRole("link", { name: /جديدة: 1/ });
  await expect(arLink).toBeVisible();
  await expect(arLink).toContainText("1");
  await fitsWidth(page);

  // The seller's API agrees with the badge.
  const seller = await loginByApi(request, shop.email, shop.password);
  const unread = await request.get("/api/seller/unread-messages", {
    headers: { Authorization: `Bearer ${seller.access.token}` },
  });
  expect((await unread.json()).data.unread_messages).toBe(1);
});
