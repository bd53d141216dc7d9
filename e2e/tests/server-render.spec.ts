import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";

// Catalogue pages come rendered from the server for visitors (apps/server/src/modules/seo/boot.ts,
// apps/web/src/entry-server.tsx) and the browser hydrates them.

async function firstProduct(request: APIRequestContext) {
  const { data } = await (await request.get("/api/products?per_page=1")).json();
  return data.data[0] as { id: number; slug: string; name: string };
}

/** The markup inside #root of a page's raw HTML. */
const rootOf = (html: string) =>
  html.match(/<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<script type="application\/json"/)?.[1] ?? "";

test("a visitor's catalogue pages arrive rendered, in the locale of the cookie; others are left to the browser", async ({
  request,
}) => {
  const product = await firstProduct(request);
  const details = await (await request.get(`/products/${product.id}/details/${product.slug}`)).text();
  expect(rootOf(details)).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
  expect(rootOf(details)).toContain("Become a Seller");

  const home = await (await request.get("/", { headers: { cookie: "locale=ar" } })).text();
  expect(home).toMatch(/<html lang="ar" dir="rtl"/);
  expect(rootOf(home)).toContain("كن بائعاً");
  expect(rootOf(home)).not.toContain("Become a Seller");

  // a signed-in shopper's favourites and a currency other than the default are the browser's to draw
  for (const cookie of ["signed_in=1", "currency=EUR"]) {
    const page = await (await request.get("/products", { headers: { cookie } })).text();
    expect(page).toContain('<div id="root"></div>');
  }
});

/** Errors the page logs (React reports a hydration mismatch as one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

for (const locale of ["en", "ar"]) {
  test(`rendered pages hydrate without a mismatch and then respond (${locale})`, async ({ page, request }) => {
    test.setTimeout(90_000); // eight pages, each loaded and hydrated
    const product = await firstProduct(request);
    await page.context().addCookies([{ name: "locale", value: locale, url: test.info().project.use.baseURL ?? "" }]);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const { data: messages } = await (await request.get(`/api/lang/${locale}`)).json();
    const errors = collectErrors(page);
    const post = (await (await request.get("/api/blogs?per_page=1")).json()).data.data[0] as { slug: string };
    const catalogue = [
      "/",
      "/products",
      `/products/${product.id}/details/${product.slug}`,
      "/shops/1",
      "/categories",
      "/about-us",
    ];
    for (const url of catalogue) {
      await page.goto(url);
      // the currency menu opens only once React runs the page
      await page.getByRole("button", { name: messages["layout.currency"] }).click();
      await expect(page.getByRole("menuitemradio").first()).toBeVisible();
      await page.keyboard.press("Escape");
    }
    // the blog's own layout: its scripts have loaded (and hydrated) once the network is idle
    for (const url of ["/blogs", `/blog/${post.slug}`]) {
      await page.goto(url, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

/** A product whose sizes are priced apart, and its dearest size. */
async function pricedBySize(request: APIRequestContext) {
  const { data } = await (await request.get("/api/products?per_page=100")).json();
  type Listed = { id: number; slug: string; sizes: Array<{ name: string; price: number }> };
  const product = (data.data as Listed[]).find((p) => p.sizes.some((s) => s.price > 0)) as Listed;
  const dearest = product.sizes.reduce((a, b) => (b.price > a.price ? b : a));
  return { url: `/products/${product.id}/details/${product.slug}`, size: dearest.name };
}

/** A shopper's browser in `locale`, `width` px wide. */
async function shopperIn(browser: Browser, locale: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await context.addCookies([{ name: "locale", value: locale, url: test.info().project.use.baseURL ?? "" }]);
  return context;
}

