import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Issue 19 items 4, 5, 13 and 14: suggestions while typing (keyboard combobox), "did you mean"
// for a typo, a page number past the end of a list, and a sub-category page's counts.

const text = (locale: string, ns: string, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"))[
    key
  ];

const SHOTS = "/tmp/shots-search";

async function inLocale(page: Page, locale: string) {
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
}

const QUERIES: Record<string, string> = { en: "jacket", ar: "جاكيت" };

for (const locale of ["en", "ar"]) {
  const t = (ns: string, key: string) => text(locale, ns, key);

  test(`${locale}: typing shows suggestions; arrows and Enter open a product`, async ({ page }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const box = page.getByRole("combobox", { name: t("layout", "search_placeholder") });
    await box.fill(QUERIES[locale] as string);
    const list = page.getByRole("listbox", { name: t("layout", "suggestions") });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const products = list.getByRole("group", { name: t("layout", "suggestions_products") }).getByRole("option");
    await expect(products.first()).toBeVisible();
    await expect(list.getByRole("group", { name: t("layout", "suggestions_categories") })).toBeVisible();
    for (const name of await products.allTextContents()) expect(name.toLowerCase()).toContain(QUERIES[locale]);
    await page.screenshot({ path: `${SHOTS}/suggestions-${locale}-1280.png` });

    // ArrowDown marks the first option (aria-activedescendant), ArrowDown/ArrowUp move, Enter opens.
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await box.press("ArrowUp");
    const first = products.first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) as string);
    const name = (await first.textContent()) as string;
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\/\d+\/details/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // Escape closes the list and keeps the typed text.
    await box.fill("");
    await box.fill(QUERIES[locale] as string);
    await expect(list).toBeVisible();
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(QUERIES[locale] as string);
  });

  test(`${locale}: a typo offers "did you mean" that opens the corrected search`, async ({ page }) => {
    await inLocale(page, locale);
    await page.goto("/");
    const box = page.getByRole("combobox", { name: t("layout", "search_placeholder") });
    await box.fill("jakcet");
    const option = page.getByRole("option", { name: `${t("layout", "suggestions_did_you_mean")} jacket` });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/products\?search=jacket$/);

    // The results page of the typo links to the corrected search as well.
    await page.goto("/products?search=jakcet");
    const link = page.getByRole("link", { name: "jacket", exact: true });
    await expect(link).toHaveAttribute("href", "/products?search=jacket");
    await page.screenshot({ path: `${SHOTS}/did-you-mean-${locale}-1280.png` });
    await link.click();
    await expect(page).toHaveURL(/\/products\?search=jacket$/);
    // A search's results start at its best matches.
    await expect(page.getByLabel(t("catalog", "sort_by")).locator("option:checked")).toHaveText(
      t("catalog", "sort_relevance"),
    );
  });

  test(`${locale}, 375 px: the suggestions list fits the phone's search dialog`, async ({ page }) => {
    await inLocale(page, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page
      .getByRole("button", { name: t("layout", "search"), exact: true })
      .first()
      .click();
    const box = page.getByRole("dialog").getByRole("combobox");
    await box.fill(QUERIES[locale] as string);
    const list = page.getByRole("listbox", { name: t("layout", "suggestions") });
    await expect(list.getByRole("option").first()).toBeVisible();
    const rect = await list.boundingBox();
    expect(rect && rect.x >= 0 && rect.x + rect.width <= 375).toBe(true);
    await page.screenshot({ path: `${SHOTS}/suggestions-${locale}-375.png` });
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\/\d+\/details/);
  });

  test(`${locale}: a page past the end of the list shows the last page`, async ({ page }) => {
    await inLocale(page, locale);
    // Other specs add products as they run (the import spec a thousand at once), so "last" is what
    // this page's own pager says, not a count read separately; and if products were added while
    // the page loaded, the list may refetch with more pages: then the visit is made again.
    const pager = page.getByRole("navigation", { name: t("common", "pagination") });
    await expect(async () => {
      await page.goto("/products?page=999");
      await expect(page).not.toHaveURL(/[?&]page=999$/);
      await expect(page).toHaveURL(/[?&]page=\d+$/);
      const shown = Number(new URL(page.url()).searchParams.get("page"));
      expect(shown).toBeGreaterThan(1);
      await expect(pager.locator("[aria-current=page]")).toHaveText(String(shown), { timeout: 3_000 });
      await expect(pager.getByRole("button", { name: t("common", "next") })).toBeDisabled({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(t("catalog", "no_products"))).toHaveCount(0);
    await expect(page.locator("main").getByRole("link", { name: /./ }).first()).toBeVisible();
  });

  test(`${locale}: Most Popular and Best Deals sort and filter like /products`, async ({ page }) => {
    await inLocale(page, locale);
    await page.goto("/best-deal");
    const sort = page.getByLabel(t("catalog", "sort_by"));
    await expect(sort).toHaveValue("best_deal");
    await expect(page.getByRole("heading", { name: t("catalog", "filters") }).first()).toBeAttached();
    await sort.selectOption("low_to_high");
    await expect(page).toHaveURL(/\/best-deal\?sort=low_to_high$/);
    await page.goto("/most-popular");
    await expect(page.getByLabel(t("catalog", "sort_by"))).toHaveValue("popular_product");
    await page.getByLabel(t("catalog", "sort_by")).selectOption("newest");
    await expect(page).toHaveURL(/\/most-popular\?sort=newest$/);
  });

  test(`${locale}: a product page links its brand's page, which lists the brand's products`, async ({ page }) => {
    await inLocale(page, locale);
    const res = await page.request.get("/api/brands");
    const { brands } = ((await res.json()) as { data: { brands: { slug: string; name: string }[] } }).data;
    const brand = brands[0];
    if (!brand) throw new Error("no brand");
    await page.goto("/brands");
    await expect(page.getByRole("heading", { level: 1, name: t("catalog", "all_brands") })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: `${SHOTS}/brands-${locale}-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: brand.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/brands/${brand.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: brand.name })).toBeVisible();
    // from one of its products back to the brand
    await page.locator("main a[href*='/details/']").first().click();
    await expect(page).toHaveURL(/\/products\/\d+\/details/);
    await page.getByRole("link", { name: brand.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/brands/${brand.slug}$`));
  });

  test(`${locale}: a sub-category page's heading agrees with its results count`, async ({ page }) => {
    await inLocale(page, locale);
    const res = await page.request.get("/api/categories", { headers: { "Accept-Language": locale } });
    const { categories } = (
      (await res.json()) as {
        data: {
          categories: { slug: string; total_products: number; sub_categories: { id: number; name: string }[] }[];
        };
      }
    ).data;
    const category = categories.find((c) => c.sub_categories.length > 1 && c.total_products > 0);
    const sub = category?.sub_categories[0];
    if (!category || !sub) throw new Error("no category with sub-categories");
    await page.goto(`/categories/${category.slug}?subcategory=${sub.id}`);
    const heading = page.locator("main h1 + p");
    await expect(heading).toHaveText(sub.name);
    // the only count on the page is the results line
    const count = t("catalog", "products_count_other").replace("{{count}}", String(category.total_products));
    await expect(page.getByText(count, { exact: true })).toHaveCount(0);
  });
}

test("en: the empty search box offers the last searches, newest first, and forgets them on request", async ({
  page,
}) => {
  const t = (key: string) => text("en", "layout", key);
  await page.goto("/");
  const box = page.getByRole("combobox", { name: t("search_placeholder") });
  const list = page.getByRole("listbox", { name: t("suggestions") });
  const recent = list.getByRole("group", { name: t("suggestions_recent") }).getByRole("option");
  await box.click();
  await expect(list).toBeHidden();

  for (const term of ["jacket", "boots"]) {
    await box.fill(term);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/products\\?search=${term}$`));
    await page.goto("/");
  }
  await box.click();
  await expect(list).toBeVisible();
  await expect(recent).toHaveText(["boots", "jacket", t("clear_recent_searches")]);

  // Taking one searches it again and makes it the newest.
  await recent.filter({ hasText: "jacket" }).click();
  await expect(page).toHaveURL(/\/products\?search=jacket$/);
  await page.goto("/");
  await box.click();
  await expect(recent).toHaveText(["jacket", "boots", t("clear_recent_searches")]);

  // Typing replaces them with suggestions; emptying the box brings them back.
  await box.fill("jacket");
  await expect(list.getByRole("group", { name: t("suggestions_recent") })).toHaveCount(0);
  await expect(list.getByRole("group", { name: t("suggestions_products") })).toBeVisible();
  await box.fill("");
  await expect(recent).toHaveCount(3);

  // Forgotten, also after a reload.
  await box.press("ArrowUp");
  await expect(recent.last()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(list).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await box.click();
  await expect(list).toBeHidden();
});

test("ar, 375 px: the phone's search dialog offers the last search, in Arabic, within the screen", async ({ page }) => {
  const t = (key: string) => text("ar", "layout", key);
  await inLocale(page, "ar");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const openSearch = () =>
    page
      .getByRole("button", { name: t("search"), exact: true })
      .first()
      .click();
  await openSearch();
  const box = page.getByRole("dialog").getByRole("combobox");
  await box.fill("جاكيت");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\?search=/);
  await page.goto("/");
  await openSearch();
  const group = page
    .getByRole("listbox", { name: t("suggestions") })
    .getByRole("group", { name: t("suggestions_recent") });
  await expect(group.getByRole("option")).toHaveText(["جاكيت", t("clear_recent_searches")]);
  const rect = await group.boundingBox();
  expect(rect && rect.x >= 0 && rect.x + rect.width <= 375).toBe(true);
  await page.screenshot({ path: `${SHOTS}/recent-ar-375.png` });
});
