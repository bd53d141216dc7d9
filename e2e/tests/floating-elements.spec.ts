import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { openTicketByApi, plainProducts, registerByApi, useSession } from "./helpers.ts";

// Issue 21, item 10 and issue 19, item 1: nothing the shopper must press sits under a floating
// element (the cart side tab, a toast). At the centre of each button, `elementFromPoint` must hit
// the button itself (or a child of it); a floating element on top of it fails the check.

const text = (locale: string, ns: string, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"))[
    key
  ];

type Covered = { label: string; hit: string };

/**
 * The buttons of `targets` whose centre is in the viewport: how many, and which are covered. With
 * `ends`, the points 8 px inside both ends of the button's middle line are checked too (for wide,
 * square buttons; a round icon button's box corners are outside it).
 */
async function covered(
  targets: Locator,
  ends = false,
  /** Where the screen's free part ends (above a bar fixed at its bottom); the screen's bottom by default. */
  bottom?: number,
): Promise<{ checked: number; rightHalf: number; covered: Covered[] }> {
  return targets.evaluateAll(
    (els, [withEnds, end]) => {
      const out = { checked: 0, rightHalf: 0, covered: [] as Covered[] };
      for (const el of els) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= (end ?? window.innerHeight)) continue;
        out.checked++;
        if (x > window.innerWidth / 2) out.rightHalf++;
        const xs = withEnds ? [x, r.left + 8, r.right - 8] : [x];
        for (const px of xs) {
          const hit = document.elementFromPoint(px, y);
          if (!hit || !(hit === el || el.contains(hit))) {
            out.covered.push({
              label: el.getAttribute("aria-label") ?? el.textContent ?? "",
              hit: hit ? hit.outerHTML.slice(0, 160) : "nothing",
            });
            break;
          }
        }
      }
      return out;
    },
    [ends, bottom] as const,
  );
}

/** Scrolls the page from top to bottom in steps; at each stop no target may be covered. */
async function checkWhileScrolling(page: Page, targets: Locator, step: number) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let checked = 0;
  let rightHalf = 0;
  for (let y = 0; y <= height + step - 1; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, height));
    // Whatever reacts to scrolling (a tab that hides, a header) settles first.
    await page.waitForTimeout(150);
    const at = await covered(targets);
    expect(at.covered, `covered at scroll ${Math.min(y, height)}`).toEqual([]);
    checked += at.checked;
    rightHalf += at.rightHalf;
  }
  // The check saw buttons, the right column's among them (where the tab used to sit).
  expect(checked).toBeGreaterThan(4);
  expect(rightHalf).toBeGreaterThan(0);
}

