import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { loginByApi, registerByApi, useSession } from "./helpers.ts";

// The admin console's outgoing mail (issue 22, item 3): every message the marketplace wrote, with
// its delivery state; without SMTP (as here) mail is kept in the outbox, and the Failed tab is
// where undelivered mail would wait for a retry. In Arabic, right to left, and at 375 px.

async function adminPage(browser: Browser, request: APIRequestContext, locale = "en", width = 1280): Promise<Page> {
  const data = await loginByApi(request, "admin@example.com", "password");
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = waitForApp(await context.newPage());
  await useSession(page, data.access.token, data.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

/** A shopper asks for a password reset code: one mail in the outbox. */
async function mailACode(request: APIRequestContext) {
  const user = await registerByApi(request);
  const res = await request.post("/api/send-otp", { data: { phone: user.email, forgot_password: 1 } });
  expect(res.status()).toBe(200);
  return user.email as string;
}

test("the admin sees the mail the marketplace wrote, filtered by delivery state", async ({ browser, request }) => {
  const email = await mailACode(request);
  const admin = await adminPage(browser, request);
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Outgoing mail" }).click();
  await expect(admin.getByRole("heading", { name: "Outgoing mail", level: 1 })).toBeVisible();
  const row = admin.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Kept in outbox");
  await expect(row).toContainText(`Email to ${email}`);

  await admin.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(admin).toHaveURL(/status=failed/);
  await expect(admin.getByText("No mail here")).toBeVisible();
  await admin.context().close();
});

test("the outgoing mail page reads right to left in Arabic and fits a 375 px phone", async ({ browser, request }) => {
  const email = await mailACode(request);
  const admin = await adminPage(browser, request, "ar", 375);
  await admin.goto("/admin/mail");
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(admin.getByRole("heading", { name: "البريد الصادر", level: 1 })).toBeVisible();
  const row = admin.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("محفوظ في صندوق الصادر");
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await admin.context().close();
});
