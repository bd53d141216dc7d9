import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function firstOf(page: Page, url: string): Promise<{ id: number; slug: string }> {
  const res = await page.request.get(url);
  return (await res.json()).data.data[0];
}

const pages: Array<[string, (page: Page) => Promise<string>]> = [
  ["home", async () => "/"],
  ["products", async () => "/products"],
  [
    "product details",
    async (page) => {
      const p = await firstOf(page, "/api/products?per_page=1");
      return `/products/${p.id}/details/${p.slug}`;
    },
  ],
  ["blog post", async (page) => `/blog/${(await firstOf(page, "/api/blogs?per_page=1")).slug}`],
  ["page not found", async () => "/no-such-page"],
];

for (const locale of ["en", "ar"]) {
  for (const [name, path] of pages) {
    test(`axe finds no serious or critical violation on ${name} in ${locale}`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.goto(await path(page));
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.locator("main h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
      expect(bad).toEqual([]);
    });
  }
}
