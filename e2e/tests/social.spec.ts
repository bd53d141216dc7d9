import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { unique } from "./helpers.ts";

// The e2e server points Google, Facebook and Apple at a local identity-provider stand-in
// (scripts/e2e-server.mjs); the providers' own scripts never load from the internet here.
const PROVIDER_SCRIPTS = /connect\.facebook\.net|appleid\.cdn-apple\.com/;

async function openLogin(page: Page) {
  await page.getByRole("button", { name: "Login", exact: true }).click();
  return page.getByRole("dialog", { name: "Login" });
}

test("signs in with Google through the popup and the provider's sign-in page", async ({ page, request }) => {
  const who = unique("google");
  await page.goto("/");
  const dialog = await openLogin(page);

  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  // The stand-in's sign-in page, in the popup: any login, the email becomes the account's.
  await popup.getByPlaceholder("Enter any login").fill(who.email);
  await popup.getByPlaceholder("and password").fill("anything");
  // The popup hands the code to the page and closes itself; wait for that from before the click.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByText("Login Successful")).toBeVisible();
  await closed;
  await expect(dialog).toBeHidden();
  const name = who.email.split("@")[0] as string;
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu").getByText(name)).toBeVisible();

  // The session is the server's own: its token reads the account made from the Google profile.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token as string);
  const me = await (await request.get("/api/user", { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me.data.user).toMatchObject({ email: who.email, name, is_verified: true });
});

test("loads a provider's script only when used; a cancelled or failed sign-in only logs", async ({ page }) => {
  const scriptRequests: string[] = [];
  page.on("request", (r) => {
    if (PROVIDER_SCRIPTS.test(r.url())) scriptRequests.push(r.url());
  });
  const logs: string[] = [];
  page.on("console", (m) => logs.push(m.text()));
  // Facebook's SDK cannot be reached; Apple's answers without an identity token.
  await page.route(/connect\.facebook\.net/, (route) => route.abort());
  await page.route(/appleid\.cdn-apple\.com/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: "window.AppleID = { auth: { init() {}, signIn: async () => ({ authorization: { code: 'c' } }) } };",
    }),
  );

  await page.goto("/");
  let dialog = await openLogin(page);
  await expect(dialog.getByRole("list", { name: "Sign in with another account" }).getByRole("button")).toHaveText([
    "Continue with Google",
    "Continue with Facebook",
    "Continue with Apple",
  ]);
  // The registration dialog offers the same.
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  dialog = page.getByRole("dialog", { name: "Register" });
  await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  expect(scriptRequests).toEqual([]);

  await dialog.getByRole("button", { name: "Continue with Facebook" }).click();
  await expect.poll(() => logs).toContain("Could not load https://connect.facebook.net/en_US/sdk.js");
  expect(scriptRequests.length).toBeGreaterThan(0);

  await dialog.getByRole("button", { name: "Continue with Apple" }).click();
  await expect.poll(() => logs).toContain("Token or code is missing");

  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  await popup.getByPlaceholder("Enter any login").waitFor();
  await popup.close();
  await expect.poll(() => logs).toContain("The Google sign-in window was closed");

  // Nothing was shown to the shopper, and the dialog is still there to try again.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token ?? null)).toBeNull();
});
