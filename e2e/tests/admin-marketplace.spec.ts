import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  fitsWidth,
  loginByApi,
  newApprovedShop,
  newestShopNotice,
  newShopRequest,
  offsetAtLeftEdge,
  shippedTexts,
  unique,
  useSession,
} from "./helpers.ts";

// The admin console's marketplace (issue 17, items 5–9): the dashboard counts what waits (a shop
// that asked to sell) and leads to it, with the marketplace's sales; the admin suspends a shop from the shops
// page and its products leave search; the audit log shows the change with its before and after;
// reinstating brings the products back (other specs share this database). The marketplace pages
// read right to left in Arabic and fit a 375 px phone.

async function adminPage(browser: Browser, request: APIRequestContext, locale = "en"): Promise<Page> {
  const data = await loginByApi(request, "admin@example.com", "password");
  const page = waitForApp(await (await browser.newContext()).newPage());
  await useSession(page, data.access.token, data.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

type Card = { id: number; name: string };

const searchIds = async (request: APIRequestContext, text: string) =>
  (
    (await (await request.get(`/api/products?per_page=100&search=${encodeURIComponent(text)}`)).json()).data
      .data as Card[]
  ).map((p) => p.id);

test("the admin suspends a shop: its products leave search and the audit log shows the change; reinstating restores them", async ({
  browser,
  request,
}) => {
  // A shop of its own, so the other specs' shops stay open.
  const { shop, product } = await newApprovedShop(request, "Suspendable");
  expect(await searchIds(request, product.name)).toContain(product.id);

  const admin = await adminPage(browser, request);
  const reason = `E2E unpaid fees ${Date.now().toString().slice(-6)}`;
  await admin.goto("/admin/shops?status=active");
  await expect(admin.getByRole("heading", { name: "Shops", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: `Suspend ${shop.name}`, exact: true }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(admin.getByText("Shop suspended; its products have left the storefront.")).toBeVisible();
  await expect(dialog).toBeHidden();

  try {
    await expect.poll(() => searchIds(request, product.name)).not.toContain(product.id);
    expect((await request.get(`/api/products/${product.id}/details`)).status()).toBe(404);

    await admin.goto(`/admin/audit?search=${encodeURIComponent(reason)}`);
    await expect(admin.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    const row = admin.getByTestId("audit-row").filter({ hasText: reason });
    await expect(row).toHaveCount(1);
    // What was done to which record, in words: "Suspended", "Shop #12".
    await expect(row.locator("summary")).toContainText("Suspended");
    await expect(row.locator("summary")).toContainText(`Shop \u2068#${shop.id}\u2069`);
    await row.locator("summary").click();
    const diff = row.getByTestId("audit-diff");
    await expect(diff).toContainText("status");
    await expect(diff).toContainText("active");
    await expect(diff).toContainText("suspended");
    // In Arabic the same entry names them in Arabic, and so does the filter of record kinds.
    const ar = shippedTexts("ar", "admin_marketplace");
    // On a phone, what the shop was suspended for reads in lines of words, not a letter a line.
    await admin.evaluate(() => localStorage.setItem("locale", "ar"));
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.reload();
    await expect(admin.getByRole("heading", { name: "سجل التدقيق", level: 1 })).toBeVisible();
    const said = row.locator("summary").getByText(reason);
    expect((await said.boundingBox())?.width).toBeGreaterThan(200);
    await fitsWidth(admin);
    await expect(row.locator("summary")).toContainText(ar("audit_action_suspend"));
    await expect(row.locator("summary")).toContainText(`${ar("audit_entity_shop")} \u2068#${shop.id}\u2069`);
    await expect(admin.getByRole("combobox", { name: ar("filter_entity") })).toContainText(ar("audit_entity_shop"));
    // Field names and values keep their own direction on an Arabic page ("/shops" is not "shops/").
    await row.locator("summary").click();
    await expect(diff.locator("code", { hasText: /^status$/ })).toHaveCSS("direction", "ltr");
    await expect(diff.locator("bdi", { hasText: /^suspended$/ })).toHaveCSS("direction", "ltr");
    await fitsWidth(admin);
  } finally {
    // Put the shop back as it was: the other specs share this database.
    await admin.evaluate(() => localStorage.setItem("locale", "en"));
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto("/admin/shops?status=suspended");
    await admin.getByRole("button", { name: `Reinstate ${shop.name}`, exact: true }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Reinstate", exact: true }).click();
    await expect(admin.getByText("Shop reinstated.")).toBeVisible();
  }
  await expect.poll(() => searchIds(request, product.name)).toContain(product.id);
  await admin.context().close();
});

test("the dashboard counts the shops waiting for approval and leads to them, beside the marketplace's sales", async ({
  browser,
  request,
}) => {
  const { shop } = await newShopRequest(request, "Waiting");
  const admin = await adminPage(browser, request);
  await admin.goto("/admin");
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const shops = admin.getByTestId("waiting-shops");
  await expect(shops).toContainText("Shops to approve");
  expect(Number(await shops.locator("span").last().textContent())).toBeGreaterThanOrEqual(1);
  await expect(admin.getByTestId("sales-30")).toContainText("$");
  await expect(admin.getByRole("link", { name: "Pending", exact: true })).toHaveAttribute(
    "href",
    "/admin/orders?status=Pending",
  );
  await shops.click();
  await expect(admin).toHaveURL(/\/admin\/shops$/);
  await expect(admin.getByText(shop.name)).toBeVisible();
  await admin.context().close();
});

test("the marketplace pages read right to left in Arabic and fit a 375 px phone", async ({ browser, request }) => {
  const admin = await adminPage(browser, request, "ar");
  await admin.setViewportSize({ width: 375, height: 800 });
  const pages = [
    { path: "/admin/dashboard", heading: "لوحة التحكم", item: admin.getByTestId("waiting-shops") },
    {
      path: "/admin/shops?status=active",
      heading: "المتاجر",
      item: admin.getByRole("button", { name: /^إيقاف / }).first(),
    },
    { path: "/admin/products", heading: "المنتجات", item: admin.getByTestId("admin-product").first() },
    { path: "/admin/orders", heading: "الطلبات", item: admin.getByRole("button", { name: /#/ }).first() },
    { path: "/admin/users", heading: "المستخدمون", item: admin.getByTestId("admin-user").first() },
    {
      path: "/admin/flash-sales",
      heading: "التخفيضات السريعة",
      item: admin.getByRole("button", { name: "المشاركات" }).first(),
    },
    { path: "/admin/audit", heading: "سجل التدقيق", item: admin.getByRole("searchbox").first() },
  ];
  for (const p of pages) {
    await admin.goto(p.path);
    await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(admin.getByRole("heading", { name: p.heading, level: 1 })).toBeVisible();
    await expect(p.item).toBeVisible();
    await fitsWidth(admin);
    // The section menu, one row that scrolls sideways on a phone, shows the section the page is in.
    await expect(
      admin.getByRole("navigation", { name: "قائمة القسم" }).locator('[aria-current="page"]'),
    ).toBeInViewport({ ratio: 0.9 });
  }
  // The main actions open on the phone too: an order's details, a new flash sale's form.
  await admin.goto("/admin/orders");
  // An order's customer shows whole on its own line (the shop's name, after it, is what a long line cuts).
  const parties = admin.getByTestId("order-parties").first();
  const [line, customer] = [await parties.boundingBox(), await parties.locator("bdi").first().boundingBox()];
  if (!line || !customer) throw new Error("no order line");
  expect(customer.x).toBeGreaterThanOrEqual(line.x - 1);
  expect(customer.x + customer.width).toBeLessThanOrEqual(line.x + line.width + 1);
  await admin.getByRole("button", { name: /#/ }).first().click();
  const order = admin.getByRole("dialog");
  await expect(order).toBeVisible();
  // Its code reads "#UT…" as in the list, not "UT…#" (isolated left to right in the Arabic heading).
  await expect(order.getByRole("heading").locator('bdi[dir="ltr"]')).toHaveText(/^#[A-Z]+\d+$/);
  // How it was paid, where its payment stands, and its way so far.
  await expect(order.getByText("الدفع", { exact: true })).toBeVisible();
  await expect(order.getByTestId("payment-status")).toBeVisible();
  await expect(order.getByRole("list", { name: "مسار الطلب" })).toBeVisible();
  await expect(order.locator('[data-testid="timeline-step"][data-reached="true"]').first()).toBeVisible();
  await fitsWidth(admin);
  await admin.keyboard.press("Escape");
  await admin.goto("/admin/flash-sales");
  await admin.getByRole("button", { name: "تخفيض سريع جديد" }).click();
  await expect(admin.getByRole("dialog").getByLabel("الاسم", { exact: true })).toBeVisible();
  await fitsWidth(admin);
  await admin.context().close();
});

test("on an Arabic phone the admin finds an account by its number as support copies it, read left to right", async ({
  browser,
  request,
}) => {
  const who = unique("find");
  const local = who.phone.slice(-7);
  const registered = await request.post("/api/registration", {
    data: { ...who, phone: `050${local}`, password: "secret-pass-1", country: "Saudi Arabia", phone_code: "+966" },
  });
  expect(registered.ok()).toBeTruthy();
  const admin = await adminPage(browser, request, "ar");
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto("/admin/users");
  const t = shippedTexts("ar", "admin_marketplace");
  const search = admin.getByRole("searchbox", { name: t("search_users") });
  await search.fill(`050 ${local.slice(0, 3)} ${local.slice(3)}`);
  // "050 …" from the left, as it was typed, not "… 050" with its groups reversed.
  expect(await offsetAtLeftEdge(search)).toBeLessThanOrEqual(1);
  await admin.getByRole("button", { name: shippedTexts("ar", "common")("search"), exact: true }).click();
  await expect(admin).toHaveURL(/search=050/);
  const rows = admin.getByTestId("admin-user");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText(`+966 50${local}`, { exact: true })).toBeVisible();
  await fitsWidth(admin);
  await admin.context().close();
});

test("the moderator previews a product the storefront does not show: its texts, photos and stock, in English and on an Arabic phone", async ({
  browser,
  request,
}) => {
  const { product, seller } = await newApprovedShop(request, "Preview");
  const auth = { authorization: `Bearer ${seller.access.token}` };
  const options = (await (await request.get("/api/seller/product-options", { headers: auth })).json()).data;
  const [size] = options.sizes;
  const [red, blue] = options.colors;
  const saved = await request.put(`/api/seller/products/${product.id}`, {
    headers: auth,
    data: {
      name: product.name,
      description: "<p>Hand-blown <strong>glass</strong> shade.</p>",
      translations: { ar: { name: `مصباح ${product.id}`, description: "<p>غطاء من الزجاج المنفوخ.</p>" } },
      category_id: options.categories[0].id,
      price: 12,
      sizes: [{ id: size.id, surcharge: 0 }],
      colors: [
        { id: red.id, surcharge: 0 },
        { id: blue.id, surcharge: 0 },
      ],
      variants: [
        { size_id: size.id, color_id: red.id, stock: 7, sku: "LAMP-RED" },
        { size_id: size.id, color_id: blue.id, stock: 0 },
      ],
      is_active: true,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const adminAuth = {
    authorization: `Bearer ${(await loginByApi(request, "admin@example.com", "password")).access.token}`,
  };
  const rejected = await request.post(`/api/admin/products/${product.id}/reject`, {
    headers: adminAuth,
    data: { reason: "Blurry photos" },
  });
  expect(rejected.ok(), await rejected.text()).toBeTruthy();
  expect((await request.get(`/api/products/${product.id}/details`)).status()).toBe(404);

  const admin = await adminPage(browser, request);
  await admin.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
  await admin.getByRole("button", { name: `Preview: ${product.name}`, exact: true }).click();
  let preview = admin.getByRole("dialog", { name: product.name });
  await expect(preview.getByText("Hand-blown glass shade.")).toBeVisible();
  const rows = preview.getByRole("table", { name: "Sizes, colours and stock" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${size.name}${red.name}7LAMP-RED`);
  await expect(rows.last()).toContainText(`${size.name}${blue.name}0—`);
  await preview.getByRole("button", { name: "Close" }).click();
  await admin.context().close();

  const ar = await adminPage(browser, request, "ar");
  await ar.setViewportSize({ width: 375, height: 800 });
  await ar.goto(`/admin/products?search=${encodeURIComponent(product.name)}`);
  const t = shippedTexts("ar", "admin_marketplace");
  await ar.getByRole("button", { name: `${t("preview")}: ${product.name}`, exact: true }).click();
  preview = ar.getByRole("dialog", { name: `مصباح ${product.id}` });
  await expect(preview.getByText("غطاء من الزجاج المنفوخ.")).toBeVisible();
  await expect(preview.getByRole("table", { name: t("variants") }).locator("tbody tr")).toHaveCount(2);
  await expect(preview.getByRole("list", { name: t("photos") }).locator("img")).toHaveCount(1);
  await fitsWidth(ar);
  await ar.context().close();

  // The seller hears of the rejection under the bell, on an Arabic phone, with the product's
  // Arabic name, and it leads to the product's page, which says why.
  const { page: shop, newest: told } = await newestShopNotice(browser, seller);
  await expect(told).toContainText(
    shippedTexts("ar", "notifications")("kind_product_moderated_rejected", {
      product: `\u2068مصباح ${product.id}\u2069`,
    }),
  );
  await told.click();
  await expect(shop).toHaveURL(new RegExp(`/seller/products/${product.id}$`));
  await expect(shop.getByText("Blurry photos")).toBeVisible();
  await fitsWidth(shop);
  await shop.context().close();
});
