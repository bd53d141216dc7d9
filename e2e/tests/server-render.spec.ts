import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

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
