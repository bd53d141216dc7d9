import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { codeFor, registerByApi, serverSays, shippedTexts, typeCode, unique, useSession } from "./helpers.ts";

// The account's email (issue 21, item 12): changing it (or the phone) takes the current password, and an
// unverified account is asked to verify (the seed verifies new accounts), with a "Resend code"
// that says truthfully whether a code went out. In English (1280 px) and Arabic (375 px).

const shots = process.env.SHOTS_DIR;

for (const { locale, width, height } of [
  { locale: "en", width: 1280, height: 900 },
  { locale: "ar", width: 375, height: 812 },
] as const) {
  test(`verify with a truthful resend, then change the email with the current password (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const auth = shippedTexts(locale, "auth");
    const account = shippedTexts(locale, "account");
    const who = await registerByApi(request);
    await page.setViewportSize({ width, height });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(page, who.token, who.user);

    // Unverified: the account area asks, and "Resend code" sends one.
    await page.goto("/profile");
    const notice = page.getByRole("region", { name: auth("verify_notice_title") });
    await expect(notice).toBeVisible();
    if (shots) await page.screenshot({ path: path.join(shots, `verify-notice-${locale}-${width}.png`) });
    await notice.getByRole("button", { name: auth("resend_code") }).click();
    const otp = page.getByRole("dialog", { name: auth("enter_otp") });
    // The words before the address, as the dialog shows them for a code sent and for none.
    const before = (key: string) => auth(key, { target: "\u0000" }).split("\u0000")[0] as string;
    await expect(otp).toContainText(before("otp_sent_to"));
    await expect(otp).toContainText(who.email);
    const code = await codeFor(request, who.email);
    // Asked again within the minute: no second code; the dialog says the first was sent moments ago
    // and counts down to a resend from the seconds left, without calling it refused.
    await otp.press("Escape");
    await expect(otp).toBeHidden();
    await notice.getByRole("button", { name: auth("resend_code") }).click();
    await expect(otp).toContainText(before("otp_recently_sent_to"));
    await expect(otp).not.toContainText(before("otp_not_sent_to"));
    await expect(otp.getByRole("alert")).toHaveCount(0);
    const [resendIn] = auth("resend_in", { seconds: "\u0000" }).split("\u0000") as [string];
    await expect(otp.getByText(resendIn.trim())).toBeVisible();
    await expect(otp.getByRole("button", { name: auth("resend_otp") })).toHaveCount(0);
    if (shots) await page.screenshot({ path: path.join(shots, `verify-refused-${locale}-${width}.png`) });
    // The code sent first still verifies.
    await typeCode(page, code, auth("otp_digit", { n: "1" }));
    await otp.getByRole("button", { name: auth("confirm_otp") }).click();
    await expect(otp).toBeHidden();
    await expect(notice).toHaveCount(0);

    // A new email asks for the current password; none, a wrong one, then the right one.
    const email = page.getByRole("textbox", { name: auth("email") });
    const newEmail = `moved.${Date.now()}@example.com`;
    const current = page.getByLabel(auth("current_password"), { exact: true });
    await expect(current).toHaveCount(0);
    // A shopper who never had a password (a social sign-in) is offered a reset beside it, as in
    // "Delete account" below.
    const forgot = page.getByRole("button", { name: auth("forgot_password_link") });
    await expect(forgot).toHaveCount(1);
    await email.fill(newEmail);
    await expect(current).toBeVisible();
    await expect(forgot).toHaveCount(2);
    await page.getByRole("button", { name: account("save_changes") }).click();
    await expect(page.getByText(auth("current_password_required"))).toBeVisible();
    if (shots) await page.screenshot({ path: path.join(shots, `email-change-${locale}-${width}.png`) });
    await current.fill("not my password");
    await page.getByRole("button", { name: account("save_changes") }).click();
    await expect(
      page.getByRole("main").getByText(serverSays(locale, "The current password is incorrect.")),
    ).toBeVisible();
    const unchanged = await request.get("/api/profile", { headers: { Authorization: `Bearer ${who.token}` } });
    expect((await unchanged.json()).data.user.email).toBe(who.email);

    await current.fill(who.password);
    await page.getByRole("button", { name: account("save_changes") }).click();
    await expect(page.getByText(serverSays(locale, "Profile updated successfully."))).toBeVisible();
    await expect(current).toHaveCount(0);
    const changed = await request.get("/api/profile", { headers: { Authorization: `Bearer ${who.token}` } });
    expect((await changed.json()).data.user).toMatchObject({ email: newEmail, is_verified: false });
    // The new address is not verified yet: the account area asks again.
    await expect(page.getByRole("region", { name: auth("verify_notice_title") })).toBeVisible();

    // A new phone number (where a reset code can go too) asks for the current password as well.
    const newPhone = unique("phone").phone;
    await page.getByLabel(auth("phone"), { exact: true }).fill(newPhone);
    await expect(current).toBeVisible();
    await expect(page.getByText(auth("current_password_hint"))).toBeVisible();
    await current.fill(who.password);
    await page.getByRole("button", { name: account("save_changes") }).click();
    await expect(current).toHaveCount(0);
    await expect
      .poll(async () => {
        const res = await request.get("/api/profile", { headers: { Authorization: `Bearer ${who.token}` } });
        return (await res.json()).data.user.phone;
      })
      .toBe(newPhone);
  });
}
