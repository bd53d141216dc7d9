import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { fitsWidth, registerByApi, useSession } from "./helpers.ts";

// The cart drawer, its toasts, shop selection, store vouchers and the wishlist, as a shopper
// uses them; each test signs up its own shopper so carts never meet.

type Messages = Record<string, string>;
const messages = (locale: string): Messages =>
  JSON.parse(fs.readFileSync(new URL(`../../packages/contract/locales/${locale}/cart.json`, import.meta.url), "utf8"));
const ar = messages("ar");
const fill = (text: string | undefined, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text ?? "");

type Product = { id: number; slug: string; name: string; quantity: number; shop: { id: number; name: string } };

/** In-stock products without sizes or colours, one per shop (added without choosing anything). */
async function plainProducts(request: APIRequestContext, locale = "en"): Promise<Product[]> {
  const res = await request.get("/api/products?per_page=100&sort=top_selling", {
    headers: { "Accept-Language": locale },
  });
  const { data } = await res.json();
  const byShop = new Map<number, Product>();
  for (const p of data.data as (Product & { sizes: unknown[]; colors: unknown[] })[]) {
    if (p.sizes.length === 0 && p.colors.length === 0 && p.quantity >= 10 && !byShop.has(p.shop.id)) {
      byShop.set(p.shop.id, p);
    }
  }
  const list = [...byShop.values()];
  expect(list.length).toBeGreaterThanOrEqual(2);
  return list;
}

