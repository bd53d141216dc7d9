import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { loginByApi, signIn, useSession } from "./helpers.ts";

// A date set inside text reads in its language's order: "24 نوفمبر 2026 في 7:20 ص" from right to
// left in Arabic, "07:20 am, 24 Nov, 2026" from left to right in English. Forced left to right, an
// Arabic one's numbers read in the wrong order.

const text = (locale: string, ns: string, key: string): string =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url), "utf8"))[
    key
  ];

/** Where each number of an element's text (day, month, year, time) starts on screen, in the text's order. */
function numberPositions(el: Locator): Promise<number[]> {
  return el.evaluate((node) => {
    const out: number[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      for (const m of (t.textContent ?? "").matchAll(/[0-9٠-٩]+(?::[0-9٠-٩]+)?/g)) {
        const r = document.createRange();
        r.setStart(t, m.index);
        r.setEnd(t, m.index + m[0].length);
        out.push(r.getBoundingClientRect().left);
      }
    }
    return out;
  });
}

async function expectReadingOrder(el: Locator, rtl: boolean) {
  const xs = await numberPositions(el);
  expect(xs.length).toBeGreaterThanOrEqual(3);
  const steps = xs.slice(1).map((x, i) => x - (xs[i] as number));
  for (const step of steps) expect(rtl ? step < 0 : step > 0, `${await el.innerText()}: ${xs}`).toBe(true);
}

async function atPhoneWidth(page: Page, locale: string) {
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await page.setViewportSize({ width: 375, height: 740 });
}

for (const locale of ["en", "ar"]) {
  const rtl = locale === "ar";

  test(`${locale}, 375 px: order dates read in the language's order, in the list and on the order`, async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await atPhoneWidth(page, locale);
    await page.goto("/order-history");
    const time = page.getByTestId("order-time").first();
    await expect(time).toBeVisible();
    await expectReadingOrder(time, rtl);

    await page.getByTestId("order-card").first().getByRole("link").last().click();
    const [before] = text(locale, "orders", "placed_on").split("{{time}}") as [string];
    const placed = page.getByText(before.trim()).first();
    await expect(placed).toBeVisible();
    await expectReadingOrder(placed, rtl);
  });

  test(`${locale}, 375 px: a support ticket's times read in the language's order`, async ({ page, request }) => {
    await signIn(page, request);
    await atPhoneWidth(page, locale);
    await page.goto("/support-ticket/TK-DEMO00SHOP");
    const times = page.locator("main time");
    await expect(times.first()).toBeVisible();
    expect(await times.count()).toBeGreaterThanOrEqual(3);
    for (const time of await times.all()) await expectReadingOrder(time, rtl);
  });
}

test("far from UTC, the order page, its estimated delivery and its invoice keep the reader's days", async ({
  browser,
  request,
}) => {
  const shopper = await loginByApi(request, "shopper@example.com", "password");
  const headers = { Authorization: `Bearer ${shopper.access.token}` };
  const list = (await (await request.get("/api/orders", { headers })).json()).data.orders.data as { id: number }[];
  const id = list[0]?.id;
  const { order } = (await (await request.get(`/api/orders/${id}`, { headers })).json()).data as {
    order: { created_at: string; estimated_delivery_date: string };
  };
  // A zone where the order was placed on another day than in UTC (UTC+14 or UTC-11).
  const timezoneId = new Date(order.created_at).getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
  const context = await browser.newContext({ timezoneId });
  const page = waitForApp(await context.newPage());
  await useSession(page, shopper.access.token, shopper.user);
  await page.goto(`/order-history/${id}`);
  const plain = (t: string | null) => (t ?? "").replace(/[\u2066-\u2069]/g, "");
  const placed = plain(
    await page
      .getByText(/^Placed on /)
      .first()
      .textContent(),
  );
  const day = placed.match(/\d{2} [A-Z][a-z]{2}, \d{4}$/)?.[0];
  expect(day, placed).toBeTruthy();
  const utcDay = new Date(order.created_at).toISOString().slice(8, 10);
  expect(day?.slice(0, 2)).not.toBe(utcDay);
  // The estimated delivery is a calendar day: the server's, whatever the zone.
  const [y, m, d] = order.estimated_delivery_date.split("-").map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString("en", { month: "short", timeZone: "UTC" });
  const delivery = plain(await page.getByText(/^Estimated delivery: /).textContent());
  expect(delivery).toBe(`Estimated delivery: ${String(d).padStart(2, "0")} ${month}, ${y}`);

  const invoice = await context.newPage();
  await invoice.goto((await page.getByRole("link", { name: "Invoice" }).getAttribute("href")) ?? "");
  await expect(invoice.getByText(`Date: ${day}`)).toBeVisible();
  await context.close();
});

test("far from UTC, the Seller Centre's dashboard counts the reader's days", async ({ browser, request }) => {
  const owner = await loginByApi(request, "owner1@example.com", "password");
  // A zone whose today is another day than UTC's now (UTC+14 or UTC-11).
  const timezoneId = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: timezoneId, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  const today = `${p.year}-${p.month}-${p.day}`;
  expect(today).not.toBe(new Date().toISOString().slice(0, 10));
  const context = await browser.newContext({ timezoneId });
  const page = waitForApp(await context.newPage());
  await useSession(page, owner.access.token, owner.user);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/seller/dashboard");
  await page.goto("/seller/dashboard");
  const res = await answer;
  expect(new URL(res.url()).searchParams.get("tz")).toBe(timezoneId);
  const { data } = await res.json();
  expect(data.daily.at(-1).date).toBe(today);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});
