import { expect, test } from "./fixtures.ts";
import {
  fitsWidth,
  placedOrder,
  plainProducts,
  registerByApi,
  serverSays,
  shippedTexts,
  useSession,
} from "./helpers.ts";

// A shopper deletes their own account from the profile page: the password first, then a last
// question; the server refuses while an order is open.

test("ar, 375 px: a shopper deletes their account with their password and is signed out", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  const account = shippedTexts("ar", "account");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: account("delete_account") });
  await expect(section).toContainText(account("delete_account_text"));
  await fitsWidth(page);

  // A wrong password: the question is asked, then the field says why and nothing is deleted.
  await section.getByLabel(account("delete_account_password")).fill("not-my-password");
  await section.getByRole("button", { name: account("delete_account_button") }).click();
  const dialog = page.getByRole("dialog", { name: account("delete_account_confirm") });
  await expect(dialog).toContainText(account("delete_account_confirm_text"));
  await dialog.getByRole("button", { name: account("delete_account_button") }).click();
  await expect(section.getByText(serverSays("ar", "The current password is incorrect."))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The right one: deleted, signed out, back on the home page.
  await section.getByLabel(account("delete_account_password")).fill(shopper.password);
  await section.getByRole("button", { name: account("delete_account_button") }).click();
  await dialog.getByRole("button", { name: account("delete_account_button") }).click();
  await expect(page.getByText(serverSays("ar", "Your account has been deleted."))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out: the phone header has no bell, and the browser keeps no session.
  await expect(page.getByTestId("notification-bell-user")).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token ?? null)).toBeNull();
  const login = await request.post("/api/login", { data: { phone: shopper.email, password: shopper.password } });
  expect(login.ok()).toBe(false);
  expect((await request.get("/api/user", { headers: { Authorization: `Bearer ${shopper.token}` } })).status()).toBe(
    401,
  );
});

test("en: a shopper with an order on its way is told to wait until it is settled", async ({ page, request }) => {
  const shopper = await registerByApi(request);
  const product = (await plainProducts(request))[0];
  if (!product) throw new Error("a plain product is needed");
  await placedOrder(request, shopper.token, { productId: product.id, shopId: product.shop.id, payment: "cash" });
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Delete account" });
  await section.getByLabel("Your password").fill(shopper.password);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await page
    .getByRole("dialog", { name: "Delete your account?" })
    .getByRole("button", { name: "Delete my account" })
    .click();
  await expect(
    page.getByText("You have an order or a return still open: you can delete your account once it is settled."),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  expect((await request.get("/api/user", { headers: { Authorization: `Bearer ${shopper.token}` } })).ok()).toBe(true);
});
