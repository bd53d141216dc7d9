import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { deliverOrder, newApprovedShop, placedOrder, readsLeftToRight, registerByApi, useSession } from "./helpers.ts";

// Returns and refunds (issue 20): a shopper pays with the test card, the shop delivers (API), the
// shopper asks to return the parcel from the order page, the shop approves and marks it received
// in the Seller Centre; the order then shows Refunded and the product's stock has risen.

// A real 1x1 PNG: the server checks photos by their content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const SHOTS = process.env.SHOTS_DIR;

async function api(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

/** The product's stock as its shop sees it (the product has one variant). */
const stockOf = async (request: APIRequestContext, token: string, productId: number) =>
  (await api(request, token, `/api/seller/products/${productId}`)).product.variants[0].stock as number;

const texts = {
  en: {
    request: "Request a return",
    reason: "Reason",
    submit: "Send request",
    sent: "Your return request was sent.",
    requested: "Requested",
    approve: "Approve return",
    received: "Mark received",
    receiveTitle: "Mark this return received?",
    refunded: "Refunded",
    told: "The refund of ",
    openReturns: "Open returns",
    onReceipt: "Refund once the parcel is received:",
    qty: /Quantity to return/,
  },
  ar: {
    request: "طلب إرجاع",
    reason: "السبب",
    submit: "إرسال الطلب",
    sent: "تم إرسال طلب الإرجاع.",
    requested: "مطلوب",
    approve: "قبول الإرجاع",
    received: "تأكيد الاستلام",
    receiveTitle: "هل تريد تأكيد استلام هذا المرتجع؟",
    refunded: "تم الاسترداد",
    told: "تم رد ",
    openReturns: "إرجاعات قيد المعالجة",
    onReceipt: "المبلغ المسترد عند استلام الطرد:",
    qty: /الكمية المراد إرجاعها/,
  },
} as const;

for (const [locale, phone] of [
  ["en", false],
  ["ar", true],
] as const) {
  test(`${locale}${phone ? " on a phone" : ""}: a paid order is returned, approved, received and refunded; the stock rises`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = texts[locale];
    // A shop and product of the test's own, so no other spec moves its stock meanwhile.
    const { shop, product, seller: owner } = await newApprovedShop(request, `Returns-${locale}`);
    const who = await registerByApi(request);
    const placed = await placedOrder(request, who.token, {
      productId: product.id,
      shopId: shop.id,
      quantity: 2,
      payment: "test",
    });
    const orderId = placed.orders[0]?.id as number;
    await deliverOrder(request, owner.access.token, orderId);
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    if (locale === "ar") await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    await useSession(page, who.token, who.user);

    // The shopper asks from the order page: both units, a reason and a photo.
    await page.goto(`/order-history/${orderId}`);
    if (locale === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: t.request }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(t.qty)).toBeVisible();
    await dialog.getByTestId("return-qty").selectOption("2");
    await dialog.getByLabel(t.reason).fill("The parcel arrived damaged.");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "box.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.locator("img")).toHaveCount(1);
    if (SHOTS) await page.waitForTimeout(400);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dialog-${locale}-${phone ? 375 : 1280}.png` });
    // Fits the phone: nothing of the dialog runs off the screen sideways.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= (phone ? 375 : 1280)).toBeTruthy();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/orders/${orderId}/returns`) && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: t.submit }).click();
    const answer = await sent;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByText(t.sent)).toBeVisible();
    const entry = page.getByTestId("return-entry");
    await expect(entry.getByTestId("return-status")).toHaveText(t.requested);
    // Both units back give back all that was paid, and the request says so before the parcel goes.
    const payable = (await page.getByTestId("amount-payable").textContent())?.trim() as string;
    await expect(entry.getByTestId("return-refund-estimate")).toHaveText(`${t.onReceipt} ${payable}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/requested-${locale}-${phone ? 375 : 1280}.png` });
    await expect(entry.getByRole("img")).toHaveCount(1);
    await expect(page.getByRole("button", { name: t.request })).toHaveCount(0);

    // The shop approves, then marks the parcel received, in the Seller Centre.
    const seller = waitForApp(await (await browser.newContext()).newPage());
    if (locale === "ar") await seller.addInitScript(() => localStorage.setItem("locale", "ar"));
    await useSession(seller, owner.access.token, owner.user);
    if (phone) await seller.setViewportSize({ width: 375, height: 740 });
    // The dashboard counts the orders with a return to see to and leads to the orders list's tab
    // of them; the shop has this one.
    await seller.goto("/seller/dashboard");
    await expect(seller.getByTestId("dashboard-open-returns")).toHaveText(`${t.openReturns}1`);
    await seller.getByTestId("dashboard-open-returns").getByRole("link").click();
    await expect(seller).toHaveURL(/\/seller\/orders\?status=returns$/);
    const returnsTab = seller.getByTestId("tab-returns");
    await expect(returnsTab).toHaveText(`${t.openReturns}1`);
    await expect(returnsTab).toHaveAttribute("aria-pressed", "true");
    // The last of the tabs, it shows on a phone too, its row scrolled to it.
    await expect(returnsTab).toBeInViewport({ ratio: 0.9 });
    await expect(seller.getByTestId("seller-order")).toHaveCount(1);
    if (SHOTS) await seller.screenshot({ path: `${SHOTS}/seller-returns-${locale}-${phone ? 375 : 1280}.png` });
    // On a tablet every tab shows whole (in two rows if need be), and a status reads on one line.
    const size = seller.viewportSize();
    await seller.setViewportSize({ width: 768, height: 900 });
    for (const tab of await seller.locator('[data-testid^="tab-"]').all())
      await expect(tab).toBeInViewport({ ratio: 1 });
    const pill = seller.getByTestId("seller-order").getByTestId("order-status").first();
    expect((await pill.boundingBox())?.height).toBeLessThan(30);
    if (size) await seller.setViewportSize(size);
    await seller.getByTestId("seller-order").getByRole("link").click();
    await expect(seller).toHaveURL(new RegExp(`/seller/orders/${orderId}$`));
    const shopEntry = seller.getByTestId("return-entry");
    await expect(shopEntry).toContainText("The parcel arrived damaged.");
    await shopEntry.getByRole("button", { name: t.approve }).click();
    await expect(shopEntry.getByRole("button", { name: t.received })).toBeVisible();
    const stockBefore = await stockOf(request, owner.access.token, product.id);
    await shopEntry.getByRole("button", { name: t.received }).click();
    // Money goes back on receiving: the shop is asked first, and closing the question changes nothing.
    const ask = seller.getByRole("dialog", { name: t.receiveTitle });
    await expect(ask).toBeVisible();
    await expect(ask.getByTestId("return-refund-estimate")).toHaveText(`${t.onReceipt} ${payable}`);
    if (SHOTS) await seller.screenshot({ path: `${SHOTS}/receive-${locale}-${phone ? 375 : 1280}.png` });
    await seller.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    expect(await stockOf(request, owner.access.token, product.id)).toBe(stockBefore);
    await shopEntry.getByRole("button", { name: t.received }).click();
    await ask.getByRole("button", { name: t.received }).click();
    await expect(shopEntry.getByTestId("return-status")).toHaveText(t.refunded);
    await seller.goBack();
    await expect(seller.getByTestId("tab-returns")).toHaveText(`${t.openReturns}0`);
    await expect(seller.getByTestId("seller-order")).toHaveCount(0);
    await seller.goForward();
    if (SHOTS) await seller.screenshot({ path: `${SHOTS}/seller-${locale}.png`, fullPage: true });
    expect(await stockOf(request, owner.access.token, product.id)).toBe(stockBefore + 2);

    // The shopper's order shows the refund.
    await page.reload();
    await expect(page.getByTestId("return-status")).toHaveText(t.refunded);
    await expect(page.getByTestId("payment-status").first()).toHaveText(t.refunded);
    await expect(page.getByTestId("return-refund")).toBeVisible();
    // All of it came back: the summary's Refunded line is the total, and the bell says how much.
    await expect(page.getByTestId("return-refund-estimate")).toHaveCount(0);
    await expect(page.getByTestId("amount-refunded")).toHaveText(`−${payable}`);
    // Its sign stays left of the amount in Arabic too ("−$12.00", not "$12.00−").
    expect(await readsLeftToRight(page.getByTestId("amount-refunded"))).toBe(true);
    await page.getByTestId("notification-bell-user").click();
    await expect(page.getByTestId("notification-item").first()).toContainText(t.told);
    await expect(page.getByTestId("notification-item").first()).toContainText(payable);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bell-${locale}-${phone ? 375 : 1280}.png` });
    await page.keyboard.press("Escape");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-${locale}-${phone ? 375 : 1280}.png`, fullPage: true });
    const refunds = await api(request, who.token, `/api/orders/${orderId}/returns`);
    expect(refunds.returns[0].refund_status).toBe("Succeeded");
  });
}
