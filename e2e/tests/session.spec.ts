import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { loginByApi, plainProducts, registerByApi, useSession } from "./helpers.ts";

// Issue 21, items 7 and 8: a session the server ended sends the shopper to `/` once, with a toast in
// their language (the staff areas keep their page and show their sign-in form); and sign-in and
// sign-out reach every open tab without a reload.

type Messages = Record<string, string>;
const messages = (locale: string, ns: string): Messages =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"));
const text = (locale: string, ns: string, key: string) => {
  const value = messages(locale, ns)[key];
  if (!value) throw new Error(`no ${ns}.${key} in ${locale}`);
  return value;
};

/** Ends a session on the server, as an expiry or a sign-out elsewhere would: `GET /logout` with its token. */
async function revoke(request: APIRequestContext, token: string) {
  const res = await request.get("/api/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
}

async function expectSignedOutAtHome(page: Page, locale: string) {
  await expect(page).toHaveURL(/\/$/);
  // Two toasts of the same text for now: the voucher query also toasts its error (features/cart/queries.ts),
  // which the client now gives the translated text.
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: text(locale, "common", "session_ended") })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: text(locale, "common", "login"), exact: true }).first()).toBeVisible();
  await expect(page.getByText("Unauthenticated.")).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token ?? null)).toBeNull();
}

for (const locale of ["en", "ar"]) {
  test(`${locale}: a session revoked on the server, then the vouchers load: home, signed out, translated toast`, async ({
    page,
    request,
  }) => {
    const [product] = await plainProducts(request);
    if (!product) throw new Error("no product");
    const who = await registerByApi(request);
    const added = await request.post("/api/cart/store", {
      data: { product_id: product.id, quantity: 1 },
      headers: { Authorization: `Bearer ${who.token}` },
    });
    expect(added.ok()).toBeTruthy();
    await useSession(page, who.token, who.user);
    if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto("/shops");
    if (locale === "ar") await expect(page.locator("html[dir=rtl]")).toHaveCount(1);
    await page.getByTestId("navbar-cart").click();
    const drawer = page.getByRole("dialog", { name: new RegExp(text(locale, "cart", "my_cart")) });
    const voucher = drawer.getByRole("button", { name: text(locale, "cart", "apply_store_voucher") }).first();
    await expect(voucher).toBeVisible();

    // The session ends as the vouchers are asked for, so no other request of the open page (a refetch,
    // the realtime connection) can find it ended first and close the drawer before the click.
    await page.route(
      "**/api/get-vouchers**",
      async (route) => {
        await revoke(request, who.token);
        await route.continue();
      },
      { times: 1 },
    );
    await voucher.click();
    await expectSignedOutAtHome(page, locale);
  });

  test(`${locale}: an account page opened with a revoked session: home, signed out, translated toast`, async ({
    page,
    request,
  }) => {
    const who = await registerByApi(request);
    await useSession(page, who.token, who.user);
    if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await revoke(request, who.token);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/order-history");
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: text(locale, "common", "session_ended") }),
    ).toHaveCount(1);
    await expect(page.getByText("Unauthenticated.")).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token ?? null)).toBeNull();
    // At 375 px the toast fits and the page does not scroll sideways.
    const box = await page.locator("[data-sonner-toast]").first().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBeTruthy();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBeTruthy();
  });
}

test("a seller whose session is revoked stays in the Seller Centre and sees its sign-in form", async ({
  page,
  request,
}) => {
  const data = await loginByApi(request, "owner2@example.com", "password");
  await useSession(page, data.access.token, data.user);
  // Every call of the page answered before the session ends, so the link below makes the first call
  // that meets its end (otherwise a late call of this page may meet it first and take the link away).
  // That includes the counts read again once the page has joined the shop's realtime channel.
  const answeredTwice = (path: string) => {
    let n = 0;
    return new Promise<void>((resolve) =>
      page.on("response", (r) => {
        if (new URL(r.url()).pathname === path && ++n === 2) resolve();
      }),
    );
  };
  const caughtUp = Promise.all([
    answeredTwice("/api/seller/notifications/unread"),
    answeredTwice("/api/seller/unread-messages"),
  ]);
  await page.goto("/seller/orders", { waitUntil: "networkidle" });
  await caughtUp;
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await revoke(request, data.access.token);
  // A link inside the app (a reload could meet the end of the session on the page it leaves).
  await page.getByRole("navigation").getByRole("link", { name: "Products", exact: true }).click();
  await expect(page.locator("main form input[type=password]")).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/products$/);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: text("en", "common", "session_ended") }),
  ).toHaveCount(1);
  await expect(page.getByText("Unauthenticated.")).toHaveCount(0);
});

test("sign-out and sign-in in one tab reach the other tab without a reload", async ({ page, request }) => {
  const who = await registerByApi(request);
  await useSession(page, who.token, who.user);
  const other = await page.context().newPage();
  await page.goto("/");
  await other.goto("/shops");
  await other.locator("html[data-ready]").waitFor({ state: "attached" });
  const userMenu = (p: Page) => p.getByRole("button", { name: "User menu" });
  const loginButton = (p: Page) => p.getByRole("button", { name: "Login", exact: true });
  await expect(userMenu(page)).toBeVisible();
  await expect(userMenu(other)).toBeVisible();

  // Log out in the first tab, through the menu.
  await userMenu(page).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await page.getByRole("dialog", { name: "Log Out" }).getByRole("button", { name: "Yes" }).click();
  await expect(loginButton(page)).toBeVisible();
  await expect(loginButton(other)).toBeVisible();
  await expect(userMenu(other)).toHaveCount(0);

  // Log in again in the second tab: the first one shows the user.
  await loginButton(other).click();
  const login = other.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email or Phone").fill(who.email);
  await login.getByLabel("Password", { exact: true }).fill(who.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(userMenu(other)).toBeVisible();
  await expect(userMenu(page)).toBeVisible();
  await userMenu(page).click();
  await expect(page.getByRole("menu")).toContainText(who.name);
});
