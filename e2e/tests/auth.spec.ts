import { deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  codeFor,
  firstCountry,
  fitsWidth,
  loginByApi,
  offsetAtLeftEdge,
  registerByApi,
  shippedTexts,
  typeCode,
  unique,
  useSession,
} from "./helpers.ts";

const storedUserId = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.user?.id as number | undefined);

async function openLogin(page: Page) {
  await page.getByRole("button", { name: "Login", exact: true }).click();
  return page.getByRole("dialog", { name: "Login" });
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  const confirm = page.getByRole("dialog", { name: "Log Out" });
  await expect(confirm.getByText("Logout Confirmation")).toBeVisible();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Logout successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
}

/** A real 8x8 PNG (solid colour), built here so the server's content check sees a true image. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(
    Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x4f)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test.describe("accounts", () => {
  test("register with the emailed code, log out and log in again", async ({ page, request }) => {
    const who = unique("reg");
    const country = await firstCountry(request);
    await page.goto("/");
    const login = await openLogin(page);
    await login.getByRole("button", { name: "Sign Up" }).click();

    const register = page.getByRole("dialog", { name: "Register" });
    await register.getByLabel("Name").fill(who.name);
    await register.getByLabel("Country").selectOption(country.name);
    await expect(register.getByText(country.phone_code, { exact: true })).toBeVisible();
    await register.getByLabel("Phone").fill(`${who.phone}abc`);
    await expect(register.getByLabel("Phone")).toHaveValue(who.phone);
    await expect(register.getByLabel("Email")).toHaveAttribute("type", "email");
    await register.getByLabel("Email").fill(who.email);
    await register.getByLabel("Password", { exact: true }).fill("secret-pass-1");
    await register.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Register Successful")).toBeVisible();

    // register_otp_verify is on in the seed: the code dialog opens and a code is sent.
    const otp = page.getByRole("dialog", { name: "Enter OTP" });
    await expect(otp).toBeVisible();
    await expect(otp.getByText(/Resend OTP in \d+s/)).toBeVisible();
    await expect(otp.getByRole("button", { name: "Resend OTP" })).toHaveCount(0);
    await typeCode(page, await codeFor(request, who.email));
    await otp.getByRole("button", { name: "Confirm OTP" }).click();
    await expect(page.getByText("Your account is verified.")).toBeVisible();
    await expect(otp).toBeHidden();
    await page.screenshot({ path: "/tmp/w3-shots/e2e-registered.png" });

    await logOut(page);
    const again = await openLogin(page);
    await again.getByLabel("Email or Phone").fill(who.email);
    await again.getByLabel("Password", { exact: true }).fill("wrong-password");
    await again.getByRole("button", { name: "Login", exact: true }).click();
    // The server's field message shows under the field.
    await expect(again.locator("p", { hasText: "These credentials do not match our records." })).toBeVisible();
    await again.getByLabel("Password", { exact: true }).fill("secret-pass-1");
    await again.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Login Successful")).toBeVisible();
    await expect(again).toBeHidden();
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
  });

  test("a phone typed with its country code signs in, and is kept without its trunk zero (ar, 375 px)", async ({
    page,
    request,
  }) => {
    const who = unique("intl");
    const local = who.phone.slice(-7);
    const password = "secret-pass-1";
    const registered = await request.post("/api/registration", {
      data: { ...who, phone: `050${local}`, password, country: "Saudi Arabia", phone_code: "+966" },
    });
    expect(registered.ok()).toBeTruthy();
    const auth = shippedTexts("ar", "auth");
    const layout = shippedTexts("ar", "layout");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    await page.goto("/");
    await page.getByRole("button", { name: layout("open_menu") }).click();
    await page
      .getByRole("dialog", { name: layout("menu") })
      .getByRole("button", { name: shippedTexts("ar", "common")("login") })
      .click();
    const login = page.getByRole("dialog", { name: auth("login") });
    const identity = login.getByLabel(auth("email_or_phone"));
    await identity.fill(`+966 50 ${local.slice(0, 3)} ${local.slice(3)}`);
    // The number reads as typed, "+966 50 …" from the left, not with its groups reversed.
    expect(await offsetAtLeftEdge(identity)).toBeLessThanOrEqual(1);
    await login.getByLabel(auth("password"), { exact: true }).fill(password);
    await login.getByRole("button", { name: auth("login"), exact: true }).click();
    await expect(page.getByText(auth("login_successful"))).toBeVisible();
    await expect(login).toBeHidden();

    await page.goto("/profile");
    const phone = page.getByLabel(auth("phone"));
    await expect(phone).toHaveValue(`50${local}`);
    // Typed again on an Arabic keyboard, the digits are kept as the digits they are.
    await phone.fill(`50${local}`.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))));
    await expect(phone).toHaveValue(`50${local}`);
    await expect(page.getByText("+966", { exact: true })).toBeVisible();
    // The account's card names the number with its code, as it is dialled from abroad.
    await expect(page.getByText(`+966 50${local}`, { exact: true })).toBeVisible();
    await fitsWidth(page);
  });

  test("a typed or bookmarked /login opens the home page with the login dialog, in English and Arabic", async ({
    page,
  }) => {
    for (const locale of ["en", "ar"] as const) {
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.goto("/login");
      const auth = shippedTexts(locale, "auth");
      const login = page.getByRole("dialog", { name: auth("login") });
      await expect(login).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      if (locale === "ar") continue;
      await login.getByLabel("Password", { exact: true }).fill("password");
      await login.getByRole("button", { name: "Login", exact: true }).click();
      await expect(login).toBeHidden();
      await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await page.evaluate(() => localStorage.removeItem("auth"));
    }
  });

  test("the login dialog shows the password on request and fills the demo shopper locally", async ({ page }) => {
    await page.goto("/");
    const login = await openLogin(page);
    await expect(login.getByLabel("Email or Phone")).toHaveValue("shopper@example.com");
    const password = login.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await login.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await login.getByRole("button", { name: "Close" }).click();
    await expect(login).toBeHidden();
  });

  test("a guest logs in, and after a reload the stored guest is the same user", async ({ page }) => {
    await page.goto("/");
    await (await openLogin(page)).getByRole("button", { name: "Login as a Guest" }).click();
    await expect(page.getByText("Login as a Guest Successful")).toBeVisible();
    const firstId = await storedUserId(page);
    const stored = await page.evaluate(() => [
      localStorage.getItem("guest_email"),
      localStorage.getItem("guest_password"),
      localStorage.getItem("guest_temp_id"),
    ]);
    expect(firstId).toBeGreaterThan(0);
    expect(stored.every(Boolean)).toBeTruthy();

    await logOut(page);
    await page.reload();
    await (await openLogin(page)).getByRole("button", { name: "Login as a Guest" }).click();
    await expect(page.getByText("Login as a Guest Successful")).toBeVisible();
    expect(await storedUserId(page)).toBe(firstId);
    expect(await page.evaluate(() => localStorage.getItem("guest_email"))).toBe(stored[0]);
  });

  test("Login, Register and Forgot Password each start on their first field, so typing goes there", async ({
    page,
  }) => {
    await page.goto("/");
    const login = await openLogin(page);
    await expect(login.getByLabel("Email or Phone")).toBeFocused();
    await page.keyboard.type("someone");
    // (Locally the dialog comes filled with the demo shopper: typing adds to it.)
    await expect(login.getByLabel("Email or Phone")).toHaveValue(/someone$/);
    await login.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("dialog", { name: "Register" }).getByLabel("Name")).toBeFocused();
    await page.keyboard.press("Escape");
    await (await openLogin(page)).getByRole("button", { name: "Forgot Password?" }).click();
    await expect(page.getByRole("dialog", { name: "Forgot Password" }).getByLabel("Country")).toBeFocused();
  });

  test("forgot password: code, reset, then log in with the new password", async ({ page, request }) => {
    const user = await registerByApi(request);
    const country = await firstCountry(request);
    await page.goto("/");
    const login = await openLogin(page);
    await login.getByRole("button", { name: "Forgot Password?" }).click();

    const forgot = page.getByRole("dialog", { name: "Forgot Password" });
    await forgot.getByRole("button", { name: "Send OTP" }).click();
    await expect(forgot.getByText("The country field is required")).toBeVisible();
    await expect(forgot.getByText("The phone or email field is required")).toBeVisible();
    await forgot.getByLabel("Country").selectOption(country.name);
    await forgot.getByLabel("Email").fill(user.email);
    await forgot.getByRole("button", { name: "Send OTP" }).click();

    const otp = page.getByRole("dialog", { name: "Enter OTP" });
    await expect(otp).toBeVisible();
    await expect(forgot).toBeHidden();
    // The countdown starts from a full minute (a loaded machine may have ticked a few seconds away).
    const resendIn = otp.getByText(/Resend OTP in \d+s/);
    await expect(resendIn).toBeVisible();
    const seconds = Number((await resendIn.textContent())?.match(/\d+/)?.[0]);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(seconds).toBeGreaterThan(40);
    // The code's first box has the focus: the shopper types the code at once.
    await expect(otp.getByRole("textbox", { name: "Digit 1" })).toBeFocused();
    await typeCode(page, await codeFor(request, user.email));
    await otp.getByRole("button", { name: "Confirm OTP" }).click();

    const reset = page.getByRole("dialog", { name: "Reset Password" });
    await reset.getByLabel("New Password").fill("brand-new-pass-2");
    await reset.getByLabel("Confirm Password").fill("brand-new-pass-3");
    await reset.getByRole("button", { name: "Reset Password" }).click();
    await expect(reset.getByText("Confirm Password does not match.")).toBeVisible();
    await reset.getByLabel("Confirm Password").fill("brand-new-pass-2");
    await reset.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been reset.")).toBeVisible();

    const again = page.getByRole("dialog", { name: "Login" });
    await expect(again).toBeVisible();
    await again.getByLabel("Email or Phone").fill(user.email);
    await again.getByLabel("Password", { exact: true }).fill("brand-new-pass-2");
    await again.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Login Successful")).toBeVisible();
    // The old session was revoked by the reset.
    expect((await request.get("/api/user", { headers: { Authorization: `Bearer ${user.token}` } })).status()).toBe(401);
  });

  test("a visitor is sent back from /dashboard", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
  });

  test("dashboard, profile edit and photo upload", async ({ page, request }) => {
    const user = await registerByApi(request);
    await useSession(page, user.token, user.user);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("count-total_orders")).toHaveText("0");
    await expect(page.getByText("No orders yet")).toBeVisible();

    await page.goto("/profile");
    const main = page.locator("main");
    await expect(main.getByLabel("Email")).toHaveValue(user.email);
    await main.getByLabel("Name").fill("Renamed Shopper");
    await main.getByLabel("Change Photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: tinyPng() });
    await expect(main.getByRole("img", { name: "New profile photo" })).toBeVisible();
    await main.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully.")).toBeVisible();
    const sidebar = page.locator("aside");
    await expect(sidebar.getByText("Renamed Shopper")).toBeVisible();
    await expect(sidebar.locator("img")).toHaveAttribute("src", /.+/);

    const { data } = await (
      await request.get("/api/profile", { headers: { Authorization: `Bearer ${user.token}` } })
    ).json();
    expect(data.user.name).toBe("Renamed Shopper");
    expect(data.user.profile_photo).toBeTruthy();
    expect((await request.get(data.user.profile_photo)).ok()).toBeTruthy();

    // A file that is not an image is refused before uploading.
    await main
      .getByLabel("Change Photo")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await expect(main.getByText("The profile photo must be a file of type: jpg, png, webp.")).toBeVisible();
  });

  test("changing the password signs the other session out", async ({ page, request, browser }) => {
    const user = await registerByApi(request);
    await useSession(page, user.token, user.user);
    const other = await otherSession(browser, request, user.email, user.password);

    await other.goto("/profile");
    await expect(other.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();

    await page.goto("/change-password");
    const main = page.locator("main");
    await main.getByLabel("Current Password").fill(user.password);
    await main.getByLabel("New Password").fill("changed-pass-9");
    await main.getByLabel("Confirm Password").fill("changed-pass-9");
    await main.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password changed successfully.")).toBeVisible();

    // The other browser's next authenticated call gets 401 and its session ends.
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    expect(await storedUserId(other)).toBeUndefined();

    // This session stays signed in.
    await page.goto("/dashboard");
    await expect(page.getByTestId("count-total_orders")).toHaveText("0");
    await other.context().close();
  });
});

async function otherSession(browser: Browser, request: APIRequestContext, email: string, password: string) {
  const data = await loginByApi(request, email, password);
  const context = await browser.newContext();
  const page = waitForApp(await context.newPage());
  await useSession(page, data.access.token, data.user);
  return page;
}
