import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { loginByApi, shippedTexts, signIn } from "./helpers.ts";

// Issue 19 items 9, 10 and 12: every public page has its own title (in the browser and in the
// server's HTML, named once), an unknown page or thing answers 404 with Page Not Found, and the
// server's HTML carries the page's description, canonical link, Open Graph tags and JSON-LD, in the
// visitor's language.

async function demo(request: APIRequestContext) {
  const data = async (path: string) => (await (await request.get(`/api${path}`)).json()).data;
  // a demo product (other specs add products of their own as they run, with fewer texts)
  const product = (await data("/products/1/details")).product as { id: number; slug: string; name: string };
  const shop = (await data("/shops?per_page=1")).data[0] as { id: number; name: string };
  const category = (await data("/categories")).categories[0] as { slug: string; name: string };
  const post = (await data("/blogs?per_page=1")).data[0] as { slug: string; title: string };
  const brand = (await data("/brands")).brands[0] as { slug: string; name: string };
  const arProduct = (
    await (await request.get(`/api/products/${product.id}/details`, { headers: { "accept-language": "ar" } })).json()
  ).data.product as { name: string };
  return { product, shop, category, post, brand, arProduct };
}

const meta = (html: string, attr: string, key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) =>
    ((JSON.parse(m[1] as string) as { "@graph": Array<{ "@type": string }> })["@graph"] ?? []).map((n) => n["@type"]),
  );
const unescapeHtml = (s: string) =>
  s
    .replace(/&#(x27|39);/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

test("each page's HTML names it once, describes it and, for a product or a post, says what it is", async ({
  request,
}) => {
  const { product, shop, category, post, brand } = await demo(request);
  const pages: Array<[string, string, string[]]> = [
    ["/", "Home | ReadyMart", ["Organization", "WebSite"]],
    ["/products", "Products | ReadyMart", []],
    [`/products/${product.id}/details/${product.slug}`, `${product.name} | ReadyMart`, ["BreadcrumbList", "Product"]],
    [`/shops/${shop.id}`, `${shop.name} | ReadyMart`, []],
    [`/categories/${category.slug}`, `${category.name} | ReadyMart`, ["BreadcrumbList"]],
    [`/brands/${brand.slug}`, `${brand.name} | ReadyMart`, []],
    [`/blog/${post.slug}`, `${post.title} | ReadyMart`, ["BlogPosting"]],
    ["/blogs", "Blog | ReadyMart", []],
    ["/about-us", "About Us | ReadyMart", []],
  ];
  for (const [url, title, types] of pages) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const html = await res.text();
    expect(unescapeHtml(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""), url).toBe(title);
    expect(meta(html, "name", "description")?.length ?? 0, url).toBeGreaterThan(10);
    expect(meta(html, "property", "og:title"), url).toBeTruthy();
    expect(html, url).toMatch(/<link rel="canonical" href="http[^"]+"/);
    expect(html, url).toContain('hreflang="ar"');
    expect(jsonLdTypes(html), url).toEqual(types);
    // the page itself comes rendered, not an empty frame
    expect(html, url).toMatch(/<div id="root" data-preload="[^"]*"><[a-z]/);
  }
});

test("a visitor's language reaches the HTML: Arabic title, rtl, Arabic description", async ({ request }) => {
  const { product, arProduct } = await demo(request);
  const html = await (await request.get(`/products/${product.id}/details/${product.slug}?lang=ar`)).text();
  expect(html).toMatch(/<html lang="ar" dir="rtl"/);
  expect(unescapeHtml(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toBe(`${arProduct.name} | ReadyMart`);
  expect(meta(html, "name", "description")).toMatch(/[\u0600-\u06FF]/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\?lang=ar"/);
  const shops = await (await request.get("/shops", { headers: { cookie: "locale=ar" } })).text();
  expect(shops.match(/<title>([^<]*)<\/title>/)?.[1]).toMatch(/^[\u0600-\u06FF ]+ \| ReadyMart$/);
});

test("an unknown page, product, shop or post answers 404 with Page Not Found", async ({ page, request }) => {
  for (const url of [
    "/no-such-page",
    "/products/99999/details/x",
    "/shops/99999",
    "/blog/no-such-post",
    "/page/nope",
  ]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 }), url).toBeVisible();
    await expect(page, url).toHaveTitle("Page Not Found | ReadyMart");
  }
  expect((await request.get("/favicon-missing.png")).status()).toBe(404);
});

for (const locale of ["en", "ar"]) {
  test(`the browser keeps each page's own title while browsing (${locale})`, async ({ page, request }) => {
    const { product, shop, post } = await demo(request);
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const named = async (path: string, lang: string) =>
      (await (await request.get(`/api${path}`, { headers: { "accept-language": lang } })).json()).data;
    const name = (await named(`/products/${product.id}/details`, locale)).product.name as string;
    const shopName = (await named(`/shops/${shop.id}`, locale)).shop.name as string;
    const postTitle = (await named(`/blogs/${post.slug}`, locale)).post.title as string;
    // once the app runs the page (its scripts loaded), the title is still the page's own
    await page.goto(`/products/${product.id}/details/${product.slug}`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} | ReadyMart`);
    await page.goto(`/shops/${shop.id}`, { waitUntil: "networkidle" });
    await expect(page).toHaveTitle(`${shopName} | ReadyMart`);
    await page.goto(`/blog/${post.slug}`, { waitUntil: "networkidle" });
    await expect(page).toHaveTitle(`${postTitle} | ReadyMart`);
    // a search's tab says what it searched, as its heading does
    const results = shippedTexts(locale, "catalog")("search_results_for", { search: "shirt" });
    await page.goto("/products?search=shirt", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(results);
    await expect(page).toHaveTitle(`${results} | ReadyMart`);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.title()).not.toBe("ReadyMart");
  });
}

for (const locale of ["en", "ar"]) {
  test(`the Seller Centre's pages are titled as their headings say, in the Seller Centre; the admin's in theirs (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    const products = shippedTexts(locale, "seller_products");
    const staff = shippedTexts(locale, "staff");
    const centre = staff("seller_centre");
    await signIn(page, request, "owner1@example.com");
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    // Not "Dashboard | ReadyMart", the shopper's account page's title.
    await page.goto("/seller/dashboard");
    await expect(page).toHaveTitle(`${shippedTexts(locale, "seller_shop")("dashboard")} | ${centre} | ReadyMart`);
    await page.goto("/seller/products/new");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(products("add_product"));
    await expect(page).toHaveTitle(`${products("add_product")} | ${centre} | ReadyMart`);
    const owner = await loginByApi(request, "owner1@example.com", "password");
    const list = await request.get("/api/seller/products?per_page=1", {
      headers: { Authorization: `Bearer ${owner.access.token}` },
    });
    const id = (await list.json()).data.products.data[0].id as number;
    await page.goto(`/seller/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(products("edit_product"));
    await expect(page).toHaveTitle(`${products("edit_product")} | ${centre} | ReadyMart`);

    const admin = waitForApp(await (await browser.newContext()).newPage());
    await signIn(admin, request, "admin@example.com");
    await admin.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await admin.goto("/admin/dashboard");
    await expect(admin).toHaveTitle(`${staff("dashboard")} | ${staff("admin_area")} | ReadyMart`);
  });
}