async function addByApi(request: APIRequestContext, token: string, productId: number) {
  const res = await request.post("/api/cart/store", {
    data: { product_id: productId, quantity: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
}

async function newShopper(page: Page, request: APIRequestContext, locale = "en") {
  const who = await registerByApi(request);
  await useSession(page, who.token, who.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return who;
}

/** A choice's accessible name: its name, then its surcharge when it has one ("XL (+$5.00)"). */
const optionName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(\\+.+\\))?$`);
const productPath = (p: Product) => `/products/${p.id}/details/${p.slug}`;
const badge = (page: Page, id: string) => page.getByTestId(id).locator("span[aria-hidden]");

async function openDrawer(page: Page, title: string) {
  await page.getByTestId("navbar-cart").click();
  const drawer = page.getByRole("dialog", { name: /My Cart|سلتي/ });
  await expect(drawer).toHaveAccessibleName(title);
  await expect(drawer).toBeVisible();
  return drawer;
}

test("Add to Cart shows the add toast for 3 s at the top; View In Cart opens the drawer", async ({ page, request }) => {
  const [product] = await plainProducts(request);
  if (!product) throw new Error("no product");
  await newShopper(page, request);
  await page.goto(productPath(product));
  await expect(badge(page, "navbar-cart")).toHaveText("0");

  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  const toast = page.getByTestId("cart-toast-add");
  await expect(toast).toContainText(product.name);
  await toast.hover(); // held while the pointer is on it, so a slow machine's checks below do not outlast it
  await expect(toast).toContainText("has been added to cart");
  await expect(toast.locator("img")).toBeVisible();
  // At the top, clear of the page's buttons (issue 21, item 10).
  await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-x-position", "center");
  await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "top");
  await expect(badge(page, "navbar-cart")).toHaveText("1");
  await expect(page.getByTestId("cart-side-tab")).toContainText("1 item");

  await toast.getByRole("button", { name: "View In Cart" }).click();
  const drawer = page.getByRole("dialog", { name: /My Cart/ });
  await expect(drawer.getByText("(1 item)")).toBeVisible();
  await expect(drawer.getByTestId("cart-line")).toContainText(product.name);
  await expect(drawer.getByTestId("cart-shop")).toContainText(product.shop.name);
  await drawer.getByRole("button", { name: "Close" }).click();

  // A second add raises the quantity; its toast goes by itself after 3 seconds. The badge and
  // the drawer count units.
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("cart-toast-add")).toBeVisible();
  await expect(page.getByTestId("cart-toast-add")).toBeHidden({ timeout: 6_000 });
  await expect(badge(page, "navbar-cart")).toHaveText("2");
  const again = await openDrawer(page, "My Cart (2 items)");
  await expect(again.getByTestId("cart-line").locator("output")).toHaveText("2");
  await again.getByRole("button", { name: "Close" }).click();

  // Opening the cart while an add toast shows puts the toast away: on a phone it covered the
  // drawer's first shop for its 3 s.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByTestId("cart-toast-add")).toBeVisible();
  await expect(badge(page, "navbar-cart")).toHaveText("3");
  await openDrawer(page, "My Cart (3 items)");
  await expect(page.getByTestId("cart-toast-add")).toBeHidden({ timeout: 1_500 });
});

test("a product card asks for size and colour and adds the chosen variant", async ({ page, request }) => {
  const { data } = await (await request.get("/api/products?per_page=100&sort=top_selling")).json();
  type Option = { id: number; name: string };
  const card = (data.data as (Product & { sizes: Option[]; colors: Option[] })[]).find(
    (p) => p.sizes.length > 1 && p.colors.length > 1 && p.quantity >= 10,
  );
  if (!card) throw new Error("no product with sizes and colours");
  const details = (await (await request.get(`/api/products/${card.id}/details`)).json()).data.product;
  const variant = (details.variants as { size_id: number; color_id: number; stock: number }[]).find(
    (v) => v.stock > 0 && v.size_id !== card.sizes[0]?.id,
  );
  const size = card.sizes.find((x) => x.id === variant?.size_id);
  const color = card.colors.find((x) => x.id === variant?.color_id);
  if (!size || !color) throw new Error("no variant in stock");

  await newShopper(page, request);
  await page.goto(`/products?search=${encodeURIComponent(card.name)}`);
  await page
    .getByRole("button", { name: `Add ${card.name} to cart` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Choose options" });
  await dialog.getByRole("radio", { name: optionName(size.name) }).check({ force: true });
  await dialog.getByRole("radio", { name: optionName(color.name) }).check({ force: true });
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId("cart-toast-add").getByRole("button", { name: "View In Cart" }).click();
  const line = page.getByRole("dialog", { name: /My Cart/ }).getByTestId("cart-line");
  await expect(line).toContainText(card.name);
  await expect(line).toContainText(`Size: ${size.name}`);
  await expect(line).toContainText(`Colour:${color.name}`);
  // The line's link opens the product on that size and colour.
  await line.getByRole("link", { name: card.name }).click();
  await expect(page.getByRole("radio", { name: optionName(size.name) })).toBeChecked();
  await expect(page.getByRole("radio", { name: optionName(color.name) })).toBeChecked();
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  test(`a product page keeps the chosen size and colour through a reload, Back and a shared link (${locale}, ${width} px)`, async ({
    page,
    browser,
    request,
  }) => {
    const headers = { "accept-language": locale };
    const { data } = await (await request.get("/api/products?per_page=100&sort=top_selling", { headers })).json();
    type Option = { id: number; name: string };
    type Listed = Product & { sizes: Option[]; colors: Option[] };
    const card = (data.data as Listed[]).find((p) => p.sizes.length > 1 && p.colors.length > 1);
    if (!card) throw new Error("no product with sizes and colours");
    // Not the sizes and colours the page opens on.
    const size = card.sizes.at(-1) as Option;
    const color = card.colors.at(-1) as Option;
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await page.goto(productPath(card));
    const sizeRadio = page.getByRole("radio", { name: optionName(size.name) });
    const colorRadio = page.getByRole("radio", { name: optionName(color.name) });
    // The chip the shopper taps: the radio's label.
    await page.locator("label").filter({ has: sizeRadio }).click();
    await page.locator("label").filter({ has: colorRadio }).click();
    await expect(sizeRadio).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`\\?size=${size.id}&color=${color.id}$`));

    await page.reload();
    await expect(sizeRadio).toBeChecked();
    await expect(colorRadio).toBeChecked();

    await page.getByRole("link", { name: card.shop.name }).first().click();
    await expect(page).toHaveURL(/\/shops\//);
    await page.goBack();
    await expect(sizeRadio).toBeChecked();
    await expect(colorRadio).toBeChecked();

    // The address, opened by someone else, shows the same choice.
    const other = await browser.newContext();
    const shared = await other.newPage();
    await shared.addInitScript((l) => localStorage.setItem("locale", l), locale);
    await shared.goto(page.url());
    await expect(shared.getByRole("radio", { name: optionName(size.name) })).toBeChecked();
    await expect(shared.getByRole("radio", { name: optionName(color.name) })).toBeChecked();
    await other.close();
    await fitsWidth(page, width);
  });
}

test("minus at one unit removes the line; Again Add to Cart puts it back", async ({ page, request }) => {
  const [product] = await plainProducts(request);
  if (!product) throw new Error("no product");
  const who = await newShopper(page, request);
  await addByApi(request, who.token, product.id);
  await page.goto("/");
  const drawer = await openDrawer(page, "My Cart (1 item)");

  await drawer.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click();
  const toast = page.getByTestId("cart-toast-remove");
  await expect(toast).toContainText(product.name);
  // A shopper reaching for its button holds the toast: it stays past its 3 s while the pointer is on it.
  await toast.hover();
  await page.waitForTimeout(4_000);
  await expect(toast).toContainText("has been remove to cart");
  await expect(drawer.getByText("Cart is empty")).toBeVisible();
  await expect(drawer.getByText("(0 items)")).toBeVisible();

  await toast.getByRole("button", { name: "Again Add to Cart" }).click();
  await expect(drawer.getByText("(1 item)")).toBeVisible();
  await expect(drawer.getByTestId("cart-line")).toContainText(product.name);
  await expect(drawer.getByTestId("cart-line").locator("output")).toHaveText("1");
  await expect(badge(page, "navbar-cart")).toHaveText("1");
});

test("checkout needs a selected shop; a collected voucher applied shows its discount in the totals", async ({
  page,
  request,
}) => {
  const [a, b] = await plainProducts(request);
  if (!a || !b) throw new Error("no products");
  const who = await newShopper(page, request);
  await addByApi(request, who.token, a.id);
  await addByApi(request, who.token, b.id);
  await page.goto("/");
  const drawer = await openDrawer(page, "My Cart (2 items)");
  await expect(drawer.getByTestId("cart-shop")).toHaveCount(2);
  await expect(drawer.getByText("Apply Store voucher")).toHaveCount(2);
  await expect(drawer.getByText("Cart Amount")).toBeVisible();

  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByText("Please select at least one shop")).toBeVisible();
  await expect(page).not.toHaveURL(/\/checkout/);

  // Nothing selected: the amount of every line.
  const amount = drawer.getByTestId("cart-amount");
  await expect(amount).not.toHaveText("$0.00");
  const allLines = (await amount.textContent()) ?? "";
  const shopA = drawer.getByTestId("cart-shop").filter({ hasText: a.shop.name });
  await shopA.getByRole("checkbox", { name: `Select ${a.shop.name}` }).check();
  // The shop's checkout figures (subtotal, delivery, ...) replace every line's amount.
  await expect(drawer.getByTestId("cart-subtotal")).toBeVisible();
  await expect(amount).not.toHaveText(allLines);
  const before = await amount.textContent();
  await expect(drawer.getByTestId("coupon-discount")).toHaveCount(0);

  await shopA.getByRole("button", { name: "Apply Store voucher" }).click();
  const vouchers = page.getByRole("dialog", { name: /Voucher from/ });
  await expect(vouchers).toContainText(a.shop.name);
  const percent = vouchers.getByTestId("voucher").filter({ hasText: "SAVE10" });
  await percent.getByRole("button", { name: "Collect" }).click();
  await expect(percent.getByText("Collected")).toBeVisible();
  await percent.getByRole("button", { name: "Apply" }).click();
  await expect(vouchers).toBeHidden();

  await expect(drawer.getByTestId("coupon-discount")).toBeVisible();
  await expect(drawer.getByText("Coupon discount")).toBeVisible();
  // SAVE10 is 10 % of the shop's subtotal, at most 15.00; the amount to pay drops with it.
  const money = async (testId: string) =>
    Number((await drawer.getByTestId(testId).textContent())?.replace(/[^\d.]/g, ""));
  const subtotal = await money("cart-subtotal");
  await expect(drawer.getByTestId("coupon-discount")).toHaveText(`−$${Math.min(subtotal * 0.1, 15).toFixed(2)}`);
  expect(await money("cart-amount")).toBeLessThan(Number(before?.replace(/[^\d.]/g, "")));

  // Deselecting the shop drops its totals, back to every line's amount; the other shop alone checks out.
  await shopA.getByRole("checkbox").uncheck();
  await expect(amount).toHaveText(allLines);
  await drawer.getByTestId("cart-shop").filter({ hasText: b.shop.name }).getByRole("checkbox").check();
  await expect(amount).not.toHaveText("$0.00");
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The keyboard starts on the checkout page's heading, not back on the header's cart button.
  await expect(page.locator("main h1")).toBeFocused();
});

test("the wishlist heart needs a login, then toggles, counts and fills /wishlist", async ({ page, request }) => {
  const [product] = await plainProducts(request);
  if (!product) throw new Error("no product");
  await page.goto(productPath(product));
  const heart = page.getByRole("button", { name: `Add ${product.name} to wishlist` });
  await heart.click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Please login first!")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();

  const who = await registerByApi(request);
  await page.evaluate(
    (s) => localStorage.setItem("auth", s),
    JSON.stringify({ state: { token: who.token, user: who.user }, version: 0 }),
  );
  await page.reload();
  await expect(badge(page, "navbar-wishlist")).toHaveText("0");
  await page.getByRole("button", { name: `Add ${product.name} to wishlist` }).click();
  await expect(page.getByRole("button", { name: `Remove ${product.name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(badge(page, "navbar-wishlist")).toHaveText("1");
  // Catalogue answers are the same for everyone; the filled heart comes from the shopper's own call.
  await page.reload();
  await expect(page.getByRole("button", { name: `Remove ${product.name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByTestId("navbar-wishlist").click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const item = page.getByTestId("wishlist-item");
  await expect(item).toContainText(product.name);
  await item.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-toast-add")).toContainText(product.name);
  await expect(badge(page, "navbar-cart")).toHaveText("1");

  await item.getByRole("button", { name: `Remove ${product.name} from wishlist` }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(badge(page, "navbar-wishlist")).toHaveText("0");
});

test("in Arabic the cart speaks Arabic and its toasts sit at the top", async ({ page, request }) => {
  const [a, b] = await plainProducts(request, "ar");
  if (!a || !b) throw new Error("no products");
  const who = await newShopper(page, request, "ar");
  await addByApi(request, who.token, b.id);
  await page.goto(productPath(a));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  await page.getByRole("button", { name: "أضف إلى السلة", exact: true }).click();
  const toast = page.getByTestId("cart-toast-add");
  await expect(toast).toContainText(ar.added_to_cart as string);
  await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "top");
  await toast.getByRole("button", { name: ar.view_in_cart }).click();

  const drawer = page.getByRole("dialog", { name: new RegExp(ar.my_cart as string) });
  // Two units: Arabic's dual form.
  await expect(drawer.getByText(ar.items_count_two as string)).toBeVisible();
  await drawer.getByRole("button", { name: ar.proceed_to_checkout }).click();
  await expect(page.getByText(ar.select_at_least_one_shop as string)).toBeVisible();

  await drawer.getByRole("checkbox", { name: fill(ar.select_shop, { shop: a.shop.name }) }).check();
  await expect(drawer.getByText(ar.cart_amount as string)).toBeVisible();
  await drawer.getByRole("button", { name: fill(ar.decrease_quantity, { name: a.name }) }).click();
  await expect(page.getByTestId("cart-toast-remove")).toContainText(ar.removed_from_cart as string);
  await expect(page.getByTestId("cart-toast-remove").getByRole("button")).toHaveText(ar.again_add_to_cart as string);
  await expect(drawer.getByText(ar.items_count_one as string)).toBeVisible();
  // The selected shop left the cart with its last line, so nothing is selected any more.
  // ('Select all' and the one shop left.)
  await expect(drawer.getByRole("checkbox")).toHaveCount(2);
  for (const box of await drawer.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
});
