import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { loginByApi, registerByApi, useSession } from "./helpers.ts";

// Issue 16's journey: what a seller lists is bought by shoppers, and the last unit of a variant
// goes to one of them only. The product form itself is driven in seller-products.spec.ts; here the
// seller lists through the same call the form makes.

const optionName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(\\+.+\\))?$`);

async function api(request: APIRequestContext, token: string, method: "GET" | "POST", url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

async function shopperPage(browser: Browser, token: string, user: unknown) {
  const page = waitForApp(await (await browser.newContext()).newPage());
  await useSession(page, token, user);
  return page;
}

test("a listed product is found by search; the last unit of a variant goes to one shopper, the other is refused", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await loginByApi(request, "owner7@example.com", "password");
  const token = seller.access.token as string;
  const options = await api(request, token, "GET", "/api/seller/product-options");
  const [s1, s2] = options.sizes;
  const [c1, c2] = options.colors;
  const name = `Lastunit Parka ${Date.now().toString(36)}`;
  const created = await api(request, token, "POST", "/api/seller/products", {
    name,
    category_id: options.categories[0].id,
    price: 40,
    sizes: [
      { id: s1.id, surcharge: 0 },
      { id: s2.id, surcharge: 2 },
    ],
    colors: [
      { id: c1.id, surcharge: 0 },
      { id: c2.id, surcharge: 0 },
    ],
    variants: [
      { size_id: s1.id, color_id: c1.id, stock: 1 },
      { size_id: s1.id, color_id: c2.id, stock: 5 },
      { size_id: s2.id, color_id: c1.id, stock: 5 },
      { size_id: s2.id, color_id: c2.id, stock: 5 },
    ],
    is_active: true,
  });

  const first = await registerByApi(request);
  const second = await registerByApi(request);
  const pages = [
    await shopperPage(browser, first.token, first.user),
    await shopperPage(browser, second.token, second.user),
  ];

  // Both find it through the search box and choose the variant with one unit left.
  for (const page of pages) {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products, brands and shops" }).first();
    await box.fill(name);
    await box.press("Enter");
    await page.getByRole("main").getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.getByRole("radio", { name: optionName(s1.name) }).check({ force: true });
    await page.getByRole("radio", { name: optionName(c1.name) }).check({ force: true });
  }

  // The first adds it and places the order; the unit is gone.
  const [a, b] = pages as [(typeof pages)[0], (typeof pages)[0]];
  await a.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(a.getByTestId("cart-toast-add").filter({ hasText: name })).toBeVisible();
  const address = await api(request, first.token, "POST", "/api/address/store", {
    name: "Lina Last",
    phone: "5550111222",
    address_line: "1 Unit Street",
    address_type: "home",
  });
  const placed = await api(request, first.token, "POST", "/api/place-order", {
    shop_ids: [(await api(request, token, "GET", "/api/seller/me")).shop.id],
    address_id: address.address.id,
    payment_method: "cash",
  });
  expect(placed.orders).toHaveLength(1);

  // The second shopper is refused that variant, and the page says it is out of stock.
  await b.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(b.getByText("This product is out of stock.").first()).toBeVisible();
  await b.reload();
  await b.getByRole("radio", { name: optionName(s1.name) }).check({ force: true });
  await b.getByRole("radio", { name: optionName(c1.name) }).check({ force: true });
  await expect(b.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();

  // The seller's stock log names the order that took the unit.
  const log = await api(request, token, "GET", `/api/seller/stock/movements?product_id=${created.product.id}`);
  expect(log.data.find((m: { reason: string }) => m.reason === "order")).toMatchObject({ change: -1, stock_after: 0 });

  for (const page of pages) await page.context().close();
});
