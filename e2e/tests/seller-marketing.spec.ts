import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { amountInText, fitsWidth, registerByApi, signIn, useSession } from "./helpers.ts";

// The Seller Centre's vouchers and flash sales (issue 16, items 6 and 7): the owner creates a
// voucher that shoppers see and collect, pauses it and shoppers no longer see it; the owner enters
// a product in the running flash sale and the storefront sells it at the sale price. Both pages in
// Arabic (rtl) and on a 375 px phone.

const OWNER = "owner3@example.com";

async function signInToSeller(page: Page, email: string) {
  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/seller\/[a-z]+/);
}

type Product = { id: number; slug: string; name: string; sizes: unknown[]; colors: unknown[]; quantity: number };

/** The owner's shop id and in-stock products without sizes or colours. */
async function shopProducts(request: APIRequestContext) {
  const login = await (await request.post("/api/login", { data: { phone: OWNER, password: "password" } })).json();
  const token = login.data.access.token as string;
  const me = await (await request.get("/api/seller/me", { headers: { Authorization: `Bearer ${token}` } })).json();
  const shopId = me.data.shop.id as number;
  const { data } = await (await request.get(`/api/products?shop_id=${shopId}&per_page=100`)).json();
  const plain = (data.data as Product[]).filter((p) => p.sizes.length === 0 && p.colors.length === 0 && p.quantity > 5);
  return { shopId, plain };
}

