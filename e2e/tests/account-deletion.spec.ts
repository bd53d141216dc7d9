import { expect, test } from "./fixtures.ts";
import {
  codeFor,
  fitsWidth,
  placedOrder,
  plainProducts,
  registerByApi,
  serverSays,
  shippedTexts,
  typeCode,
  unique,
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

// An account made by a social sign-in has no password its owner knows: "Forgot Password?" under
// the password sends a reset code to the account's own email, and the new password deletes it.
test("en: an account made by Google sets a password from the profile, then deletes itself", async ({
  page,
  request,
}) => {
  const who = unique("google-leaves");
  await page.goto("/");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  await popup.getByPlaceholder("Enter any login").fill(who.email);
  await popup.getByPlaceholder("and password").fill("anything");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByText("Login Successful")).toBeVisible();

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Delete account" });
  await section.getByRole("button", { name: "Forgot Password?" }).click();
  const otp = page.getByRole("dialog", { name: "Enter OTP" });
  // The address is isolated (U+2066 … U+2069) so it reads whole in either direction.
  await expect(otp).toContainText(`Enter the 4-digit code sent to \u2066${who.email}\u2069.`);
  await typeCode(page, await codeFor(request, who.email));
  await otp.getByRole("button", { name: "Confirm OTP" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await reset.getByLabel("New Password").fill("my-own-pass-1");
  await reset.getByLabel("Confirm Password").fill("my-own-pass-1");
  await reset.getByRole("button", { name: "Reset Password" }).click();

  // The reset ended this session too: signed out on the home page, asked to sign in, and told the
  // reset worked rather than that the session ended.
  await expect(page.getByText("Your password has been reset.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email or Phone").fill(who.email);
  await login.getByLabel("Password", { exact: true }).fill("my-own-pass-1");
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page.getByText("Your session has ended. Please log in again.")).toHaveCount(0);

  await page.goto("/profile");
  await section.getByLabel("Your password").fill("my-own-pass-1");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await page
    .getByRole("dialog", { name: "Delete your account?" })
    .getByRole("button", { name: "Delete my account" })
    .click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const again = await request.post("/api/login", { data: { phone: who.email, password: "my-own-pass-1" } });
  expect(again.ok()).toBe(false);
});

test("ar, 375 px: Forgot Password? on the change-password page sends the code to the account's email, once a minute", async ({
  page,
  request,
}) => {
  const shopper = await registerByApi(request);
  const auth = shippedTexts("ar", "auth");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/change-password");
  await page.getByRole("button", { name: auth("forgot_password_link") }).click();
  const otp = page.getByRole("dialog", { name: auth("enter_otp") });
  await expect(otp).toContainText(auth("otp_sent_to", { target: `\u2066${shopper.email}\u2069` }));
  await fitsWidth(page);
  const code = await codeFor(request, shopper.email);
  // Closed and asked again within the minute: no second code, the dialog says the first went out
  // moments ago and counts down to a resend; the first one works.
  await otp.press("Escape");
  await expect(otp).toBeHidden();
  await page.getByRole("button", { name: auth("forgot_password_link") }).click();
  await expect(otp).toContainText(auth("otp_recently_sent_to", { target: `\u2066${shopper.email}\u2069` }));
  await expect(otp.getByRole("alert")).toHaveCount(0);
  await expect(otp.getByRole("button", { name: auth("resend_otp") })).toHaveCount(0);
  await typeCode(page, code, auth("otp_digit", { n: "1" }));
  await otp.getByRole("button", { name: auth("confirm_otp") }).click();
  await expect(page.getByRole("dialog", { name: auth("reset_password") })).toBeVisible();
});
