import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { newApprovedShop, offsetAtLeftEdge, registerByApi, shippedTexts, useSession } from "./helpers.ts";

// The messages pages on a phone (375 px), in English and Arabic: a 2,000-character word and a long
// sentence wrap or truncate inside the page instead of widening it, Send stays on screen, a link
// with Arabic in it reads left to right, and the menu carries the unread count the navbar hides.
const WIDTH = 375;
const LONG_WORD = "A".repeat(2000);
const LINK = "https://example.com/ar/منتج?id=5";
const SENTENCE = "This is a reply from the shop's second device, long enough to need an ellipsis on a phone";

async function phone(browser: Browser, locale: string, token: string, user: unknown): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  const page = waitForApp(await context.newPage());
  await useSession(page, token, user);
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

async function expectNoSidewaysScroll(page: Page) {
  const [scrolled, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrolled).toBeLessThanOrEqual(viewport);
}

async function expectWithinScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(WIDTH);
}

/** The row's last message: cut short with an ellipsis inside the row, in the text's own direction. */
async function expectTruncatedPreview(row: Locator) {
  const preview = row.locator('span[dir="auto"]');
  await expect(preview).toHaveText(SENTENCE);
  await expectWithinScreen(preview);
  const cut = await preview.evaluate(
    (el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === "ellipsis",
  );
  expect(cut).toBe(true);
}

/** The open conversation: its long word inside the screen, Send reachable, the counter near the limit. */
async function expectConversationFits(page: Page, locale: string) {
  const log = page.getByRole("log");
  await expect(log.getByText(LONG_WORD)).toBeVisible();
  await expectWithinScreen(log.getByText(LONG_WORD));
  await expectNoSidewaysScroll(page);
  const send = page.getByRole("button", { name: shippedTexts(locale, "chat")("send"), exact: true });
  // The page may scroll down to it on a short screen, never sideways.
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport({ ratio: 1 });
  await expectWithinScreen(send);

  const box = page.locator("form textarea");
  await box.fill("x".repeat(1950));
  const count = await page.evaluate((l) => {
    const n = new Intl.NumberFormat(l);
    return `${n.format(1950)} / ${n.format(2000)}`;
  }, locale);
  await expect(page.locator("form [aria-live=polite]")).toContainText(count);
  await expectWithinScreen(send);
  // An English question typed on an Arabic page reads as typed: "Is …" from the left, "?" at its end.
  await box.fill("Is this in stock?");
  expect(await offsetAtLeftEdge(box)).toBeLessThanOrEqual(1);
  await box.fill("");
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: long messages stay inside the messages pages at ${WIDTH} px; the menu shows unread messages`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const chat = shippedTexts(locale, "chat");
    const layout = shippedTexts(locale, "layout");
    const shop = await newApprovedShop(request, `chatlayout${locale}`);
    const shopper = await registerByApi(request);
    const shopperAuth = { Authorization: `Bearer ${shopper.token}` };
    for (const message of [LONG_WORD, `See ${LINK} please`]) {
      const sent = await request.post("/api/send-message", {
        headers: shopperAuth,
        data: { shop_id: shop.shop.id, message },
      });
      expect(sent.ok(), await sent.text()).toBeTruthy();
    }
    const replied = await request.post(`/api/seller/conversations/${shopper.user.id}/messages`, {
      headers: { Authorization: `Bearer ${shop.seller.access.token}` },
      data: { message: SENTENCE },
    });
    expect(replied.ok(), await replied.text()).toBeTruthy();

    // The navbar has no messages button on a phone: the menu button and the menu carry the count.
    const page = await phone(browser, locale, shopper.token, shopper.user);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    await page.getByRole("button", { name: layout("open_menu_unread_one", { count: "1" }) }).click();
    const menu = page.getByRole("dialog", { name: layout("menu") });
    const messages = menu.getByRole("link", { name: chat("messages_unread_one", { count: "1" }) });
    await expect(messages).toContainText("1");
    await expectWithinScreen(messages);
    await messages.click();
    await expect(page).toHaveURL(/\/massages$/);

    // The shopper's list and conversation.
    const row = page.getByRole("button", { name: new RegExp(shop.shop.name) });
    await expectTruncatedPreview(row);
    await expectNoSidewaysScroll(page);
    await expectWithinScreen(page.getByRole("searchbox", { name: chat("search_seller") }));
    await row.click();
    await expectConversationFits(page, locale);
    const link = page.getByRole("log").getByRole("link", { name: LINK });
    await expect(link).toHaveAttribute("dir", "ltr");
    await expect(link).toHaveAttribute("href", LINK);
    await page.context().close();

    // The seller's inbox.
    const seller = await phone(browser, locale, shop.seller.access.token, shop.seller.user);
    await seller.goto("/seller/messages");
    const customer = seller.getByRole("button", { name: new RegExp(shopper.name) });
    await expectTruncatedPreview(customer);
    await expectNoSidewaysScroll(seller);
    await customer.click();
    await expectConversationFits(seller, locale);
    await expect(seller.getByRole("log").getByRole("link", { name: LINK })).toHaveAttribute("dir", "ltr");
    await seller.context().close();
  });
}
