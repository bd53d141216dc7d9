import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { lineCount, plainProducts, registerByApi, useSession } from "./helpers.ts";

// Issue 19 items 2, 3 and 7: the product page on a phone (the "Sold by" box, the cart buttons, the
// sticky buy bar), phone numbers as tel: links (the slide-out menu, top bar, footer, contact page)
// and the keyboard and pointer behaviour of the "All Categories" menu.

const text = (locale: string, ns: string, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"))[
    key
  ];

const SHOTS = "/tmp/shots-browse";
const HOTLINE = "+1 555 010 2030";
const HOTLINE_HREF = "tel:+15550102030";

async function inLocale(page: Page, locale: string) {
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
}

for (const locale of ["en", "ar"]) {
  const t = (ns: string, key: string) => text(locale, ns, key);

  test(`${locale}, 375 px: the product page shows the shop's delivery charge and estimate, one-line cart buttons and a sticky buy bar`, async ({
    page,
    request,
  }) => {
    const who = await registerByApi(request);
    await useSession(page, who.token, who.user);
    await inLocale(page, locale);
    const [product] = await plainProducts(request, locale);
    if (!product) throw new Error("no product");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);

    // The "Sold by" box shows the delivery charge and the estimate beside the shop.
    const soldBy = page.getByRole("link").filter({ hasText: t("catalog", "sold_by") });
    for (const label of [t("catalog", "delivery_charge"), t("catalog", "estimated_delivery")]) {
      const row = soldBy.locator("span.flex.items-center").filter({ hasText: label });
      await expect(row).toBeVisible();
      const box = await row.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(30);
    }

    // Add to Cart and Buy Now each on one line inside their buttons.
    const addToCart = page.getByRole("button", { name: t("catalog", "add_to_cart"), exact: true });
    const buyNow = page.getByRole("button", { name: t("catalog", "buy_now"), exact: true });
    for (const b of [addToCart.first(), buyNow.first()]) {
      await b.scrollIntoViewIfNeeded();
      expect(await lineCount(b)).toBe(1);
      const box = await b.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    }

    // No bar while the page's own buttons are in view; once they scrolled away above, the bar.
    const bar = page.getByTestId("sticky-buy-bar");
    await expect(bar).toHaveCount(0);
    await page.getByRole("heading", { name: t("catalog", "description") }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId("product-price")).toBeVisible();
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(740);
    await page.screenshot({ path: `${SHOTS}/product-bar-${locale}-375.png` });

    // Its Add to Cart adds the product (the header's count goes up).
    const count = page.getByTestId("navbar-cart");
    await bar.getByRole("button", { name: t("catalog", "add_to_cart"), exact: true }).click();
    await expect(count).toContainText("1");

    // At the page's end the footer's last link is above the bar, where a tap reaches it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const last = page.locator("footer a").last();
    const hit = await last.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!at && (at === el || el.contains(at));
    });
    expect(hit).toBe(true);
    await page.screenshot({ path: `${SHOTS}/product-end-${locale}-375.png` });

    // Back at the top, the page's own buttons show and the bar is gone.
    await page.evaluate(() => window.scrollTo(0, 0));
    await addToCart.first().scrollIntoViewIfNeeded();
    await expect(bar).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/product-top-${locale}-375.png`, fullPage: true });
  });

  test(`${locale}, 375 px: the breadcrumb leads to the product's sub-category, and a taxed product says checkout adds its tax`, async ({
    page,
    request,
  }) => {
    const headers = { "Accept-Language": locale };
    type Details = {
      id: number;
      name: string;
      slug: string;
      category: { name: string; slug: string };
      sub_category: { id: number; name: string } | null;
      vat: { name: string; rate: number } | null;
    };
    const list = (await (await request.get("/api/products?per_page=100", { headers })).json()).data.data as {
      id: number;
    }[];
    let taxed: Details | undefined;
    let untaxed: Details | undefined;
    for (const { id } of list) {
      if (taxed && untaxed) break;
      const d = (await (await request.get(`/api/products/${id}/details`, { headers })).json()).data.product as Details;
      if (!taxed && d.vat && d.sub_category) taxed = d;
      if (!untaxed && !d.vat) untaxed = d;
    }
    if (!taxed?.vat || !taxed.sub_category || !untaxed) throw new Error("no taxed and untaxed products");
    const who = await registerByApi(request);
    await useSession(page, who.token, who.user);
    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/products/${taxed.id}/details/${taxed.slug}`);

    const trail = page.getByRole("navigation", { name: t("catalog", "breadcrumb") });
    await expect(trail.getByRole("link")).toHaveText([
      t("catalog", "home"),
      taxed.category.name,
      taxed.sub_category.name,
    ]);
    await expect(trail.locator('[aria-current="page"]')).toHaveText(taxed.name);
    const [before, after] = t("catalog", "tax_added_at_checkout").split("{{tax}}") as [string, string];
    await expect(page.getByText(`${before}${taxed.vat.name}${after}`, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/product-tax-${locale}-375.png` });

    // What the page said: checkout adds the tax by that name.
    await page
      .getByRole("button", { name: t("catalog", "buy_now"), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/buynow$/);
    await expect(page.getByTestId("amounts").getByText(taxed.vat.name, { exact: true })).toBeVisible();

    // The sub-category's crumb opens its category with that sub-category chosen.
    await page.goBack();
    await trail.getByRole("link", { name: taxed.sub_category.name, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/categories/${taxed.category.slug}\\?subcategory=${taxed.sub_category.id}$`),
    );
    await expect(page.getByRole("button", { name: taxed.sub_category.name, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // A product without a tax says nothing of one.
    await page.goto(`/products/${untaxed.id}/details/${untaxed.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(untaxed.name);
    await expect(page.getByText((after.trim() || before.trim()) as string)).toHaveCount(0);
  });

  test(`${locale}, 375 px: a product whose first colour costs more opens on the one at its card's price`, async ({
    page,
    request,
  }) => {
    // Elegant Wireless Headphones: Pink (+1) is listed before Brown (+0), both in stock.
    const found = await (await request.get("/api/products?search=Elegant%20Wireless%20Headphones")).json();
    const card = found.data.data.find((p: { name: string }) => p.name === "Elegant Wireless Headphones");
    const answer = await request.get(`/api/products/${card.id}/details`, { headers: { "accept-language": locale } });
    const details = (await answer.json()).data.product;
    const inStock = details.variants.filter((v: { stock: number }) => v.stock > 0);
    expect(inStock[0].price).toBeGreaterThan(card.price);

    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/products?search=Elegant%20Wireless%20Headphones");
    const shown = page.getByRole("article").filter({ hasText: details.name }).first().getByTestId("product-price");
    const cardPrice = (await shown.textContent())?.trim() ?? "";
    expect(cardPrice).not.toBe("");
    await page.goto(`/products/${card.id}/details/${card.slug}`);
    await expect(page.getByRole("main").getByTestId("product-price").first()).toHaveText(cardPrice);
  });

  test(`${locale}, 1280 px: no sticky buy bar on a wide screen`, async ({ page, request }) => {
    await inLocale(page, locale);
    const [product] = await plainProducts(request, locale);
    if (!product) throw new Error("no product");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/products/${product.id}/details/${product.slug}`);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(300);
    await expect(page.getByTestId("sticky-buy-bar")).toHaveCount(0);
  });

  test(`${locale}: counts are spoken with the language's plural forms ("1 review", not "1 reviews")`, async ({
    page,
    request,
  }) => {
    const res = await request.get("/api/products?per_page=100", { headers: { "Accept-Language": locale } });
    const list = (await res.json()).data.data as { id: number; slug: string; total_reviews: number }[];
    const one = list.find((p) => p.total_reviews === 1);
    if (!one) throw new Error("no product with exactly one review");
    await inLocale(page, locale);
    await page.goto(`/products/${one.id}/details/${one.slug}`);
    const rule = new Intl.PluralRules(locale).select(1);
    const expected = t("catalog", `reviews_count_${rule}`).replace("{{count}}", "1");
    expect(expected).toBe(locale === "ar" ? "تقييم واحد" : "1 review");
    await expect(page.locator("main h1 ~ div .sr-only").filter({ hasText: expected }).first()).toBeAttached();
    await expect(page.getByText("1 reviews")).toHaveCount(0);
  });

  test(`${locale}: dates, delivery estimates and breadcrumb arrows follow the language`, async ({ page, request }) => {
    const res = await request.get("/api/products?per_page=100", { headers: { "Accept-Language": locale } });
    const list = (await res.json()).data.data as { id: number; slug: string; total_reviews: number }[];
    const reviewed = list.find((p) => p.total_reviews > 0);
    if (!reviewed) throw new Error("no reviewed product");
    await inLocale(page, locale);
    await page.goto(`/products/${reviewed.id}/details/${reviewed.slug}`);

    // The seeded "2-4 days" in the visitor's words and digits, in the language's order.
    const soldBy = page.getByRole("link").filter({ hasText: t("catalog", "sold_by") });
    const estimate = soldBy.locator("span.flex.items-center").filter({ hasText: t("catalog", "estimated_delivery") });
    const written = (await estimate.innerText()).replace(t("catalog", "estimated_delivery"), "").trim();
    if (locale === "ar") {
      expect(written).toMatch(/^من [0-9٠-٩]+ إلى ([0-9٠-٩]+ (أيام|يوم|يومًا)|يومين|يوم واحد)$/);
    } else {
      expect(written).toMatch(/^\d+–\d+ days$/);
    }

    // A review's date: "30 May, 2025" in English, no English month or order in Arabic.
    const date = page
      .getByTestId("review")
      .first()
      .locator("bdi")
      .filter({ hasText: /\d|[٠-٩]/ })
      .first();
    const day = await date.innerText();
    if (locale === "ar") {
      expect(day).not.toMatch(/[A-Za-z]/);
    } else {
      expect(day).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
    }

    // The breadcrumb's arrows point along the reading direction: mirrored in rtl.
    const arrow = page
      .getByRole("navigation", { name: t("catalog", "breadcrumb") })
      .locator("svg")
      .first();
    // (Tailwind's scale utilities set the CSS `scale` property, not `transform`.)
    const scale = await arrow.evaluate((el) => getComputedStyle(el).scale);
    expect(scale).toBe(locale === "ar" ? "-1 1" : "none");
    // Its end points towards the page's name: right of "Home" in English, left of it in Arabic.
    const home = await page
      .getByRole("navigation", { name: t("catalog", "breadcrumb") })
      .getByRole("link")
      .first()
      .boundingBox();
    const arrowBox = await arrow.boundingBox();
    if (!home || !arrowBox) throw new Error("no breadcrumb");
    if (locale === "ar") expect(arrowBox.x).toBeLessThan(home.x);
    else expect(arrowBox.x).toBeGreaterThan(home.x);
    await page.screenshot({ path: `${SHOTS}/product-dates-${locale}-1280.png`, fullPage: true });
  });

  test(`${locale}, 375 px: the slide-out menu has the hotline as a tel: link`, async ({ page }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: t("layout", "open_menu") }).click();
    const dialog = page.getByRole("dialog");
    const hotline = dialog.getByRole("link", { name: new RegExp(HOTLINE.replaceAll("+", "\\+")) });
    await expect(hotline).toBeVisible();
    await expect(hotline).toHaveAttribute("href", HOTLINE_HREF);
    await expect(hotline).toContainText(t("layout", "hotline"));
    await expect(hotline.locator('[dir="ltr"]')).toHaveText(HOTLINE);
    await page.screenshot({ path: `${SHOTS}/menu-${locale}-375.png` });
  });

  test(`${locale}, 375 px: each home banner shows its title and subtitle over the picture, beside Shop now`, async ({
    page,
    request,
  }) => {
    const { data } = await (await request.get("/api/home", { headers: { "Accept-Language": locale } })).json();
    const banners: { title: string; subtitle: string }[] = data.banners;
    expect(banners.length).toBeGreaterThan(1);
    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const slides = page.locator('section[aria-roledescription="carousel"]').getByRole("group");
    const secondDot = page.getByRole("button", { name: t("catalog", "go_to_slide").replace("{{index}}", "2") });
    for (const [i, banner] of banners.slice(0, 2).entries()) {
      if (i > 0) await secondDot.click();
      const slide = slides.nth(i);
      const title = slide.getByRole("heading", { level: 2, name: banner.title });
      const shopNow = slide.getByRole("link", { name: banner.title });
      await expect(title).toBeInViewport({ ratio: 1 });
      await expect(shopNow).toBeInViewport({ ratio: 1 });
      await expect(shopNow).toContainText(t("catalog", "shop_now"));
      await expect(slide.getByText(banner.subtitle)).toBeInViewport();
      // The title is whole (at most two lines, none cut off) and stays clear of the button.
      expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      const [titleBox, buttonBox] = [await title.boundingBox(), await shopNow.boundingBox()];
      if (!titleBox || !buttonBox) throw new Error("no banner caption");
      if (locale === "ar") expect(titleBox.x).toBeGreaterThanOrEqual(buttonBox.x + buttonBox.width);
      else expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(buttonBox.x);
      // The picture is decoration: its words are the heading's, so a screen reader hears them once.
      await expect(slide.locator("img")).toHaveAttribute("alt", "");
      await page.screenshot({ path: `${SHOTS}/home-banner-${locale}-375-${i + 1}.png` });
    }
  });

  test(`${locale}: the top bar, the footer and the contact page dial the hotline`, async ({ page }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/contact-us");
    const all = page.locator(`a[href="${HOTLINE_HREF}"]`);
    // The top bar's is the first of the page, at its very top.
    await expect(all.first()).toBeVisible();
    expect((await all.first().boundingBox())?.y ?? 99).toBeLessThan(40);
    for (const link of [all.first(), page.locator("footer").locator(all), page.locator("main").locator(all)]) {
      await expect(link).toBeVisible();
      await expect(link).toContainText(HOTLINE);
      // Written left to right in Arabic too: the number, or the link, says so.
      const ltr = await link.evaluate(
        (el) =>
          el.getAttribute("dir") === "ltr" || el.querySelector('[dir="ltr"]')?.textContent?.includes("+1") === true,
      );
      expect(ltr).toBe(true);
    }
    await page.locator("main").screenshot({ path: `${SHOTS}/contact-${locale}-1280.png` });
  });

  test(`${locale}, 1280 px: the category menu works with arrows, Escape and Tab`, async ({ page }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products");
    const categories = (
      await (await page.request.get("/api/categories", { headers: { "Accept-Language": locale } })).json()
    ).data.categories as {
      name: string;
      sub_categories: { name: string }[];
    }[];
    const button = page.getByRole("button", { name: t("layout", "all_categories") });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu").first();
    await expect(menu).toBeVisible();
    const items = menu.getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    // Down moves between the categories.
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(items.first()).toBeFocused();
    // The arrow towards the line's end goes into the first category's sub-categories.
    const withSubs = categories.findIndex((c) => c.sub_categories.length > 0);
    for (let i = 0; i < withSubs; i++) await page.keyboard.press("ArrowDown");
    const inKey = locale === "ar" ? "ArrowLeft" : "ArrowRight";
    const outKey = locale === "ar" ? "ArrowRight" : "ArrowLeft";
    await page.keyboard.press(inKey);
    const sub = page.getByRole("menu").nth(1);
    await expect(sub).toBeVisible();
    await expect(sub.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(sub.getByRole("menuitem").nth(1)).toHaveText(categories[withSubs]?.sub_categories[0]?.name ?? "");
    await expect(sub.getByRole("menuitem").nth(1)).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/category-menu-${locale}-1280.png` });
    // The other arrow comes back to the category.
    await page.keyboard.press(outKey);
    await expect(sub).toBeHidden();
    await expect(items.nth(withSubs)).toBeFocused();
    // Escape closes and puts focus back on the button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // Tab inside the open menu closes it.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test(`${locale}, 1280 px: pointing at All Categories opens it and the click that follows keeps it open`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products");
    const button = page.getByRole("button", { name: t("layout", "all_categories") });
    await button.hover();
    const menu = page.getByRole("menu").first();
    await expect(menu).toBeVisible();
    await button.click();
    await page.waitForTimeout(300);
    await expect(menu).toBeVisible();
    // A second click closes it.
    await button.click();
    await expect(page.getByRole("menu")).toHaveCount(0);
    // Pointing again opens it, and the pointer moving away closes it.
    await page.mouse.move(640, 700);
    await button.hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(page.getByRole("menu")).toHaveCount(0);
  });
}

test("fr, 375 px: the product page fits the phone with French's longer cart buttons, each on one line, and its buy bar shows after a jump down", async ({
  page,
  request,
}) => {
  const t = (ns: string, key: string) => text("fr", ns, key);
  await inLocale(page, "fr");
  const [product] = await plainProducts(request, "fr");
  if (!product) throw new Error("no product");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/products/${product.id}/details/${product.slug}`);
  for (const name of [t("catalog", "add_to_cart"), t("catalog", "buy_now")]) {
    const button = page.getByRole("button", { name, exact: true }).first();
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
    expect(box?.height, name).toBeLessThanOrEqual(48);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The bar that follows the shopper down the page, also after a jump there from the top (a link to
  // the reviews): the page's own buttons never crossed the screen on the way.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId("sticky-buy-bar")).toHaveCount(0);
  await page.evaluate(() => document.getElementById("product-reviews")?.scrollIntoView());
  const bar = page.getByTestId("sticky-buy-bar");
  await expect(bar).toBeVisible();
  // Inside the bar's 16 px margins, as on the page (a label too long for half the row wraps).
  for (const button of await bar.getByRole("button").all()) {
    const box = await button.boundingBox();
    expect(box && box.x >= 15.5 && box.x + box.width <= 359.5 && box.height <= 48, JSON.stringify(box)).toBe(true);
  }
  await page.screenshot({ path: `${SHOTS}/product-bar-fr-375.png` });
});

/** The words of each element's text that the browser split over two lines, and whether it is cut short. */
const splitWords = (labels: Locator) =>
  labels.evaluateAll((els) =>
    els.map((el) => {
      const text = el.textContent ?? "";
      const node = el.firstChild as Text;
      const split: string[] = [];
      let from = 0;
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const at = text.indexOf(word, from);
        from = at + word.length;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, from);
        if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) split.push(word);
      }
      return { text, split, cut: el.scrollHeight > el.clientHeight + 1 };
    }),
  );

