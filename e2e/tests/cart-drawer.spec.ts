import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type PlainProduct, plainProducts, registerByApi, useSession } from "./helpers.ts";

// Issue 21, item 9: the cart drawer shows the amount of every line until a shop selection narrows
// it, offers "Select all", and counts items with each language's plural rules.

const messages = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/cart.json`, import.meta.url), "utf8"));
const fill = (text: string | undefined, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text ?? "");

async function api(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()).data;
}

/** An amount written as the page writes it in its language: "$12.50", or with Arabic digits. */
const written = (page: Page, amount: number) =>
  page.evaluate(
    (n) =>
      `$${new Intl.NumberFormat(document.documentElement.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`,
    amount,
  );

async function shopperWith(page: Page, request: APIRequestContext, locale: string, lines: [PlainProduct, number][]) {
  const who = await registerByApi(request);
  for (const [p, quantity] of lines) await api(request, who.token, "/api/cart/store", { product_id: p.id, quantity });
  await useSession(page, who.token, who.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return who;
}

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: every line's amount until a selection, Select all, items counted by plural rules`, async ({
    page,
    request,
  }) => {
    const m = messages(locale);
    await page.setViewportSize({ width, height: 800 });
    const [a, b] = await plainProducts(request, locale);
    if (!a || !b) throw new Error("two shops with plain products are needed");
    const who = await shopperWith(page, request, locale, [[a, 1]]);
    await page.goto("/");
    await page.getByTestId("navbar-cart").click();
    const drawer = page.getByRole("dialog", { name: new RegExp(m.my_cart as string) });

    // One unit: the singular form ("(1 item)", "(قطعة واحدة)"), and the amount of that line with
    // no shop selected.
    await expect(drawer.getByTestId("cart-items-count")).toHaveText(fill(m.items_count_one, { count: 1 }));
    const one = await api(request, who.token, "/api/carts");
    await expect(drawer.getByTestId("cart-amount")).toHaveText(await written(page, one.total_amount));
    await expect(drawer.getByText(m.select_shop_hint as string)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // Three more units of another shop's product: four units on two lines.
    await api(request, who.token, "/api/cart/store", { product_id: b.id, quantity: 3 });
    await page.reload();
    await page.getByTestId("navbar-cart").click();
    const four = locale === "ar" ? m.items_count_few : m.items_count_other;
    await expect(drawer.getByTestId("cart-items-count")).toHaveText(fill(four, { count: 4 }));
    const cart = await api(request, who.token, "/api/carts");
    expect(cart.quantity).toBe(4);
    const allLines = await written(page, cart.total_amount);
    await expect(drawer.getByTestId("cart-amount")).toHaveText(allLines);

    // Select all: both shops, and the amount is the server's checkout of both.
    const selectAll = drawer.getByRole("checkbox", { name: m.select_all });
    await selectAll.check();
    for (const p of [a, b]) {
      await expect(drawer.getByRole("checkbox", { name: fill(m.select_shop, { shop: p.shop.name }) })).toBeChecked();
    }
    const both = await api(request, who.token, "/api/cart/checkout", { shop_ids: [a.shop.id, b.shop.id] });
    await expect(drawer.getByTestId("cart-amount")).toHaveText(await written(page, both.checkout.payable_amount));
    await expect(drawer.getByTestId("cart-subtotal")).toHaveText(await written(page, both.checkout.total_amount));

    // Unticking one shop narrows to the other; unticking Select all goes back to every line.
    await drawer.getByRole("checkbox", { name: fill(m.select_shop, { shop: a.shop.name }) }).uncheck();
    await expect(selectAll).not.toBeChecked();
    const onlyB = await api(request, who.token, "/api/cart/checkout", { shop_ids: [b.shop.id] });
    await expect(drawer.getByTestId("cart-amount")).toHaveText(await written(page, onlyB.checkout.payable_amount));
    await selectAll.check();
    await selectAll.uncheck();
    await expect(drawer.getByTestId("cart-amount")).toHaveText(allLines);

    // The drawer fits the phone: no sideways scrolling, Proceed to Checkout in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expect(drawer.getByRole("button", { name: m.proceed_to_checkout })).toBeInViewport();
    await page.screenshot({ path: `/tmp/shots-cart/drawer-${locale}-${width}.png` });
  });
}

test("the wishlist counts products with plural rules (en: 1 product, ar: dual)", async ({ page, request }) => {
  const [a, b] = await plainProducts(request);
  if (!a || !b) throw new Error("two products are needed");
  const who = await registerByApi(request);
  await api(request, who.token, "/api/favorite-add-or-remove", { product_id: a.id });
  await useSession(page, who.token, who.user);
  await page.goto("/wishlist");
  await expect(page.getByText(fill(messages("en").wishlist_count_one, { count: 1 }), { exact: true })).toBeVisible();

  await api(request, who.token, "/api/favorite-add-or-remove", { product_id: b.id });
  await page.evaluate(() => localStorage.setItem("locale", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(messages("ar").wishlist_count_two as string, { exact: true })).toBeVisible();
});