async function signedIn(page: Page, request: Parameters<typeof registerByApi>[0], locale: string) {
  const who = await registerByApi(request);
  const [p] = await plainProducts(request);
  if (!p) throw new Error("no product");
  // Something in the cart, so the side tab shows a count and an amount.
  const res = await request.post("/api/cart/store", {
    data: { product_id: p.id, quantity: 1 },
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(res.ok()).toBeTruthy();
  await useSession(page, who.token, who.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return who;
}

for (const locale of ["en", "ar"]) {
  for (const path of ["/products", "/shops/3"]) {
    test(`${locale}, 375x740: no card's Add to Cart on ${path} sits under a floating element while scrolling`, async ({
      page,
      request,
    }) => {
      await signedIn(page, request, locale);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(path);
      const buttons = page.getByTestId("card-add-to-cart");
      await expect(buttons.first()).toBeVisible();
      await checkWhileScrolling(page, buttons, 230);
      await page.evaluate(() => window.scrollTo(0, 700));
      await page.waitForTimeout(150);
      await page.screenshot({ path: `/tmp/shots-cart/cards-${locale}-375${path.replaceAll("/", "-")}.png` });
    });
  }

  test(`${locale}, 375x740: the add-to-cart toast leaves the header's buttons free`, async ({ page, request }) => {
    await signedIn(page, request, locale);
    const [product] = await plainProducts(request, locale);
    if (!product) throw new Error("no product");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    const header = page.locator("header").getByRole("link").or(page.locator("header").getByRole("button"));
    await page
      .getByRole("button", { name: text(locale, "cart", "add_to_cart"), exact: true })
      .first()
      .click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    // Back at the top, where the header is; the toast slides in: checked once it stays where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    const place = () => toast.evaluate((el) => JSON.stringify(el.getBoundingClientRect()));
    await expect
      .poll(async () => {
        const before = await place();
        await page.waitForTimeout(100);
        return before === (await place());
      })
      .toBe(true);
    const at = await covered(header);
    expect(at.checked).toBeGreaterThan(3);
    expect(at.covered).toEqual([]);
    await page.screenshot({ path: `/tmp/shots-cart/toast-${locale}-375.png` });
  });

  test(`${locale}, 1280 px: the side tab shows and covers no card's Add to Cart on /products`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products");
    await expect(page.getByTestId("cart-side-tab")).toBeVisible();
    const buttons = page.getByTestId("card-add-to-cart");
    await expect(buttons.first()).toBeVisible();
    await checkWhileScrolling(page, buttons, 300);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.screenshot({ path: `/tmp/shots-cart/cards-${locale}-1280-products.png` });
  });

  test(`${locale}, 1280 px: the side tab covers neither the wishlist heart nor Add to Cart on a product page`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, locale);
    const [product] = await plainProducts(request, locale);
    if (!product) throw new Error("no product");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    await expect(page.getByTestId("cart-side-tab")).toBeVisible();
    const heart = page.getByRole("button", {
      name: text(locale, "cart", "add_to_wishlist").replace("{{name}}", product.name),
    });
    const addToCart = page.getByRole("button", { name: text(locale, "cart", "add_to_cart"), exact: true });
    // a signed-in shopper's page is drawn by the browser: wait until the product has loaded
    await expect(heart.first()).toBeVisible();
    await expect(addToCart.first()).toBeVisible();
    for (const y of [0, 120]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      for (const target of [heart, addToCart]) {
        const at = await covered(target.first());
        expect(at.checked, `in view at scroll ${y}`).toBe(1);
        expect(at.covered, `covered at scroll ${y}`).toEqual([]);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/shots-cart/product-${locale}-1280.png` });
  });

  test(`${locale}, 375x740: on a product page the sticky buy bar covers nothing the shopper must press`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, locale);
    const [product] = await plainProducts(request, locale);
    if (!product) throw new Error("no product");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    const addToCart = page.getByRole("button", { name: text(locale, "cart", "add_to_cart"), exact: true });
    await expect(addToCart.first()).toBeVisible();
    const bar = page.getByTestId("sticky-buy-bar");
    // Everything a shopper presses on the page: its buttons and links, the footer's, and the bar's.
    const targets = page.locator("main button, main a, footer a, footer button");
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    let checked = 0;
    let barSeen = false;
    for (let y = 0; y <= height + 199; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, height));
      await page.waitForTimeout(150);
      // The bar is fixed at the screen's bottom like the browser's own bar: what lies behind it
      // scrolls up from under it (the page keeps room at its end), what is above it must be free.
      const barTop = (await bar.count()) > 0 ? ((await bar.boundingBox())?.y ?? 740) : 740;
      if (barTop < 740) {
        barSeen = true;
        const own = await covered(bar.getByRole("button"), true);
        expect(own.checked).toBe(2);
        expect(own.covered).toEqual([]);
      }
      const at = await covered(targets, false, barTop);
      expect(at.covered, `covered at scroll ${Math.min(y, height)}`).toEqual([]);
      checked += at.checked;
    }
    expect(barSeen).toBe(true);
    expect(checked).toBeGreaterThan(20);
    // At the page's end (its rails have loaded by now), the footer's last link is above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const lastBox = await page.locator("footer a").last().boundingBox();
    const barBox = await bar.boundingBox();
    expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    await page.screenshot({ path: `/tmp/shots-cart/product-${locale}-375-end.png` });
  });

  test(`${locale}, 1280x440: on a short screen the side tab stays below the header's links and buttons`, async ({
    page,
    request,
  }) => {
    await signedIn(page, request, locale);
    await page.setViewportSize({ width: 1280, height: 440 });
    await page.goto("/products");
    await expect(page.getByTestId("cart-side-tab")).toBeVisible();
    const at = await covered(page.locator("header").getByRole("link").or(page.locator("header").getByRole("button")));
    expect(at.checked).toBeGreaterThan(5);
    expect(at.covered).toEqual([]);
  });

  for (const width of [1280, 375]) {
    test(`${locale}, ${width} px: the toast after a ticket reply leaves Send Reply free`, async ({ page, request }) => {
      const who = await registerByApi(request);
      const ticket = await openTicketByApi(request, who, "Late parcel", "Where is my parcel?");
      // A conversation long enough that the reply form is reached by scrolling down.
      for (let n = 1; n <= 4; n++) {
        const reply = await request.post(`/api/support-ticket/${ticket}/message`, {
          data: { message: `Update ${n}: ${"Still waiting for the parcel to arrive. ".repeat(6)}` },
          headers: { Authorization: `Bearer ${who.token}` },
        });
        expect(reply.ok(), await reply.text()).toBeTruthy();
      }
      await useSession(page, who.token, who.user);
      if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`/support-ticket/${ticket}`);

      const send = page.getByRole("button", { name: text(locale, "support", "send_reply") });
      await page.getByLabel(text(locale, "support", "reply"), { exact: true }).fill("Any news?");
      await send.scrollIntoViewIfNeeded();
      await send.click();
      const toast = page.locator("[data-sonner-toast]");
      await expect(toast).toBeVisible();
      // The toast slides in: checked once it is where it stays (wholly on screen, no longer moving).
      const place = () => toast.evaluate((el) => JSON.stringify(el.getBoundingClientRect()));
      await expect
        .poll(async () => {
          const before = await place();
          await page.waitForTimeout(100);
          const { top, bottom } = JSON.parse(before);
          return before === (await place()) && top >= 0 && bottom <= (await page.evaluate(() => window.innerHeight));
        })
        .toBe(true);
      // While the toast shows, Send Reply is where a press reaches it, at several scroll positions:
      // the button just above the screen's bottom edge (where scrolling down to the form leaves
      // it, and where the bottom-corner toast sat), the top of the page and its end.
      const justAboveBottom = await send.evaluate(
        (el) => el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 12,
      );
      for (const y of [justAboveBottom, 0, 10_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await expect(toast).toBeVisible();
        const at = await covered(send, true);
        if (y === justAboveBottom) {
          expect(at.checked).toBe(1);
          // The page did scroll there: the button's bottom is near the screen's.
          const bottom = await send.evaluate((el) => window.innerHeight - el.getBoundingClientRect().bottom);
          expect(bottom).toBeLessThan(20);
        }
        expect(at.covered, `covered at scroll ${y}`).toEqual([]);
      }
      await send.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-cart/ticket-toast-${locale}-${width}.png` });
    });
  }
}
