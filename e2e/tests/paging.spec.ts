import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, loginByApi, registerByApi, useSession } from "./helpers.ts";

// A page past a list's last one (an old link, or the list shrank under it) shows the last page, in
// place of the address: not "you have nothing" over a list of dozens.

async function favourites(request: APIRequestContext, token: string, count: number) {
  const { data } = await (await request.get(`/api/products?per_page=${count}`)).json();
  for (const p of data.data as { id: number }[]) {
    const res = await request.post("/api/favorite-add-or-remove", {
      headers: { Authorization: `Bearer ${token}` },
      data: { product_id: p.id },
    });
    expect(res.ok()).toBeTruthy();
  }
}

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a wishlist and the Seller Centre's products past their last page show the last page (${locale}, ${width} px)`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const who = await registerByApi(request);
    await favourites(request, who.token, 25);
    await useSession(page, who.token, who.user);
    await page.goto("/profile");
    await page.goto("/wishlist?page=99");
    await expect(page).toHaveURL(/\/wishlist\?page=2$/);
    await expect(page.getByRole("button", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("main li")).toHaveCount(5);
    // The address was corrected, not added to: Back leaves the list.
    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
    await fitsWidth(page, width);

    const seller = await loginByApi(request, "owner2@example.com", "password");
    const staff = waitForApp(await (await browser.newContext()).newPage());
    await staff.setViewportSize({ width, height: 900 });
    await staff.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await useSession(staff, seller.access.token, seller.user);
    await staff.goto("/seller/products?page=99");
    await expect(staff).toHaveURL(/\/seller\/products\?page=(?!99\b)\d+$/);
    const last = Number(new URL(staff.url()).searchParams.get("page"));
    expect(last).toBeGreaterThanOrEqual(2);
    await expect(staff.getByRole("button", { name: String(last), exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await fitsWidth(staff, width);
  });
}
