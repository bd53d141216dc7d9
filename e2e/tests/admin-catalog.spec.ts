import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, loginByApi, serverSays, useSession } from "./helpers.ts";

// The admin console's catalogue structure (issue 17, item 1): the admin adds a category with an
// Arabic name and a sub-category, and the storefront lists them in English and Arabic; deleting a
// category that holds products says how many and moves them first; both pages in Arabic (rtl) and
// on a 375 px phone.

async function adminPage(browser: Browser, request: APIRequestContext, locale = "en"): Promise<Page> {
  const data = await loginByApi(request, "admin@example.com", "password");
  const page = waitForApp(await (await browser.newContext()).newPage());
  await useSession(page, data.access.token, data.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

test("the admin adds a category with an Arabic name and a sub-category; the storefront shows them in en and ar", async ({
  browser,
  request,
  page,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const name = `Garden ${stamp}`;
  const arName = `حديقة ${stamp}`;
  const subName = `Tools ${stamp}`;
  const subAr = `أدوات ${stamp}`;

  const admin = await adminPage(browser, request);
  await admin.goto("/admin/categories");
  await expect(admin.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "Add category" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Name (English)").fill(name);
  await dialog.getByRole("tab", { name: "العربية" }).click();
  await dialog.getByLabel("Name (العربية)").fill(arName);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Created.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = admin.getByTestId("category-tree").getByRole("listitem").filter({ hasText: name }).first();
  await row.getByRole("button", { name: "Add sub-category" }).click();
  await dialog.getByLabel("Name (English)").fill(subName);
  await dialog.getByRole("tab", { name: "العربية" }).click();
  await dialog.getByLabel("Name (العربية)").fill(subAr);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(subName)).toBeVisible();
  // Each Edit names its category, so the tree's fifty Edits read apart.
  await admin.getByRole("button", { name: `Edit: ${name}`, exact: true }).click();
  await expect(dialog.getByLabel("Name (English)")).toHaveValue(name);
  await admin.keyboard.press("Escape");
  await admin.getByRole("button", { name: `Edit: ${subName}`, exact: true }).click();
  await expect(dialog.getByLabel("Name (English)")).toHaveValue(subName);
  await admin.context().close();

  await page.goto("/categories");
  const card = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: subName })).toBeVisible();

  await page.evaluate(() => localStorage.setItem("locale", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const arCard = page.getByRole("listitem").filter({ has: page.getByText(arName, { exact: true }) });
  await expect(arCard).toBeVisible();
  await expect(arCard.getByRole("link", { name: subAr })).toBeVisible();
});

test("deleting a category that holds products says how many and moves them before deleting", async ({
  browser,
  request,
  page,
}) => {
  const { data } = await (await request.get("/api/categories")).json();
  const categories = data.categories as Array<{
    id: number;
    name: string;
    total_products: number;
    sub_categories: Array<{ name: string }>;
  }>;
  const withProducts = categories.filter((c) => c.total_products > 0);
  const from = withProducts.at(-1);
  const to = withProducts[0];
  if (!from || !to || from.id === to.id) throw new Error("the demo has categories with products");

  const admin = await adminPage(browser, request);
  await admin.goto("/admin/categories");
  const row = admin.getByTestId("category-row").filter({ hasText: from.name }).first();
  const counted = Number((await row.getByText(/^Products: \d+/).textContent())?.match(/\d+/)?.[0]);
  expect(counted).toBeGreaterThanOrEqual(from.total_products);
  await row.getByRole("button", { name: `Delete ${from.name}` }).click();

  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByText(new RegExp(`^This category holds ${counted} products?\\.`))).toBeVisible();
  // Its sub-categories go with it, and the dialog says which.
  const subs = new Intl.ListFormat("en", { type: "conjunction" }).format(from.sub_categories.map((s) => s.name));
  expect(from.sub_categories.length).toBeGreaterThan(0);
  await expect(dialog.getByText(`Sub-categories deleted with it: ${subs}.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Move and delete" }).click();
  await expect(dialog.getByText("Choose where the products go.")).toBeVisible();
  await dialog.getByLabel("Move products to…").selectOption({ label: to.name });
  await dialog.getByRole("button", { name: "Move and delete" }).click();
  await expect(admin.getByText("Products moved and deleted.")).toBeVisible();
  await expect(admin.getByTestId("category-row").filter({ hasText: from.name })).toHaveCount(0);
  await admin.context().close();

  await page.goto("/categories");
  await expect(page.getByText(to.name, { exact: true })).toBeVisible();
  await expect(page.getByText(from.name, { exact: true })).toHaveCount(0);
  const after = (await (await request.get("/api/categories")).json()).data.categories as typeof categories;
  expect(after.find((c) => c.id === to.id)?.total_products).toBe(to.total_products + from.total_products);
});

test("the catalogue pages read right to left in Arabic and fit a 375 px phone", async ({ browser, request }) => {
  const admin = await adminPage(browser, request, "ar");
  await admin.setViewportSize({ width: 375, height: 800 });

  await admin.goto("/admin/categories");
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(admin.getByRole("heading", { name: "الفئات", level: 1 })).toBeVisible();
  await expect(admin.getByTestId("category-row").first()).toBeVisible();
  await fitsWidth(admin);
  // A sub-category's names keep a readable width: its actions wrap under them on a phone.
  const subNames = await admin.getByTestId("sub-category-row").first().locator("p").first().boundingBox();
  expect(subNames?.width).toBeGreaterThan(150);
  // A category's delete names, in Arabic, the sub-categories that go with it.
  await admin.getByTestId("category-row").first().getByRole("button", { name: /^حذف / }).click();
  await expect(admin.getByRole("dialog").getByText(/الفئات الفرعية التي تُحذف معها: .+\./)).toBeVisible();
  await fitsWidth(admin);
  await admin.keyboard.press("Escape");
  await admin.getByRole("button", { name: "إضافة فئة", exact: true }).click();
  await expect(admin.getByRole("dialog").getByRole("tab", { name: "English" })).toBeVisible();
  await fitsWidth(admin);
  await admin.keyboard.press("Escape");

  await admin.goto("/admin/catalog-options");
  await expect(admin.getByRole("heading", { name: "العلامات التجارية والوحدات والمقاسات والألوان" })).toBeVisible();
  for (const tab of ["العلامات التجارية", "الوحدات", "المقاسات", "الألوان"]) {
    await admin.getByRole("tab", { name: tab }).click();
    await expect(admin.getByRole("listitem").first()).toBeVisible();
    await fitsWidth(admin);
  }
  // The kinds are one tab stop; the arrow keys move between them in the page's direction (left is
  // next in Arabic), and the address follows.
  await admin.getByRole("tab", { name: "العلامات التجارية" }).click();
  await admin.keyboard.press("ArrowLeft");
  await expect(admin.getByRole("tab", { name: "الوحدات" })).toBeFocused();
  await expect(admin.getByRole("tab", { name: "الوحدات" })).toHaveAttribute("aria-selected", "true");
  await expect(admin).toHaveURL(/[?&]tab=units/);
  await expect(admin.getByTestId("options-units")).toBeVisible();
  await admin.keyboard.press("End");
  await expect(admin.getByRole("tab", { name: "الألوان" })).toHaveAttribute("aria-selected", "true");
  // The colour tab's main action: add a colour with its code.
  const coral = `Coral ${Date.now().toString().slice(-5)}`;
  const addCoral = async () => {
    await admin.getByRole("button", { name: "إضافة لون" }).click();
    await dialog.getByLabel("الاسم (English)").fill(coral);
    await dialog.getByLabel("رمز اللون").fill("#ff7f50");
    await dialog.getByRole("button", { name: "حفظ" }).click();
  };
  const dialog = admin.getByRole("dialog");
  await addCoral();
  await expect(dialog).toBeHidden();
  await fitsWidth(admin);
  // The same name again: the server's refusal shows under the name, which takes the keyboard.
  await addCoral();
  const name = dialog.getByLabel("الاسم (English)");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(dialog.locator(`[id="${await name.getAttribute("aria-describedby")}"]`)).toHaveText(
    serverSays("ar", "The name has already been taken."),
  );
  await admin.context().close();
});
