import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { loginByApi, registerByApi, shippedTexts, useSession } from "./helpers.ts";

// A shopper and a shop owner chat in two browsers; everything arrives through the realtime
// server (pusher-js in the page), never by reloading. ownerN@example.com owns shop N.
const SHOP = { id: 6, name: "Glow Beauty", owner: "owner6@example.com" };
const XSS = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;

async function openAs(browser: Browser, token: string, user: unknown): Promise<Page> {
  const context = await browser.newContext();
  const page = waitForApp(await context.newPage());
  await useSession(page, token, user);
  return page;
}

test("a shopper and a seller chat live; unread badges rise and clear; markup stays text", async ({
  browser,
  request,
}) => {
  const shopper = await registerByApi(request);
  const seller = await loginByApi(request, SHOP.owner, "password");
  const shopperPage = await openAs(browser, shopper.token, shopper.user);
  const sellerPage = await openAs(browser, seller.access.token, seller.user);

  // The seller waits in the inbox; the shopper opens the chat from the shop's page and writes.
  await sellerPage.goto("/seller/messages");
  await expect(sellerPage.getByText("No conversations yet.", { exact: false })).toBeVisible();
  await shopperPage.goto(`/shops/${SHOP.id}`);
  await shopperPage.getByRole("button", { name: "Chat with Shop" }).click();
  const panel = shopperPage.getByRole("region", { name: `Chat with ${SHOP.name}` });
  await expect(panel.getByRole("heading", { name: SHOP.name })).toBeVisible();
  await expect(panel.getByText("No messages yet")).toBeVisible();
  const box = panel.getByPlaceholder("Type a message");
  await box.fill("Hello, do you ship abroad?");
  await box.press("Enter");
  await expect(panel.getByRole("log")).toContainText("Hello, do you ship abroad?");

  // It arrives in the seller's inbox with one unread message; opening it clears the badge.
  const row = sellerPage.getByRole("button", { name: new RegExp(shopper.name) });
  await expect(row).toContainText("1 unread");
  await row.click();
  const sellerLog = sellerPage.getByRole("log");
  await expect(sellerLog).toContainText("Hello, do you ship abroad?");
  await expect(row).not.toContainText("unread");

  // The seller's reply reaches the open panel without a reload; its link opens in a new tab.
  const sellerBox = sellerPage.getByPlaceholder("Type a message");
  await sellerBox.fill("Yes! Rates: https://example.com/shipping");
  await sellerBox.press("Enter");
  const link = panel.getByRole("link", { name: "https://example.com/shipping" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  // Off the messages page, a new message raises the shopper's unread count in the navbar.
  await panel.getByRole("button", { name: "Close chat" }).click();
  await expect(panel).toBeHidden();
  await sellerBox.fill("Anything else I can help with?");
  await sellerBox.press("Enter");
  const navMessages = shopperPage.getByRole("link", { name: "Messages, 1 unread" });
  await expect(navMessages).toBeVisible();

  // On /massages the sidebar and the shop's row show it; opening the conversation clears both.
  await navMessages.click();
  await expect(shopperPage).toHaveURL(/\/massages$/);
  const sidebar = shopperPage.getByRole("navigation", { name: "Account menu" });
  await expect(sidebar.getByRole("link", { name: /Message/ })).toContainText("1");
  const shopRow = shopperPage.getByRole("button", { name: new RegExp(SHOP.name) });
  await expect(shopRow).toContainText("1 unread");
  // The conversation was loaded once on the shop's page; on a slow line the counts must still be
  // read after this opening's load has marked the message seen, not beside it.
  await shopperPage.route("**/api/get-message?*", async (route) => {
    await new Promise((settle) => setTimeout(settle, 600));
    await route.continue();
  });
  await shopRow.click();
  const shopperLog = shopperPage.getByRole("log");
  await expect(shopperLog).toContainText("Anything else I can help with?");
  await expect(shopRow).not.toContainText("unread");
  await expect(sidebar.getByRole("link", { name: /Message/ })).toHaveText("Message");
  await expect(shopperPage.getByRole("link", { name: "Messages", exact: true })).toBeVisible();

  // Markup in a message is shown as the characters typed, on both sides, and never runs.
  const pageBox = shopperPage.getByPlaceholder("Type a message");
  await pageBox.fill(XSS);
  await pageBox.press("Enter");
  await expect(shopperLog.getByText(XSS)).toBeVisible();
  await expect(sellerLog.getByText(XSS)).toBeVisible();
  for (const p of [shopperPage, sellerPage]) {
    expect(await p.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(p.locator('[role="log"] img[src="x"]')).toHaveCount(0);
  }

  // Each side's open conversation is in its URL: a reload keeps it open.
  await expect(shopperPage).toHaveURL(new RegExp(`/massages\\?shop=${SHOP.id}$`));
  await expect(sellerPage).toHaveURL(new RegExp(`/seller/messages\\?customer=${shopper.user.id}$`));
  for (const p of [shopperPage, sellerPage]) {
    await p.reload();
    await expect(p.getByRole("log")).toContainText("Anything else I can help with?");
  }

  await shopperPage.context().close();
  await sellerPage.context().close();
});

test("the panel opens on the newest page and loads older messages at the top", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  const seller = await loginByApi(request, "owner5@example.com", "password");
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  for (let i = 1; i <= 15; i++) {
    const res = await request.post("/api/send-message", {
      headers: auth(shopper.token),
      data: { shop_id: 5, message: `Question ${i}` },
    });
    expect(res.ok()).toBeTruthy();
  }
  for (let i = 1; i <= 10; i++) {
    const res = await request.post(`/api/seller/conversations/${shopper.user.id}/messages`, {
      headers: auth(seller.access.token),
      data: { message: `Answer ${i}` },
    });
    expect(res.ok()).toBeTruthy();
  }
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/shops/5");
  await page.getByRole("button", { name: "Chat with Shop" }).click();
  const log = page.getByRole("log");
  await expect(log.getByText("Answer 10", { exact: true })).toBeInViewport();
  await expect(log.getByRole("listitem")).toHaveCount(20);
  await expect(log.getByText("Question 5", { exact: true })).toHaveCount(0);
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(log.getByRole("listitem")).toHaveCount(25);
  await expect(log.getByRole("listitem").first()).toContainText("Question 1");
});

test("a visitor is asked to log in before chatting; the chat opens once they have", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  await page.goto(`/shops/${SHOP.id}`);
  await page.getByRole("button", { name: "Chat with Shop" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await expect(login).toBeVisible();
  const panel = page.getByRole("region", { name: `Chat with ${SHOP.name}` });
  await expect(panel).toHaveCount(0);
  await login.getByLabel("Email or Phone").fill(shopper.email);
  await login.getByLabel("Password", { exact: true }).fill(shopper.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(login).toBeHidden();
  await expect(panel.getByRole("heading", { name: SHOP.name })).toBeVisible();
  await expect(panel.getByPlaceholder("Type a message")).toBeVisible();
});

test("a chat asked for and not signed in for stays closed at a later sign-in", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  await page.goto(`/shops/${SHOP.id}`);
  await page.getByRole("button", { name: "Chat with Shop" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.press("Escape");
  await expect(login).toBeHidden();
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await login.getByLabel("Email or Phone").fill(shopper.email);
  await login.getByLabel("Password", { exact: true }).fill(shopper.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page.getByRole("region", { name: `Chat with ${SHOP.name}` })).toHaveCount(0);
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a message whose answer is lost is sent again and arrives once (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const chat = shippedTexts(locale, "chat");
    const shopper = await registerByApi(request);
    const seller = await loginByApi(request, "owner4@example.com", "password");
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, shopper.token, shopper.user);
    // The server stores the message, and its answer never reaches the phone.
    let tries = 0;
    await page.route("**/api/send-message", async (route) => {
      tries += 1;
      if (tries > 1) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.goto("/shops/4");
    await page
      .getByRole("button", { name: chat("chat_with_shop") })
      .first()
      .click();
    await page.getByPlaceholder(chat("type_a_message")).fill("Is the parcel insured?");
    await page.getByRole("button", { name: chat("send"), exact: true }).click();
    const log = page.getByRole("log");
    await expect(log.getByText("Is the parcel insured?")).toHaveCount(1);
    await expect(log.getByText(chat("sending"))).toHaveCount(0);
    expect(tries).toBe(2);
    await expect(log.getByText("Is the parcel insured?")).toHaveCount(1);
    // The shop has it once.
    const res = await request.get(`/api/seller/conversations/${shopper.user.id}/messages`, {
      headers: { Authorization: `Bearer ${seller.access.token}` },
    });
    const { data } = (await res.json()) as { data: { data: { message: string | null }[] } };
    expect(data.data.map((m) => m.message)).toEqual(["Is the parcel insured?"]);
  });
}