/** `url` opened with React's script held back until `release()`: the server's markup, inert. */
async function beforeTheApp(context: BrowserContext, url: string) {
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  return {
    page,
    async release() {
      expect(await page.evaluate(() => "ready" in document.documentElement.dataset)).toBe(false);
      release();
      await page.locator("html[data-ready]").waitFor({ state: "attached" });
    },
  };
}

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a size and a piece more tapped before the app runs count once it does (${locale}, ${width} px)`, async ({
    browser,
    request,
  }) => {
    const { url, size } = await pricedBySize(request);
    const { data: messages } = await (await request.get(`/api/lang/${locale}`)).json();
    const context = await shopperIn(browser, locale, width);
    const shown = async (page: Page) => ({
      price: await page.locator('main [aria-live="polite"]').first().textContent(),
      stock: await page.locator("main [role=status]").first().textContent(),
      quantity: await page.getByRole("spinbutton", { name: messages["catalog.quantity"] }).first().inputValue(),
    });
    const tap = async (page: Page) => {
      await page.getByText(size, { exact: true }).first().click();
      await page.getByRole("button", { name: messages["catalog.increase_quantity"] }).first().click();
    };

    const early = await beforeTheApp(context, url);
    const unchosen = await shown(early.page);
    await tap(early.page);
    await early.release();

    const late = waitForApp(await context.newPage());
    await late.goto(url);
    await tap(late);
    const expected = await shown(late);
    expect(expected.quantity).toBe("2");
    expect(expected.price).not.toBe(unchosen.price);
    await expect.poll(() => shown(early.page)).toEqual(expected);
    await context.close();
  });
}

for (const locale of ["en", "ar"]) {
  test(`a category tapped before the app runs the list is applied once it does (${locale})`, async ({
    browser,
    request,
  }) => {
    const { data: messages } = await (await request.get(`/api/lang/${locale}`)).json();
    const context = await shopperIn(browser, locale, 1280);
    const category = (page: Page) =>
      page.getByRole("group", { name: messages["catalog.filter_category"] }).getByRole("radio").nth(1);
    const found = (page: Page) => page.locator("#results-heading");

    const early = await beforeTheApp(context, "/products");
    const unfiltered = (await found(early.page).textContent()) ?? "";
    await category(early.page).click();
    await early.release();

    const late = waitForApp(await context.newPage());
    await late.goto("/products");
    await category(late).click();
    await expect(late).toHaveURL(/category_id=\d+/);
    await expect(found(late)).not.toHaveText(unfiltered);
    await expect(early.page).toHaveURL(late.url());
    await expect(category(early.page)).toBeChecked();
    await expect(found(early.page)).toHaveText((await found(late).textContent()) ?? "");
    await context.close();
  });
}

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a page scrolled before the app runs stays where it was; a link opens the next at its top, Back returns (${locale}, ${width} px)`, async ({
    browser,
    request,
  }) => {
    const product = await firstProduct(request);
    const url = `/products/${product.id}/details/${product.slug}`;
    const context = await shopperIn(browser, locale, width);
    const early = await beforeTheApp(context, url);
    const { page } = early;
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.evaluate(() => window.scrollTo(0, 900));
    const scrolled = await scrollY();
    expect(scrolled).toBeGreaterThan(0);
    await early.release();
    expect(await scrollY()).toBe(scrolled);

    // The shop's card, below the purchase box.
    const link = page.locator('main a[href^="/shops/"]').first();
    await link.scrollIntoViewIfNeeded();
    const atLink = await scrollY();
    await link.click();
    await expect(page).toHaveURL(/\/shops\/\d+$/);
    await expect.poll(scrollY).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await expect.poll(scrollY).toBe(atLink);
    await context.close();
  });
}

test("a search typed before the app runs is the one Enter looks for once it does", async ({ browser, request }) => {
  const { name } = await firstProduct(request);
  for (const locale of ["en", "ar"]) {
    const context = await shopperIn(browser, locale, 1280);
    const early = await beforeTheApp(context, "/");
    await early.page.getByRole("search").getByRole("combobox").fill(name);
    await early.release();
    await early.page.getByRole("search").getByRole("combobox").press("Enter");
    await expect(early.page).toHaveURL(`/products?${new URLSearchParams({ search: name })}`);
    await expect(early.page.getByRole("heading", { level: 1 })).toContainText(name);
    await context.close();
  }
});

test("a quantity typed before the app runs is the one the app counts from (ar, 375 px)", async ({
  browser,
  request,
}) => {
  const { url } = await pricedBySize(request);
  const { data: messages } = await (await request.get("/api/lang/ar")).json();
  const context = await shopperIn(browser, "ar", 375);
  const early = await beforeTheApp(context, url);
  const quantity = early.page.getByRole("spinbutton", { name: messages["catalog.quantity"] }).first();
  await quantity.fill("3");
  await early.release();
  await early.page.getByRole("button", { name: messages["catalog.increase_quantity"] }).first().click();
  await expect(quantity).toHaveValue("4");
  await context.close();
});

test("a page whose scripts did not load loads again and responds", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Every fetch of React fails while the first copy of the page is open.
  let documents = 0;
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents++;
  });
  await page.route(/\/assets\/react-[^/]+\.js$/, (route) => (documents < 2 ? route.abort() : route.continue()));
  await page.goto("/products");
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  expect(documents).toBe(2);
  await context.close();
});

test("the home page starts without the schema library or React Router's development build", async ({ request }) => {
  // The first page's scripts: its entry, its modulepreloads and what it fetches after painting.
  const html = await (await request.get("/")).text();
  const srcs = new Set([
    ...[...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
    ...(html.match(/data-preload="([^"]*)"/)?.[1]?.split(" ") ?? []),
  ]);
  expect(srcs.size).toBeGreaterThan(3);
  for (const src of srcs) {
    const js = await (await request.get(src as string)).text();
    // zod's error class and React Router's dev-only warnings (docs/decisions.md, "Zod had come back").
    expect(js, src).not.toContain("ZodError");
    expect(js, src).not.toContain("You rendered descendant <Routes>");
  }
});