test("the owner creates a voucher and pauses it; shoppers see it only while it runs", async ({
  page,
  browser,
  request,
}) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signInToSeller(page, OWNER);
  await page.goto("/seller/vouchers");
  await expect(page.getByRole("heading", { name: "Vouchers", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New voucher" }).click();
  const dialog = page.getByRole("dialog", { name: "New voucher" });
  await dialog.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  // A fixed amount off as large as the minimum order (500 typed for 5.00) is refused on the page.
  await dialog.getByRole("combobox", { name: "Discount type" }).selectOption({ label: "Fixed amount" });
  await dialog.getByRole("spinbutton", { name: /^Discount/ }).fill("500");
  await dialog.getByRole("spinbutton", { name: "Minimum order amount" }).fill("10");
  await dialog.getByRole("button", { name: "Create voucher" }).click();
  await expect(dialog.getByText("The minimum order amount field must be greater than the discount.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Discount type" }).selectOption({ label: "Percentage" });
  await dialog.getByRole("spinbutton", { name: "Minimum order amount" }).fill("0");
  await dialog.getByRole("spinbutton", { name: "Discount (%)" }).fill("15");
  await dialog.getByRole("button", { name: "Create voucher" }).click();
  await expect(page.getByText("Voucher created.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("seller-voucher").filter({ hasText: code });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("15% off");
  await expect(card).toContainText("Collected 0");

  // A shopper with the shop's product in the cart sees the voucher among the shop's vouchers.
  const { plain } = await shopProducts(request);
  const product = plain[0] as Product;
  const shopper = await registerByApi(request);
  const added = await request.post("/api/cart/store", {
    data: { product_id: product.id, quantity: 1 },
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  expect(added.ok()).toBeTruthy();
  const context = await browser.newContext();
  const shop = await context.newPage();
  await useSession(shop, shopper.token, shopper.user);
  const shopperVouchers = async () => {
    await shop.goto("/");
    await shop.locator("html[data-ready]").waitFor({ state: "attached" });
    await shop.getByTestId("navbar-cart").click();
    await shop.getByRole("button", { name: "Apply Store voucher" }).click();
    const vouchers = shop.getByRole("dialog", { name: /Voucher from/ });
    await expect(vouchers.getByTestId("voucher").first()).toBeVisible();
    return vouchers;
  };
  await expect((await shopperVouchers()).getByTestId("voucher").filter({ hasText: code })).toHaveCount(1);

  await card.getByRole("button", { name: `Pause voucher ${code}` }).click();
  await expect(page.getByText("Voucher paused.")).toBeVisible();
  await expect(card).toContainText("Paused");
  await expect(card.getByRole("button", { name: `Resume voucher ${code}` })).toBeVisible();

  // Paused: gone from the shopper's list, while the shop's other vouchers stay.
  const after = await shopperVouchers();
  await expect(after.getByTestId("voucher").filter({ hasText: code })).toHaveCount(0);
  await context.close();
});

test("the owner enters a product in the running flash sale and the product page sells it at the sale price", async ({
  page,
  browser,
  request,
}) => {
  const { plain } = await shopProducts(request);
  // A product not yet in a sale: its page has no sale banner.
  let product: Product | undefined;
  for (const p of plain) {
    const { data } = await (await request.get(`/api/products/${p.id}/details`)).json();
    if (data.product.flash_sale === null) {
      product = { ...p, ...data.product };
      break;
    }
  }
  if (!product) throw new Error("no product outside the sales");
  const details = product as Product & { price: number; discount_price: number };
  const current = details.discount_price > 0 ? details.discount_price : details.price;
  const salePrice = (Math.floor(current * 60) / 100).toFixed(2);
  const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);
  const shown = usd(Number(salePrice));

  // Riyals picked on the storefront: the Seller Centre still writes its amounts in dollars, the
  // currency its price fields take.
  await page.addInitScript(() =>
    localStorage.setItem("currency", JSON.stringify({ state: { selected: "SAR", defaultName: "USD" }, version: 0 })),
  );
  await signInToSeller(page, OWNER);
  await page.goto("/seller/flash-sales");
  await expect(page.getByRole("heading", { name: "Flash sales", level: 1 })).toBeVisible();
  const sale = page.getByTestId("seller-sale").filter({ hasText: "Running" }).first();
  const saleName = (await sale.getByRole("heading", { level: 2 }).textContent()) as string;
  await sale.getByRole("button", { name: "Add products" }).click();
  const dialog = page.getByRole("dialog", { name: `Add products to ${saleName}` });
  await dialog.getByRole("searchbox", { name: "Search your products" }).fill(product.name);
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await dialog.getByRole("checkbox", { name: product.name }).check();
  const item = dialog.getByTestId("join-item");
  await expect(item).toContainText(`Current price ${amountInText(usd(current))}`);
  await item.getByRole("spinbutton", { name: "Sale price" }).fill(salePrice);
  await item.getByRole("spinbutton", { name: "Cap" }).fill("7");
  await dialog.getByRole("button", { name: "Add to sale" }).click();
  await expect(page.getByText("Products added to the flash sale.")).toBeVisible();
  const entry = sale.getByTestId("sale-entry").filter({ hasText: product.name });
  await expect(entry).toContainText(shown);
  await expect(entry).toContainText("0 of 7 sold");

  // A visitor sees the sale on the product page at once.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/products/${product.id}/details/${product.slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(visitor.getByText(saleName).first()).toBeVisible();
  await expect(visitor.getByText(shown).first()).toBeVisible();
  await context.close();
});

test("the vouchers and flash-sale pages read right to left in Arabic and fit a 375 px phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await signIn(page, request, OWNER);

  await page.goto("/seller/vouchers");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "القسائم", level: 1 })).toBeVisible();
  await expect(page.getByTestId("seller-voucher").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "قسيمة جديدة" })).toBeInViewport();
  await fitsWidth(page);
  await page.getByRole("button", { name: "قسيمة جديدة" }).click();
  const form = page.getByRole("dialog", { name: "قسيمة جديدة" });
  await expect(form.getByRole("button", { name: "إنشاء القسيمة" })).toBeVisible();
  await fitsWidth(page);
  await form.getByRole("button", { name: "إلغاء" }).click();

  await page.goto("/seller/flash-sales");
  await expect(page.getByRole("heading", { name: "التخفيضات السريعة", level: 1 })).toBeVisible();
  await expect(page.getByTestId("seller-sale").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "إضافة منتجات" }).first()).toBeVisible();
  await fitsWidth(page);
});