test("home's categories: a phone scrolls all of them in one row, and no name breaks inside a word, in en, fr and ar", async ({
  page,
}) => {
  const row = page.locator('section[aria-labelledby="home-categories"] ul');
  const names = row.locator("a > span:last-child");
  for (const [locale, width] of [
    ["en", 375],
    ["fr", 375],
    ["ar", 375],
    ["fr", 320],
    ["fr", 640],
    ["fr", 1024],
    ["en", 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?lang=${locale}`);
    await expect(names.first()).toBeVisible();
    for (const label of await splitWords(names.filter({ visible: true }))) {
      expect(label, `${locale} ${width} px`).toEqual({ text: label.text, split: [], cut: false });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width < 640) {
      // Every tile is on the phone's row (it showed four before; other tests add and delete
      // categories, so not an exact count); the last one comes into view by scrolling the row.
      expect(await row.getByRole("link").count()).toBeGreaterThan(4);
      const last = row.getByRole("link").last();
      await expect(last).not.toBeInViewport();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/home-categories-${locale}-${width}.png` });
    }
  }
});

type Option = { id: number; name: string };
type Details = {
  id: number;
  name: string;
  slug: string;
  sizes: Option[];
  colors: Option[];
  variants: { size_id: number; color_id: number; stock: number }[];
};
const optionName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(\\+.+\\))?$`);

test("en to ar, 375 px: changing the language on a product page keeps the size, colour and quantity chosen", async ({
  page,
  request,
}) => {
  const { data } = await (await request.get("/api/products?per_page=100&sort=top_selling")).json();
  const card = (data.data as (Details & { quantity: number })[]).find(
    (p) => p.sizes.length > 1 && p.colors.length > 1 && p.quantity >= 10,
  );
  if (!card) throw new Error("no product with sizes and colours");
  const details = async (locale: string): Promise<Details> =>
    (await (await request.get(`/api/products/${card.id}/details`, { headers: { "accept-language": locale } })).json())
      .data.product;
  const [en, ar] = [await details("en"), await details("ar")];
  // A variant in stock that is not the one the page opens on, with two units at least.
  const variant = en.variants.find((v) => v.stock >= 2 && v.size_id !== en.sizes[0]?.id);
  if (!variant) throw new Error("no second variant in stock");
  const named = (d: Details) => ({
    size: d.sizes.find((x) => x.id === variant.size_id)?.name ?? "",
    color: d.colors.find((x) => x.id === variant.color_id)?.name ?? "",
  });

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/products/${card.id}/details/${card.slug}`);
  await page.getByRole("radio", { name: optionName(named(en).size) }).check({ force: true });
  await page.getByRole("radio", { name: optionName(named(en).color) }).check({ force: true });
  await page.getByRole("button", { name: "Increase quantity" }).click();
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("2");

  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: ar.name })).toBeVisible();
  await expect(page.getByRole("radio", { name: optionName(named(ar).size) })).toBeChecked();
  await expect(page.getByRole("radio", { name: optionName(named(ar).color) })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: text("ar", "catalog", "quantity") })).toHaveValue("2");
  await page.screenshot({ path: `${SHOTS}/product-language-switched-ar-375.png` });
});

for (const locale of ["ar", "fr"]) {
  test(`${locale}, 375 px: a category's chosen sub-category chip is in view in its sideways row`, async ({ page }) => {
    const categories = (
      await (await page.request.get("/api/categories", { headers: { "Accept-Language": locale } })).json()
    ).data.categories as { slug: string; sub_categories: { id: number; name: string }[] }[];
    // The category with the most sub-categories, its last one chosen: off screen unless scrolled to.
    const category = categories.reduce((a, b) => (b.sub_categories.length > a.sub_categories.length ? b : a));
    const last = category.sub_categories.at(-1);
    if (!last) throw new Error("no sub-category");
    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/categories/${category.slug}?subcategory=${last.id}`);
    const chip = page.getByRole("button", { name: last.name, exact: true, pressed: true });
    await expect(chip).toBeVisible();
    await expect
      .poll(async () => {
        const box = await chip.boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/category-chip-${locale}-375.png` });
  });
}
