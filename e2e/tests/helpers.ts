import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import { waitForApp } from "./fixtures.ts";

// Shared by the specs: identities, API sign-in and putting a session where the web app keeps it.

/** The shipped interface texts of namespace `ns` in `locale`, by key, with `{{name}}` parts filled in. */
export function shippedTexts(locale: string, ns: string): (key: string, vars?: Record<string, string>) => string {
  const file = fileURLToPath(new URL(`../../packages/contract/locales/${locale}/${ns}.json`, import.meta.url));
  const all: Record<string, string> = JSON.parse(fs.readFileSync(file, "utf8"));
  return (key, vars = {}) => {
    const text = all[key];
    if (!text) throw new Error(`no text ${ns}.${key} in ${locale}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
  };
}

/** The server's `english` message as it says it in `locale` (packages/contract/messages/<locale>.json). */
export function serverSays(locale: string, english: string): string {
  if (locale === "en") return english;
  const file = fileURLToPath(new URL(`../../packages/contract/messages/${locale}.json`, import.meta.url));
  const text = JSON.parse(fs.readFileSync(file, "utf8"))[english];
  if (typeof text !== "string") throw new Error(`no ${locale} text for "${english}"`);
  return text;
}

/** A unique identity per test, so no test depends on another's users. */
export function unique(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);
  return { email: `${tag}-${n}@example.com`, phone: `1${n.slice(-9)}`, name: `Shopper ${tag} ${n.slice(-4)}` };
}

export async function firstCountry(request: APIRequestContext) {
  const { data } = await (await request.get("/api/countries")).json();
  return data.countries[0] as { name: string; phone_code: string };
}

/** Registers through the API and answers the login data. */
export async function registerByApi(request: APIRequestContext, password = "secret-pass-1") {
  const who = unique("api");
  const country = await firstCountry(request);
  const res = await request.post("/api/registration", {
    data: { ...who, password, country: country.name, phone_code: country.phone_code },
  });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  return { ...who, password, token: data.access.token as string, user: data.user };
}

export async function loginByApi(request: APIRequestContext, phone: string, password: string) {
  const res = await request.post("/api/login", { data: { phone, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}

/** Puts a session where the web app keeps it, before the first page loads. */
export async function useSession(page: Page, token: string, user: unknown) {
  const session = JSON.stringify({ state: { token, user }, version: 0 });
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("auth", value);
      sessionStorage.setItem("seeded", "1");
    }
  }, session);
}

/** Signs a seeded account (the demo shopper by default) in through the API, before the first page loads. */
export async function signIn(page: Page, request: APIRequestContext, email = "shopper@example.com") {
  const data = await loginByApi(request, email, "password");
  await useSession(page, data.access.token, data.user);
  return data as { access: { token: string }; user: { id: number; name: string } };
}

export type PlainProduct = {
  id: number;
  slug: string;
  name: string;
  quantity: number;
  shop: { id: number; name: string };
};

/** In-stock products without sizes or colours (added without choosing anything), one per shop. */
export async function plainProducts(request: APIRequestContext, locale = "en"): Promise<PlainProduct[]> {
  const res = await request.get("/api/products?per_page=100&sort=top_selling", {
    headers: { "Accept-Language": locale },
  });
  const { data } = await res.json();
  const byShop = new Map<number, PlainProduct>();
  for (const p of data.data as (PlainProduct & { sizes: unknown[]; colors: unknown[] })[]) {
    if (p.sizes.length === 0 && p.colors.length === 0 && p.quantity >= 10 && !byShop.has(p.shop.id)) {
      byShop.set(p.shop.id, p);
    }
  }
  const list = [...byShop.values()];
  expect(list.length).toBeGreaterThanOrEqual(2);
  return list;
}

/** A shop that asked to sell and waits for the admin's approval. */
export async function newShopRequest(request: APIRequestContext, tag: string) {
  const who = unique(tag);
  const country = await firstCountry(request);
  const password = "secret-pass-1";
  const registered = await request.post("/api/shop/register", {
    data: { ...who, password, country: country.name, phone_code: country.phone_code, shop_name: `Shop ${who.name}` },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const shop = (await registered.json()).data.shop as { id: number; name: string };
  return { shop, who, password };
}

/**
 * A shop of a test's own: registered, approved by the admin, with one published product, so a
 * spec that closes or suspends a shop leaves the demo shops the other specs use alone.
 */
export async function newApprovedShop(request: APIRequestContext, tag: string) {
  const { shop, who, password } = await newShopRequest(request, tag);
  const admin = await loginByApi(request, "admin@example.com", "password");
  const approved = await request.post(`/api/admin/shops/${shop.id}/approve`, {
    headers: { authorization: `Bearer ${admin.access.token}` },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const seller = await loginByApi(request, who.email, password);
  const auth = { authorization: `Bearer ${seller.access.token}` };
  const options = (await (await request.get("/api/seller/product-options", { headers: auth })).json()).data;
  const created = await request.post("/api/seller/products", {
    headers: auth,
    data: {
      name: `${tag} Lamp ${who.phone.slice(-5)}`,
      category_id: options.categories[0].id,
      price: 12,
      variants: [{ size_id: 0, color_id: 0, stock: 3 }],
      is_active: true,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const product = (await created.json()).data.product as { id: number; name: string; slug: string };
  return { shop, product, email: who.email, password, seller };
}

/** The invitation link the server mailed to `recipient` (the outbox, as there is no SMTP in tests). */
export async function inviteLinkFor(request: APIRequestContext, recipient: string) {
  let link = "";
  await expect
    .poll(async () => {
      const { data } = await (await request.get("/dev/outbox?format=json")).json();
      const row = (data as { recipient: string; body: string }[]).find((r) => r.recipient === recipient);
      link = row?.body.match(/https?:\/\/\S+\/staff-invite\/[A-Za-z0-9_-]+/)?.[0] ?? "";
      return link;
    })
    .toContain("/staff-invite/");
  return new URL(link).pathname;
}

/** A new member of the shop of `owner` with `role`, joined by the mailed invitation: their session. */
export async function staffByApi(request: APIRequestContext, owner: { access: { token: string } }, role: string) {
  const email = unique("staff").email;
  const invited = await request.post("/api/seller/invites", {
    headers: { authorization: `Bearer ${owner.access.token}` },
    data: { email, role },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const token = (await inviteLinkFor(request, email)).split("/").pop();
  const joined = await request.post(`/api/staff-invites/${token}/accept`, {
    data: { name: `Staff ${role}`, password: "staff-pass-123", password_confirmation: "staff-pass-123" },
  });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  return (await joined.json()).data as { access: { token: string }; user: unknown };
}

/** Types a one-time code into the code boxes, from the first one (named `digit` in the page's language). */
export async function typeCode(page: Page, code: string, digit = "Digit 1") {
  await page.getByRole("textbox", { name: digit }).click();
  await page.keyboard.type(code);
}

/** The latest one-time code the server wrote to the outbox for `recipient`. */
export async function codeFor(request: APIRequestContext, recipient: string) {
  let code = "";
  await expect
    .poll(async () => {
      const { data } = await (await request.get("/dev/outbox?format=json")).json();
      const row = (data as { recipient: string; body: string }[]).find((r) => r.recipient === recipient);
      code = row?.body.match(/\b(\d{4})\b/)?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** The login of the demo owner whose shop is `shopId`. */
export async function demoOwnerOf(request: APIRequestContext, shopId: number) {
  for (let n = 1; n <= 8; n++) {
    const login = await loginByApi(request, `owner${n}@example.com`, "password");
    const me = await request.get("/api/seller/me", { headers: { Authorization: `Bearer ${login.access.token}` } });
    if (me.ok() && (await me.json()).data.shop.id === shopId)
      return login as { access: { token: string }; user: unknown };
  }
  throw new Error(`no demo owner for shop ${shopId}`);
}

/**
 * The shopper (a token) buys `quantity` of a product with an address of their own, by cash on
 * delivery or paid on the test gateway's page (its form and its signed callback).
 */
export async function placedOrder(
  request: APIRequestContext,
  token: string,
  /** `unpaid`: by card, its payment left undone */
  o: { productId: number; shopId: number; quantity?: number; payment: "cash" | "test" | "unpaid" },
) {
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  const saved = await post("/api/address/store", {
    name: "Rana Buyer",
    phone: "5550123456",
    address_line: "9 Market Road",
    address_type: "home",
  });
  await post("/api/cart/store", { product_id: o.productId, quantity: o.quantity ?? 1 });
  const placed = await post("/api/place-order", {
    shop_ids: [o.shopId],
    address_id: saved.address.id,
    payment_method: o.payment === "unpaid" ? "test" : o.payment,
  });
  if (o.payment === "test") {
    const link = new URL(placed.order_payment_url);
    const charged = await request.post(`/api/payments/${placed.payment_id}/test-charge`, {
      form: { sig: link.searchParams.get("sig") ?? "", card_number: "4242424242424242", expiry: "12/39", cvc: "123" },
      maxRedirects: 0,
    });
    expect(charged.status()).toBe(303);
    const callback = new URL(charged.headers().location as string);
    await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  }
  return placed as { payment_id: number; payable_amount: number; orders: { id: number; order_code: string }[] };
}

/** The shop moves the order through every step to Delivered. */
export async function deliverOrder(request: APIRequestContext, ownerToken: string, orderId: number) {
  for (const status of ["Confirm", "Processing", "Pickup", "On The Way", "Delivered"]) {
    const res = await request.post(`/api/seller/orders/${orderId}/status`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
      data: { status },
    });
    expect(res.ok(), `${status}: ${await res.text()}`).toBeTruthy();
  }
}

/** Nothing on the page is wider than a phone of `width` px: it never scrolls sideways. */
export async function fitsWidth(page: Page, width = 375) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Each of `rows` is whole on a phone of `width` px, not cut by a card that scrolls sideways. */
export async function rowsFitWidth(rows: Locator, width = 375) {
  await expect(rows.first()).toBeVisible();
  const boxes = await rows.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right) };
    }),
  );
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
}

/**
 * Where in its text the character at the left edge of `input` (or a textarea's first line) is: 0
 * or 1 when the text reads left to right from there, as a phone number should on an Arabic page
 * (laid out right to left, the left edge holds the number's last digits).
 */
export async function offsetAtLeftEdge(input: Locator) {
  return input.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const firstLine = Number.parseFloat(style.paddingTop) + (Number.parseFloat(style.lineHeight) || 20) / 2;
    const y = el instanceof HTMLTextAreaElement ? box.top + firstLine : box.top + box.height / 2;
    return document.caretPositionFromPoint(box.left + Number.parseFloat(style.paddingLeft) + 2, y)?.offset;
  });
}

/** Whether the text of `el` is drawn left to right: its first character left of its last. */
export async function readsLeftToRight(el: Locator) {
  return el.evaluate((node) => {
    const text = document.createTreeWalker(node, NodeFilter.SHOW_TEXT).nextNode();
    if (!text?.textContent || text.textContent.length < 2) throw new Error("no text to read");
    const at = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    return at(0) < at(text.textContent.length - 1);
  });
}

/** How many lines the text of `el` takes as laid out (a label that should not wrap takes 1). */
export async function lineCount(el: Locator) {
  return el.evaluate((node) => {
    // The text's boxes only (an icon beside it sits at its own height), a few pixels apart on one line.
    const tops: number[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, i) => i === 0 || top - (tops[i - 1] as number) > 4).length;
  });
}

/** A shop's Seller Centre on a 375 px phone in `locale`, its bell opened: the page and its newest notice. */
export async function newestShopNotice(
  browser: Browser,
  seller: { access: { token: string }; user: unknown },
  locale = "ar",
) {
  const page = waitForApp(await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage());
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await useSession(page, seller.access.token, seller.user);
  await page.goto("/seller"); // the first section the member's role opens
  await page.getByTestId("notification-bell-shop").click();
  return { page, newest: page.getByTestId("notification-item").first() };
}

/** A support ticket opened through the API by the account of `who`: its number. */
export async function openTicketByApi(
  request: APIRequestContext,
  who: { token: string; email: string },
  subject: string,
  message: string,
) {
  const types = (await (await request.get("/api/ticket-issue-types")).json()).data.issue_types;
  const res = await request.post("/api/support-ticket/store", {
    data: { issue_type: String(types[0].id), subject, message, email: who.email },
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.ticket_number as string;
}

/** Resolves once the page's realtime connection has joined `channel`. */
export function subscribed(page: Page, channel: string) {
  return new Promise<void>((resolve) => {
    page.on("websocket", (ws) =>
      ws.on("framereceived", (frame) => {
        const text = String(frame.payload);
        if (text.includes("subscription_succeeded") && text.includes(channel)) resolve();
      }),
    );
  });
}

/**
 * An amount as the storefront writes it inside a sentence: isolated left to right on a
 * left-to-right page, by its first strong character on a right-to-left one (`useIsolateAmount`).
 */
export const amountInText = (amount: string, locale = "en") =>
  `${locale === "ar" ? "\u2068" : "\u2066"}${amount}\u2069`;
