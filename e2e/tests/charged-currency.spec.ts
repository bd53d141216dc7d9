import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { amountInText, plainProducts, registerByApi, useSession } from "./helpers.ts";

// Issue 21, item 4: prices shown in another currency (EUR) than the one orders are charged in
// (the default, USD). Before confirming, the shopper is told "You will be charged $20.84" (the
// server's amount in USD); the card page asks for that same amount; the order page and the
// invoice say what was charged, in USD.

const text = (locale: string, ns: string, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"))[
    key
  ];

async function api(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()).data;
}

/** A USD amount as the page writes it in its language ("$20.84", Arabic digits in Arabic). */
const usd = (page: Page, amount: number) =>
  page.evaluate(
    (n) =>
      `$${new Intl.NumberFormat(document.documentElement.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`,
    amount,
  );

for (const { locale, width } of [
  { locale: "en", width: 1280 },
  { locale: "ar", width: 375 },
]) {
  test(`${locale} at ${width} px: with EUR shown, the shopper is told the USD charge before confirming, and it is what the card page, order and invoice say`, async ({
    page,
    request,
  }) => {
    const master = (await (await request.get("/api/master")).json()).data;
    const eur = master.currencies.find((c: { name: string }) => c.name === "EUR");
    const gateway = master.payment_gateways[0];
    if (!eur || !gateway) throw new Error("the demo data has EUR and an online gateway");
    const product = (await plainProducts(request))[3];
    if (!product) throw new Error("a fourth plain product is needed");

    const who = await registerByApi(request);
    await api(request, who.token, "/api/address/store", {
      name: "Eva Euro",
      phone: "5550123456",
      address_line: "3 Canal Street",
      area: "Centre",
      address_type: "home",
    });
    await api(request, who.token, "/api/cart/store", { product_id: product.id, quantity: 2 });
    const expected = (await api(request, who.token, "/api/cart/checkout", { shop_ids: [product.shop.id] })).checkout
      .payable_amount as number;
    await useSession(page, who.token, who.user);
    await page.addInitScript(
      ({ l, shop }) => {
        if (sessionStorage.getItem("prefs")) return;
        sessionStorage.setItem("prefs", "1");
        localStorage.setItem("locale", l);
        localStorage.setItem(
          "currency",
          JSON.stringify({ state: { selected: "EUR", defaultName: "USD" }, version: 0 }),
        );
        localStorage.setItem(
          "cart",
          JSON.stringify({
            state: { selectedShopIds: [shop], couponCode: "", addressId: null, buyNow: null },
            version: 0,
          }),
        );
      },
      { l: locale, shop: product.shop.id },
    );
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/checkout");

    // The summary shows EUR prices and, under them, the USD charge.
    // Isolated inside the sentence, or Arabic shows "$264.58" as "264.58$".
    const charged = amountInText((await usd(page, expected)).replace("$", "\\$"), locale);
    const willCharge = new RegExp(text(locale, "orders", "charge_will_charge").replace("{{amount}}", charged));
    await expect(page.getByTestId("amount-payable")).toContainText("€");
    await expect(page.getByTestId("charged-amount")).toContainText(willCharge);

    await page.locator(`input[type="radio"][value="${gateway.name}"]`).check({ force: true });
    await page.getByRole("button", { name: text(locale, "orders", "place_order") }).click();
    const confirm = page.getByRole("dialog", { name: text(locale, "orders", "confirm_order") });
    await expect(confirm).toContainText("€");
    await expect(confirm.getByTestId("charged-amount")).toContainText(willCharge);
    await expect(confirm.getByTestId("charged-amount")).toContainText("EUR");
    await expect(confirm.getByTestId("charged-amount")).toContainText("USD");
    await page.screenshot({ path: `/tmp/shots-cart/charged-confirm-${locale}-${width}.png` });
    await confirm.getByRole("button", { name: text(locale, "orders", "confirm_order") }).click();

    // The card page asks for exactly the amount the shopper was told.
    await expect(page.getByRole("heading", { name: `Pay $${expected.toFixed(2)}` })).toBeVisible();
    await page.getByLabel("Name on card").fill("Eva Euro");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();

    // The order page: EUR figures and what was charged in USD.
    await expect(page).toHaveURL(/\/order-history\/\d+\?payment=success$/);
    await page.keyboard.press("Escape");
    const orderId = Number(page.url().match(/order-history\/(\d+)/)?.[1]);
    const wasCharged = new RegExp(text(locale, "orders", "charge_charged").replace("{{amount}}", charged));
    await expect(page.getByTestId("charged-amount")).toContainText(wasCharged);
    await page.getByTestId("charged-amount").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-cart/charged-order-${locale}-${width}.png` });
    // The order history says it too, under the EUR total.
    await page.goto("/order-history");
    const card = page.getByTestId("order-card").filter({ has: page.locator(`a[href="/order-history/${orderId}"]`) });
    await expect(card).toContainText("€");
    await expect(card.getByTestId("order-charged")).toContainText(wasCharged);
    await page.screenshot({ path: `/tmp/shots-cart/charged-history-${locale}-${width}.png` });

    // The invoice, opened from the storefront (its language cookie): every amount in USD, and the charge named.
    const { order } = await api(request, who.token, `/api/orders/${orderId}`);
    const invoice = await page.request.get(order.invoice_url);
    const chargedLine = text(locale, "orders", "invoice_charged")
      .replace("{{currency}}", "USD")
      .replace("{{amount}}", `<bdi${locale === "ar" ? "" : ' dir="ltr"'}>$${expected.toFixed(2)}</bdi>`);
    expect(await invoice.text()).toContain(chargedLine);
  });
}
