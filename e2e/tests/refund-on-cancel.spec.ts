import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  amountInText,
  demoOwnerOf,
  type PlainProduct,
  placedOrder,
  plainProducts,
  registerByApi,
  useSession,
} from "./helpers.ts";

// A paid order that is cancelled is refunded the way it was paid (issue 21 item 3): the shopper
// buys, pays with the test gateway's card, is told before cancelling what will be refunded, and
// the order then shows Refunded. In English and in Arabic.

type Messages = Record<string, string>;
const messages = (locale: string, namespace: string): Messages =>
  JSON.parse(
    fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${namespace}.json`, import.meta.url), "utf8"),
  );
const fill = (text: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text ?? "");
const productPath = (p: PlainProduct) => `/products/${p.id}/details/${p.slug}`;

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: width === 375 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const [locale, pick] of [
  ["en", 3],
  ["ar", 4],
] as const) {
  test(`${locale}: cancelling an order paid by card says what is refunded, and the order shows Refunded`, async ({
    page,
    request,
  }) => {
    const t = messages(locale, "orders");
    const catalog = messages(locale, "catalog");
    const products = await plainProducts(request, locale);
    const product = products[pick % products.length] as PlainProduct;
    const who = await registerByApi(request);
    const res = await request.post("/api/address/store", {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { name: "Rana Refund", phone: "5550123456", address_line: "12 Harbour Road", address_type: "home" },
    });
    expect(res.ok()).toBeTruthy();
    await useSession(page, who.token, who.user);
    if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    const master = (await (await request.get("/api/master", { headers: { "Accept-Language": locale } })).json()).data;
    const card = master.payment_gateways.find((g: { name: string }) => g.name === "test")?.title as string;

    // Buy now, paying by card.
    await page.goto(productPath(product));
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    await page.getByRole("button", { name: catalog.buy_now, exact: true }).click();
    await expect(page).toHaveURL(/\/buynow$/);
    await page.getByRole("radio", { name: card }).check();
    await page.getByRole("button", { name: t.place_order }).click();
    await page.getByRole("dialog", { name: t.confirm_order }).getByRole("button", { name: t.confirm_order }).click();

    // The test gateway's page (its own English page): the card that succeeds.
    await expect(page.getByRole("heading", { name: /^Pay / })).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+\?payment=success$/);
    await page
      .getByRole("dialog", { name: t.payment_successful })
      .getByRole("button", { name: t.view_order_details })
      .click();
    await expect(page.getByTestId("payment-status")).toHaveText(t.payment_paid as string);
    const paid = (await page.getByTestId("amount-payable").textContent())?.trim() ?? "";
    expect(paid).not.toBe("");

    // Keep it first: nothing changes.
    await page.getByRole("button", { name: t.cancel_order, exact: true }).click();
    const ask = page.getByRole("dialog", { name: t.cancel_order });
    await expect(ask.getByTestId("refund-note")).toHaveText(
      fill(t.cancel_refund_note, { amount: amountInText(paid, locale) }),
    );
    await shot(page, `cancel-confirm-${locale}`);
    await ask.getByRole("button", { name: t.keep_order }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId("payment-status")).toHaveText(t.payment_paid as string);

    // Then cancel: the order is cancelled and refunded.
    await page.getByRole("button", { name: t.cancel_order, exact: true }).click();
    await page.getByRole("dialog", { name: t.cancel_order }).getByRole("button", { name: t.yes_cancel_order }).click();
    await expect(page.getByTestId("order-status").first()).toHaveText(t.status_cancelled as string);
    await expect(page.getByTestId("payment-status")).toHaveText(t.payment_refunded as string);
    await expect(page.getByRole("button", { name: t.cancel_order, exact: true })).toHaveCount(0);

    // It stays so after a reload, and the order list says it too.
    await page.reload();
    await expect(page.getByTestId("payment-status")).toHaveText(t.payment_refunded as string);
    await shot(page, `order-refunded-${locale}`);
    await page.goto("/order-history");
    await expect(page.getByTestId("order-card").first().getByTestId("payment-status")).toHaveText(
      t.payment_refunded as string,
    );
  });
}

test("en: a shop owner cancelling a paid order is told the customer is refunded, and sees Refunded", async ({
  page,
  request,
}) => {
  const t = messages("en", "orders");
  const products = await plainProducts(request);
  const product = products[5 % products.length] as PlainProduct;
  const who = await registerByApi(request);
  const placed = await placedOrder(request, who.token, {
    productId: product.id,
    shopId: product.shop.id,
    payment: "test",
  });
  const order = placed.orders[0] as { id: number; order_code: string };
  const owner = ((await demoOwnerOf(request, product.shop.id)).user as { email: string }).email;

  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(owner);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await page.goto(`/seller/orders/${order.id}`);
  await expect(page.getByTestId("payment-status")).toHaveText(t.payment_paid as string);
  const paid = (await page.getByTestId("amount-payable").textContent())?.trim() ?? "";

  await page.getByRole("button", { name: t.cancel_order, exact: true }).click();
  const ask = page.getByRole("dialog", { name: t.cancel_order });
  await expect(ask.getByTestId("refund-note")).toHaveText(
    fill(t.seller_cancel_refund_note, { amount: amountInText(paid) }),
  );
  await shot(page, "seller-cancel-confirm-en");
  await ask.getByRole("button", { name: t.yes_cancel_order }).click();
  await expect(page.getByTestId("order-status")).toHaveText(t.status_cancelled as string);
  await expect(page.getByTestId("payment-status")).toHaveText(t.payment_refunded as string);
  await shot(page, "seller-order-refunded-en");
});
