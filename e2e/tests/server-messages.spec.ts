import { expect, test } from "./fixtures.ts";
import { serverSays, shippedTexts, unique } from "./helpers.ts";

// What the server says (a sent form's thanks, a refused login) comes in the shopper's language,
// as the rest of the page does, and so do the toast's labels; English stays English.

for (const locale of ["en", "ar"]) {
  test.describe(`${locale}, 375 px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.setViewportSize({ width: 375, height: 740 });
    });

    test("the contact form's thanks come from the server in the shopper's language", async ({ page }) => {
      const thanks = serverSays(locale, "Thank you for contacting us. We will get back to you soon.");
      await page.goto("/contact-us");
      const who = unique("msg");
      await page.locator("#contact-name").fill(who.name);
      await page.locator("#contact-email").fill(who.email);
      await page.locator("#contact-subject").fill("Sizes");
      await page.locator("#contact-message").fill("Do the shirts run large?");
      await page.getByRole("button", { name: shippedTexts(locale, "content")("send_message") }).click();
      await expect(page.getByText(thanks)).toBeVisible();
      // The toast's region and its close button are named in that language too, for a screen reader.
      const region = page.getByRole("region", { name: shippedTexts(locale, "notifications")("title") });
      await expect(region.getByRole("button", { name: shippedTexts(locale, "common")("close") })).toBeVisible();
    });

    test("a refused login says why in the shopper's language", async ({ page }) => {
      const refused = serverSays(locale, "These credentials do not match our records.");
      const auth = shippedTexts(locale, "auth");
      await page.goto("/");
      // On a phone the header's Login sits in the menu.
      await page.getByRole("button", { name: shippedTexts(locale, "layout")("open_menu") }).click();
      await page.getByRole("button", { name: shippedTexts(locale, "common")("login"), exact: true }).click();
      const dialog = page.getByRole("dialog", { name: auth("login") });
      await dialog.getByLabel(auth("email_or_phone")).fill("shopper@example.com");
      await dialog.getByLabel(auth("password"), { exact: true }).fill("not-the-password");
      await dialog.getByRole("button", { name: auth("login"), exact: true }).click();
      await expect(page.getByText(refused).first()).toBeVisible();
      if (locale !== "en") await expect(page.getByText("These credentials do not match our records.")).toHaveCount(0);
    });
  });
}
