import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { newApprovedShop, plainProducts } from "./helpers.ts";

// Issue 19 item 6: in Arabic the demo content (product, shop, blog, static pages, footer) reads in
// Arabic, and a text with no Arabic translation shows in English marked lang="en" in the rtl page.

const ARABIC = /[\u0600-\u06FF]/;
const SHOTS = "/tmp/c-shots";
/** The product page's description section. */
const DESCRIPTION = "section[aria-labelledby=product-description]";

async function inArabic(page: Page) {
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
}

/** The `data` of a GET answer in Arabic. */
async function arabic<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: { "Accept-Language": "ar" } });
  expect(res.ok(), url).toBeTruthy();
  return (await res.json()).data as T;
}

/** The first paragraph's or list item's text of an HTML body. */
const firstText = (html: string) => html.match(/<(?:p|li)>([^<]+)</)?.[1] ?? "";

test("in Arabic, a demo product's descriptions and the footer read in Arabic, also at 375 px", async ({
  page,
  request,
}) => {
  const [product] = await plainProducts(request, "ar");
  if (!product) throw new Error("no product");
  const { product: details } = await arabic<{ product: { short_description: string; description: string } }>(
    request,
    `/api/products/${product.id}/details`,
  );
  const master = await arabic<{ footer_text: string; footers: { items: { type: string; title: string }[] }[] }>(
    request,
    "/api/master",
  );
  const footerAbout = master.footers.flatMap((f) => f.items).find((i) => i.type === "text")?.title ?? "";
  for (const text of [details.short_description, firstText(details.description), footerAbout, master.footer_text])
    expect(text).toMatch(ARABIC);

  await inArabic(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/products/${product.id}/details/${product.slug}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(details.short_description, { exact: true })).toBeVisible();
  const description = page.locator(DESCRIPTION);
  await expect(description.getByText(firstText(details.description))).toBeVisible();
  await expect(description.locator("[lang]")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/product-ar-375.png`, fullPage: true });

  const footer = page.locator("footer");
  await expect(footer.getByText(footerAbout)).toBeVisible();
  await expect(footer.getByText(master.footer_text)).toBeVisible();
});

test("in Arabic, a shop's about text, a blog post and the about-us page read in Arabic", async ({ page, request }) => {
  const [product] = await plainProducts(request, "ar");
  if (!product) throw new Error("no product");
  const { shop } = await arabic<{ shop: { description: string } }>(request, `/api/shops/${product.shop.id}`);
  const slug = "how-to-find-the-best-deals-online";
  const { post } = await arabic<{ post: { title: string; body: string } }>(request, `/api/blogs/${slug}`);
  const about = await arabic<{ title: string; body: string }>(request, "/api/pages/about-us");
  for (const text of [shop.description, post.title, firstText(post.body), about.title, firstText(about.body)])
    expect(text).toMatch(ARABIC);

  await inArabic(page);
  await page.goto(`/shops/${product.shop.id}`);
  await expect(page.getByText(shop.description, { exact: true })).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText(firstText(post.body)).first()).toBeVisible();

  await page.goto("/about-us");
  await expect(page.getByRole("heading", { level: 1, name: about.title })).toBeVisible();
  await expect(page.getByText(firstText(about.body))).toBeVisible();
  await expect(page.locator("article [lang]")).toHaveCount(0);
});

test("on a phone, a blog reader switches to Arabic from the blog's own header", async ({ page, request }) => {
  const slug = "how-to-find-the-best-deals-online";
  const { post } = await arabic<{ post: { title: string } }>(request, `/api/blogs/${slug}`);
  await page.setViewportSize({ width: 375, height: 740 });
  // "/blog" is where a reader would guess the blog is.
  await page.goto("/blog");
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitemradio", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "المدونة" })).toBeVisible();
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("in Arabic, a product a seller described only in English shows that text marked lang=en in the rtl page", async ({
  page,
  request,
}) => {
  const { seller } = await newApprovedShop(request, "i18n");
  const short = "A brass lantern with a warm glow.";
  const body = "Hand-beaten brass, lit by one candle.";
  const auth = { authorization: `Bearer ${seller.access.token}` };
  const options = (await (await request.get("/api/seller/product-options", { headers: auth })).json()).data;
  const created = await request.post("/api/seller/products", {
    headers: auth,
    data: {
      name: "Zanzibar Lantern",
      short_description: short,
      description: `<p>${body}</p>`,
      translations: { ar: { name: "فانوس زنجبار" } },
      category_id: options.categories[0].id,
      price: 25,
      variants: [{ size_id: 0, color_id: 0, stock: 4 }],
      is_active: true,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const product = (await created.json()).data.product as { id: number; slug: string };

  await inArabic(page);
  await page.goto(`/products/${product.id}/details/${product.slug}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "فانوس زنجبار" })).toBeVisible();
  await expect(page.getByText(short, { exact: true })).toHaveAttribute("lang", "en");
  const description = page.locator(DESCRIPTION).locator("[lang]");
  await expect(description).toHaveAttribute("lang", "en");
  await expect(description).toHaveText(body);
});
