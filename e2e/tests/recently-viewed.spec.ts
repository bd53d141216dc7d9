import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { fitsWidth, registerByApi, shippedTexts, useSession } from "./helpers.ts";

// A product page lists the other products this browser opened lately, the last first.

type Card = { id: number; slug: string; name: string };

/** Three of a demo shop's products, named in `locale`. */
async function threeProducts(request: APIRequestContext, locale: string): Promise<Card[]> {
  const res = await request.get("/api/products?shop_id=2&per_page=3", {
    headers: { "Accept-Language": locale },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.data;
}

const open = (page: Page, p: Card) => page.goto(`/products/${p.id}/details/${p.slug}`);

test("en: the product page shows what was opened before it, the last first, and keeps it over a reload", async ({
  page,
  request,
}) => {
  const [a, b, c] = (await threeProducts(request, "en")) as [Card, Card, Card];
  const title = shippedTexts("en", "catalog")("recently_viewed");
  const rail = page.getByRole("list", { name: title });
  const names = () => rail.getByRole("listitem").allTextContents();

  await open(page, a);
  await expect(page.getByRole("heading", { name: a.name, level: 1 })).toBeVisible();
  // Related and popular products come first; nothing was viewed before this one.
  await expect(page.getByRole("heading", { name: "Popular Products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  await open(page, b);
  await expect(rail.getByRole("listitem")).toHaveCount(1);
  expect((await names())[0]).toContain(a.name);

  await open(page, c);
  await expect(rail.getByRole("listitem")).toHaveCount(2);
  const [first, second] = await names();
  expect(first).toContain(b.name);
  expect(second).toContain(a.name);

  // Back on the first: the other two, the last first; this page is not among them.
  await open(page, a);
  await expect(page.getByRole("heading", { name: a.name, level: 1 })).toBeVisible();
  await expect.poll(async () => (await names()).map((n) => n.includes(c.name))).toEqual([true, false]);
  expect((await names())[1]).toContain(b.name);

  await page.reload();
  await expect(rail.getByRole("listitem")).toHaveCount(2);

  // A card opens its product.
  await rail.getByRole("listitem").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: c.name, level: 1 })).toBeVisible();
});

test("en: signing out forgets what the account looked at", async ({ page, request }) => {
  const [a, b] = (await threeProducts(request, "en")) as [Card, Card];
  const shopper = await registerByApi(request);
  await useSession(page, shopper.token, shopper.user);
  const title = shippedTexts("en", "catalog")("recently_viewed");
  await open(page, a);
  await expect(page.getByRole("heading", { name: a.name, level: 1 })).toBeVisible();
  await open(page, b);
  await expect(page.getByRole("list", { name: title }).getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await page.getByRole("dialog", { name: "Log Out" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();

  await open(page, a);
  await expect(page.getByRole("heading", { name: "Popular Products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("ar, 375 px: the list is titled and its cards named in Arabic, and fits the phone", async ({ page, request }) => {
  const [a, b] = (await threeProducts(request, "ar")) as [Card, Card];
  const title = shippedTexts("ar", "catalog")("recently_viewed");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await open(page, a);
  await expect(page.getByRole("heading", { name: a.name, level: 1 })).toBeVisible();
  await open(page, b);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const heading = page.getByRole("heading", { name: title });
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeVisible();
  const rail = page.getByRole("list", { name: title });
  await expect(rail.getByRole("listitem")).toHaveCount(1);
  await expect(rail.getByRole("listitem").first()).toContainText(a.name);
  await fitsWidth(page);
});
