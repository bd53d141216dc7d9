import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { loginByApi, signIn } from "./helpers.ts";

// The Seller Centre's CSV import and export (issue 16, item 4): the owner of shop 1 downloads the
// shop's CSV, previews a file of 1,000 new products, imports it with a progress bar, and a visitor
// finds one of them by search; the page in Arabic (rtl) and on a 375 px phone.

async function signInToSeller(page: Page, email = "owner1@example.com") {
  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/seller\/[a-z]+/);
}

const quote = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(",");

/** A CSV of `count` new products of one variant each, under the header of the shop's own export. */
async function productsCsv(request: APIRequestContext, tag: string, count: number, over: Record<string, string> = {}) {
  const { access } = await loginByApi(request, "owner1@example.com", "password");
  const exported = await request.get("/api/seller/products/export", {
    headers: { Authorization: `Bearer ${access.token}` },
  });
  expect(exported.ok()).toBeTruthy();
  const header =
    (await exported.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]
      ?.split(",") ?? [];
  const { data } = await (await request.get("/api/categories")).json();
  const category = data.categories[0].name as string;
  const rows = Array.from({ length: count }, (_, i) => {
    const cells: Record<string, string> = {
      handle: `${tag}-${i + 1}`,
      name: i === count - 3 ? `Import ${tag} Quokkaberry Vase` : `Import ${tag} item ${i + 1}`,
      category,
      price: "9.99",
      published: "yes",
      stock: String((i % 20) + 1),
      ...over,
    };
    return quote(header.map((h) => cells[h] ?? ""));
  });
  return [header.join(","), ...rows].join("\r\n");
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("a seller imports 1,000 products from CSV with a progress bar, and a visitor finds one by search", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `e2e${Date.now()}`;
  const csv = await productsCsv(request, tag, 1000);
  await signInToSeller(page);
  await page.goto("/seller/products");
  await page.getByRole("link", { name: "Import / export" }).click();
  await expect(page).toHaveURL(/\/seller\/products\/import$/);
  await expect(page.getByRole("heading", { name: "Import and export products", level: 1 })).toBeVisible();

  // The shop's CSV downloads with the signed-in seller's token.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);

  await page.getByLabel(/choose a file/).setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId("chosen-file")).toContainText("products.csv");
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton).toBeDisabled();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("count-to_create")).toHaveText("1000");
  await expect(page.getByTestId("count-variant_rows")).toHaveText("1000");
  await expect(page.getByText("No problems found. You can import the file.")).toBeVisible();

  // The bar shows while the products are saved; then the result.
  const bar = page.getByRole("progressbar", { name: "Import progress" });
  const barShown = bar.waitFor({ state: "attached" });
  await importButton.click();
  await barShown;
  const done = page.getByRole("main").getByRole("status").filter({ hasText: "Import finished" });
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done).toContainText("Created 1000, updated 0, unchanged 0.");
  await expect(page.getByRole("link", { name: "Back to products" })).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/");
  const searchbox = visitor.getByRole("search").getByRole("combobox").first();
  await searchbox.fill("Quokkaberry");
  await searchbox.press("Enter");
  await expect(visitor.getByRole("link", { name: `Import ${tag} Quokkaberry Vase` }).first()).toBeVisible();
});

test("the preview lists each row's problem, and nothing can be imported until it is fixed", async ({
  page,
  request,
}) => {
  const csv = await productsCsv(request, `bad${Date.now()}`, 3, { price: "abc" });
  await signInToSeller(page);
  await page.goto("/seller/products/import");
  await page
    .getByLabel(/choose a file/)
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Problems to fix: 3")).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: "The price field must be a number." });
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
});

test("the import page in Arabic reads right to left", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await signIn(page, request, "owner1@example.com");
  await page.goto("/seller/products/import");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "استيراد المنتجات وتصديرها", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "تنزيل ملف CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "معاينة" })).toBeVisible();
  expect(await noHorizontalOverflow(page)).toBe(true);
});

test("the import page fits a 375 px phone, also with a table of problems", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const csv = await productsCsv(request, `phone${Date.now()}`, 2, { category: "No such category at all" });
  await signInToSeller(page);
  await page.goto("/seller/products/import");
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeInViewport();
  expect(await noHorizontalOverflow(page)).toBe(true);
  await page
    .getByLabel(/choose a file/)
    .setInputFiles({ name: "phone.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const previewButton = page.getByRole("button", { name: "Preview" });
  await previewButton.scrollIntoViewIfNeeded();
  await expect(previewButton).toBeInViewport();
  await previewButton.click();
  await expect(page.getByText("Problems to fix: 2")).toBeVisible();
  expect(await noHorizontalOverflow(page)).toBe(true);
});
