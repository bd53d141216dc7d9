import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./helpers.ts";

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
