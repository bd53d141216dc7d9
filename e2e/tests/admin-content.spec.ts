import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, loginByApi, readsLeftToRight, useSession } from "./helpers.ts";

// The admin console's storefront content (issue 17, item 2): the admin adds a home banner and a
// navbar menu item and edits a static page with the rich-text editor; a visitor sees each on the
// storefront in English and Arabic. The console's pages read right to left and fit a 375 px phone.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function adminPage(browser: Browser, request: APIRequestContext, width?: number): Promise<Page> {
  const data = await loginByApi(request, "admin@example.com", "password");
  const context = await browser.newContext(width ? { viewport: { width, height: 800 } } : {});
  const page = waitForApp(await context.newPage());
  await useSession(page, data.access.token, data.user);
  return page;
}

async function visitor(browser: Browser, locale: "en" | "ar"): Promise<Page> {
  const page = waitForApp(await (await browser.newContext()).newPage());
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

test("the admin adds a banner and a navbar menu item, and a visitor sees them in English and Arabic", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const title = `Autumn Picks ${stamp}`;
  const titleAr = `مختارات الخريف ${stamp}`;
  const menu = `Gift Guide ${stamp}`;
  const menuAr = `دليل الهدايا ${stamp}`;
  const admin = await adminPage(browser, request);

  await admin.goto("/admin/banners");
  await expect(admin.getByRole("heading", { name: "Banners", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "Add banner" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add banner" });
  // A field left empty says so under the field.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("The title field is required.")).toBeVisible();
  // The link's error names it as its label does ("Link"), not by the request's "url".
  await expect(dialog.getByText("The link field is required.")).toBeVisible();
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByRole("tab", { name: "العربية" }).click();
  await dialog.getByLabel("Title (العربية)", { exact: true }).fill(titleAr);
  await expect(dialog.getByText("Use a picture without words:")).toBeVisible();
  await dialog.getByLabel("Choose image").setInputFiles({ name: "autumn.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.locator("img[src^='/uploads/content/']")).toBeVisible();
  await dialog.getByLabel("Link", { exact: true }).fill("/shops");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.getByText(title)).toBeVisible();

  await admin.goto("/admin/menus");
  await admin.getByRole("button", { name: "Add menu item" }).click();
  const menuDialog = admin.getByRole("dialog", { name: "Add menu item" });
  await menuDialog.getByLabel("Title", { exact: true }).fill(menu);
  await menuDialog.getByRole("tab", { name: "العربية" }).click();
  await menuDialog.getByLabel("Title (العربية)", { exact: true }).fill(menuAr);
  await menuDialog.getByLabel("Internal name").fill(`gift_${stamp}`);
  await menuDialog.getByLabel("Link", { exact: true }).fill("/shops");
  await menuDialog.getByLabel("Opens in").selectOption({ label: "A new tab" });
  await menuDialog.getByRole("button", { name: "Save" }).click();
  // The list says where it opens in words, not by the link's target attribute ("_blank").
  await expect(admin.getByRole("listitem").filter({ hasText: menu })).toContainText("/shops · A new tab");
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.getByText(menu)).toBeVisible();
  await admin.context().close();

  const en = await visitor(browser, "en");
  await en.goto("/");
  await expect(en.getByRole("heading", { level: 2, name: title })).toBeAttached();
  await expect(en.getByRole("link", { name: menu })).toBeVisible();
  await en.context().close();

  const ar = await visitor(browser, "ar");
  await ar.goto("/");
  await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(ar.getByRole("heading", { level: 2, name: titleAr })).toBeAttached();
  await expect(ar.getByRole("link", { name: menuAr })).toBeVisible();
  await ar.context().close();
});

test("the admin edits a static page with the rich-text editor, and a visitor reads it in English and Arabic", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const slug = `care-guide-${stamp}`;
  const { access } = await loginByApi(request, "admin@example.com", "password");
  const created = await request.post("/api/admin/pages", {
    headers: { authorization: `Bearer ${access.token}` },
    data: { slug, title: "Care guide", body: "<p>Draft</p>" },
  });
  expect(created.ok()).toBeTruthy();

  const admin = await adminPage(browser, request);
  await admin.goto("/admin/pages");
  await admin.getByRole("searchbox", { name: "Search pages" }).fill(slug);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await admin.getByRole("button", { name: "Edit Care guide" }).click();
  const dialog = admin.getByRole("dialog", { name: "Edit page" });
  const body = dialog.getByRole("textbox", { name: "Content", exact: true });
  await expect(body).toContainText("Draft");
  await body.click();
  await admin.keyboard.press("ControlOrMeta+a");
  await admin.keyboard.type("Wash by hand. ");
  await admin.keyboard.press("ControlOrMeta+b");
  await admin.keyboard.type("Never bleach.");
  await dialog.getByRole("tab", { name: "العربية" }).click();
  await dialog.getByLabel("Title (العربية)", { exact: true }).fill("دليل العناية");
  await dialog.getByRole("textbox", { name: "Content (العربية)" }).click();
  await admin.keyboard.type("اغسل باليد.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await admin.context().close();

  const en = await visitor(browser, "en");
  await en.goto(`/page/${slug}`);
  await expect(en.getByText("Wash by hand.")).toBeVisible();
  await expect(en.locator("strong", { hasText: "Never bleach." })).toBeVisible();
  await en.context().close();

  const ar = await visitor(browser, "ar");
  await ar.goto(`/page/${slug}`);
  await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(ar.getByText("دليل العناية").first()).toBeVisible();
  await expect(ar.getByText("اغسل باليد.")).toBeVisible();
  await ar.context().close();
});

test("the content pages read right to left in Arabic and fit a 375 px phone", async ({ browser, request }) => {
  const admin = await adminPage(browser, request, 375);
  await admin.addInitScript(() => localStorage.setItem("locale", "ar"));
  const pages: [string, string, string][] = [
    ["/admin/banners", "البانرات", "إضافة بانر"],
    ["/admin/menus", "القوائم والتذييل", "إضافة عنصر قائمة"],
    ["/admin/pages", "الصفحات", "إضافة صفحة"],
    ["/admin/blog", "المدونة", "إضافة مقال"],
  ];
  for (const [path, heading, action] of pages) {
    await admin.goto(path);
    await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(admin.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const button = admin.getByRole("button", { name: action });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await fitsWidth(admin);
  }
  // A menu item's link reads left to right in the Arabic list ("/shops", not "shops/").
  await admin.goto("/admin/menus");
  const path = admin.getByTestId("menu-row-detail").locator("bdi").filter({ hasText: /^\/\w/ }).first();
  await expect(path).toBeVisible();
  expect(await readsLeftToRight(path)).toBe(true);
  // A form in its dialog fits too.
  await admin.goto("/admin/banners");
  await admin.getByRole("button", { name: "إضافة بانر" }).click();
  await expect(admin.getByRole("dialog", { name: "إضافة بانر" })).toBeVisible();
  await fitsWidth(admin);
  await admin.context().close();
});
