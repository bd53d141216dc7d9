import zlib from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import { fitsWidth, lineCount, readsLeftToRight, rowsFitWidth, shippedTexts, signIn } from "./helpers.ts";

// The Seller Centre's catalogue (issue 16, items 1, 2 and 5): the owner of shop 1 creates a product
// with sizes, colours, images and stock per variant; a visitor finds it by search and sees the
// variant prices; the list works in Arabic and on a 375 px phone; a field error shows under its field.

/** A small solid-colour PNG (the server resizes it to WebP). */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function signInToSeller(page: Page, email = "owner1@example.com") {
  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/seller\/[a-z]+/);
}

/** A label's whole text, so "S" does not also match "XS". */
const exactly = (text = "") => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("a seller creates a product with sizes, colours, images and stock; a visitor finds it and sees the variant prices", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Linen Shirt ${Date.now()}`;
  await signInToSeller(page);
  await page.goto("/seller/products");
  await page.getByRole("link", { name: "Add product" }).first().click();
  await expect(page).toHaveURL(/\/seller\/products\/new$/);
  await expect(page.getByRole("heading", { name: "Add product", level: 1 })).toBeVisible();

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Short description", exact: true }).fill("Cool linen for warm days.");
  const editor = page.getByRole("textbox", { name: "Description", exact: true });
  await editor.click();
  await page.getByRole("button", { name: "Bold" }).first().click();
  await editor.pressSequentially("Breathable");
  await expect(editor.locator("strong")).toHaveText("Breathable");

  const category = page.getByLabel("Category", { exact: true });
  await category.selectOption({ index: 1 });
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("25");

  // Two sizes and two colours: the grid has one row per pair.
  const sizes = page.getByRole("group", { name: "Sizes" });
  const colours = page.getByRole("group", { name: "Colours" });
  const sizeNames = (await sizes.locator("label").allTextContents()).slice(0, 2).map((s) => s.trim());
  const colourNames = (await colours.locator("label").allTextContents()).slice(0, 2).map((s) => s.trim());
  for (const label of [sizes.locator("label").nth(0), sizes.locator("label").nth(1)]) await label.click();
  for (const label of [colours.locator("label").nth(0), colours.locator("label").nth(1)]) await label.click();
  await page.getByRole("spinbutton", { name: `Surcharge for ${sizeNames[1]}` }).fill("4");
  await page.getByRole("spinbutton", { name: `Surcharge for ${colourNames[1]}` }).fill("1.5");
  const rows = page.getByTestId("variant-row");
  await expect(rows).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await rows
      .nth(i)
      .getByRole("spinbutton")
      .fill(String(5 + i));
    await rows.nth(i).getByRole("textbox").fill(`E2E-${Date.now()}-${i}`);
  }
  // Unchecking and checking a colour again keeps the stock typed for the pairs that stayed.
  await colours.locator("label").nth(1).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole("spinbutton")).toHaveValue("7");
  await colours.locator("label").nth(1).click();
  await expect(rows).toHaveCount(4);
  await page.getByRole("spinbutton", { name: `Surcharge for ${colourNames[1]}` }).fill("1.5");
  await rows.nth(1).getByRole("spinbutton").fill("6");
  await rows.nth(3).getByRole("spinbutton").fill("8");

  // Two images, uploaded and resized by the server; the second becomes the thumbnail.
  await page.locator('input[type="file"]').setInputFiles([
    { name: "red.png", mimeType: "image/png", buffer: png(64, [220, 40, 40]) },
    { name: "blue.png", mimeType: "image/png", buffer: png(64, [40, 40, 220]) },
  ]);
  const images = page.getByTestId("product-image");
  await expect(images).toHaveCount(2, { timeout: 15_000 });
  const second = await images.nth(1).locator("img").getAttribute("src");
  expect(second).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-800\.webp$/);
  await expect(images.nth(1).locator("img")).toHaveAttribute("srcset", /-200\.webp 200w/);
  await images.nth(1).getByRole("button", { name: "Make thumbnail" }).click();
  await expect(images.nth(0).locator("img")).toHaveAttribute("src", second ?? "");
  await expect(images.nth(0)).toContainText("Thumbnail");

  await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);
  await expect(page.getByRole("heading", { name: "Edit product", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "View in store" })).toBeVisible();
  await expect(page.getByTestId("variant-row")).toHaveCount(4);
  await expect(page.getByTestId("variant-row").nth(2).getByRole("spinbutton")).toHaveValue("7");

  // The list shows it, published, with its stock.
  await page.goto(`/seller/products?search=${encodeURIComponent(name)}`);
  const row = page.getByTestId("seller-product").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("product-status")).toHaveText("Published");
  await expect(row).toContainText("26");

  // Bulk actions answer what they changed; the row follows.
  await row.getByRole("checkbox").check();
  await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByTestId("bulk-result")).toContainText("Products changed: 1");
  await expect(row.getByTestId("product-status")).toHaveText("Draft");
  await row.getByRole("checkbox").check();
  await page
    .getByRole("region", { name: "Bulk actions" })
    .getByRole("button", { name: "Publish", exact: true })
    .click();
  await expect(row.getByTestId("product-status")).toHaveText("Published");

  // The stock log says who set the stock, and why.
  await page.goto("/seller/stock");
  await page.getByLabel("Reason").selectOption("edit");
  const movement = page.getByTestId("stock-movement").filter({ hasText: name }).first();
  await expect(movement).toContainText("Edited");
  await expect(movement).toContainText(/\+[5-8]/);

  // A visitor searches the storefront for it and sees each variant's price.
  const visitor = waitForApp(await (await browser.newContext()).newPage());
  await visitor.goto("/");
  const searchbox = visitor.getByRole("search").getByRole("combobox").first();
  await searchbox.fill(name);
  await searchbox.press("Enter");
  await expect(visitor).toHaveURL((url) => url.pathname === "/products" && url.searchParams.get("search") === name);
  // The product's card in the results (the heading names the search too). A tap that landed while
  // the results were replaced is made again, but not while its page is still on the way (a second
  // tap would start it anew), and results read before the search index caught up are read again.
  const details = /\/products\/\d+\/details\//;
  const cardLink = visitor.getByRole("article").getByRole("link", { name, exact: true });
  await expect(async () => {
    if (!details.test(visitor.url())) {
      await expect(visitor.locator("#results-heading")).not.toBeEmpty();
      if ((await cardLink.count()) === 0) await visitor.reload();
      await cardLink.first().click({ timeout: 5_000 });
    }
    await expect(visitor).toHaveURL(details, { timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  const line = visitor.getByTestId("product-price").first().locator("[data-price=line]");
  const sizeGroup = visitor.getByRole("group", { name: "Size" });
  const colourGroup = visitor.getByRole("group", { name: /Colou?r/ });
  // The page may still settle after the link's navigation (a choice made meanwhile can be reset):
  // choose until the price of that choice shows. (A choice made before the page hydrates is made
  // again once it has: apps/web/src/main.tsx.)
  await expect(async () => {
    await sizeGroup
      .locator("label")
      .filter({ hasText: exactly(sizeNames[1]) })
      .click();
    await colourGroup
      .locator("label")
      .filter({ hasText: exactly(colourNames[1]) })
      .click();
    await expect(line).toHaveText("$30.50", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await sizeGroup
    .locator("label")
    .filter({ hasText: exactly(sizeNames[0]) })
    .click();
  await colourGroup
    .locator("label")
    .filter({ hasText: exactly(colourNames[0]) })
    .click();
  await expect(line).toHaveText("$25.00");
  await visitor.context().close();
});

test("a field error shows under its field", async ({ page }) => {
  await signInToSeller(page);
  await page.goto("/seller/products/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Too cheap to discount");
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("10");
  const discount = page.getByRole("spinbutton", { name: "Discount price", exact: true });
  await discount.fill("20");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(discount).toHaveAttribute("aria-invalid", "true");
  const errorId = await discount.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText("The discount price must be lower than the price.");
  await expect(page).toHaveURL(/\/seller\/products\/new$/);
});

test("the product list in Arabic reads right to left with translated headings", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  // Signed in through the API: the sign-in form is in Arabic too.
  const owner = await signIn(page, request, "owner1@example.com");
  await page.goto("/seller/products");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "المنتجات", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "المنتج" })).toBeVisible();
  await expect(page.getByRole("link", { name: "إضافة منتج" }).first()).toBeVisible();
  await expect(page.getByTestId("seller-product").first()).toBeVisible();

  // On a phone each price follows its Arabic label ("السعر:") and still reads "$81.99", not "81.99$".
  await page.setViewportSize({ width: 375, height: 800 });
  const price = page.getByTestId("seller-product").first().locator("bdi", { hasText: "$" }).first();
  await expect(price).toBeVisible();
  expect(await readsLeftToRight(price)).toBe(true);

  // The form: the default language's description reads left to right, and a VAT that names its
  // rate is not followed by it again ("VAT 15% (15%)").
  await page.getByTestId("seller-product").first().getByRole("link").first().click();
  const description = page.getByRole("textbox", { name: "الوصف", exact: true });
  await expect(description.locator("p").first()).toBeVisible();
  expect(await readsLeftToRight(description.locator("p").first())).toBe(true);
  const vat = page.getByRole("combobox", { name: /ضريبة/ });
  expect((await vat.locator("option").allTextContents()).filter((o) => /%.*%/.test(o))).toEqual([]);

  // A product with sizes and colours on a phone: each variant's name on one line, its size first
  // (rightmost), and the SKU boxes whole.
  const auth = { authorization: `Bearer ${owner.access.token}` };
  const { data } = await (await request.get("/api/seller/products?per_page=50", { headers: auth })).json();
  const options = (await (await request.get("/api/seller/product-options", { headers: auth })).json()).data;
  let sized: { id: number; size: string } | undefined;
  for (const p of data.products.data as { id: number }[]) {
    const detail = (await (await request.get(`/api/seller/products/${p.id}`, { headers: auth })).json()).data.product;
    const v = (detail.variants as { size_id: number; color_id: number }[]).find((x) => x.size_id && x.color_id);
    const size = (options.sizes as { id: number; name: string }[]).find((z) => z.id === v?.size_id)?.name;
    if (v && size) {
      sized = { id: p.id, size };
      break;
    }
  }
  expect(sized, "a demo product of owner1 with sizes and colours").toBeDefined();
  await page.goto(`/seller/products/${sized?.id}`);
  const names = page.getByTestId("variant-row").locator("th > span");
  await expect(names.first()).toBeVisible();
  for (const name of (await names.all()).slice(0, 6)) expect(await lineCount(name)).toBe(1);
  const first = names.first();
  const [sizeAt, colorAt] = await first.evaluate((el, size) => {
    const text = Array.from(el.childNodes).find((n) => n.nodeType === Node.TEXT_NODE) as Text;
    const at = (i: number) => {
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return r.getBoundingClientRect().x;
    };
    const i = (text.textContent ?? "").indexOf(size);
    return [at(i), at((text.textContent ?? "").lastIndexOf("\u2068") + 1)];
  }, sized?.size ?? "");
  expect(sizeAt).toBeGreaterThan(colorAt);
  await rowsFitWidth(page.getByTestId("variant-grid").getByRole("textbox", { name: /^رمز SKU/ }));
});

test("the product list, the form and the stock page fit a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToSeller(page);
  await page.goto("/seller/products");
  await expect(page.getByTestId("seller-product").first()).toBeVisible();
  expect(await noHorizontalOverflow(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole("link", { name: "Add product" }).first()).toBeInViewport();

  // Selecting rows brings the bulk actions.
  await page.getByLabel("Select all on this page").check();
  await expect(page.getByRole("region", { name: "Bulk actions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  expect(await noHorizontalOverflow(page)).toBe(true);

  await page.goto("/seller/products/new");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeInViewport();
  // The variant grid's SKU box is whole, not cut by the grid scrolling sideways.
  await rowsFitWidth(page.getByTestId("variant-grid").getByRole("textbox", { name: /^SKU of/ }));

  await page.goto("/seller/stock");
  await expect(page.getByRole("heading", { name: "Stock changes" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

for (const [locale, width] of [
  ["en", 1280],
  ["ar", 375],
] as const) {
  /** Signs the owner in at this width and language; their first product's id and saved fields. */
  async function ownersProduct(page: Page, request: APIRequestContext) {
    await page.setViewportSize({ width, height: 800 });
    if (locale === "ar") await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    const owner = await signIn(page, request, "owner3@example.com");
    const headers = { Authorization: `Bearer ${owner.access.token}` };
    const list = await (await request.get("/api/seller/products?per_page=1", { headers })).json();
    const id = list.data.products.data[0].id as number;
    const saved = async () =>
      (await (await request.get(`/api/seller/products/${id}`, { headers })).json()).data.product;
    return { id, saved };
  }

  test(`${locale}, ${width} px: leaving a product with unsaved changes asks first; without changes it does not`, async ({
    page,
    request,
  }) => {
    const sp = shippedTexts(locale, "seller_products");
    const common = shippedTexts(locale, "common");
    const { id, saved } = await ownersProduct(page, request);

    // Opened and left untouched: the link leaves at once.
    await page.goto(`/seller/products/${id}`);
    const name = page.getByRole("textbox", { name: sp("name"), exact: true });
    await expect(name).not.toHaveValue("");
    const back = page.getByRole("link", { name: sp("back_to_products") });
    await back.click();
    await expect(page).toHaveURL(/\/seller\/products$/);

    // Changed: the link asks; Stay keeps the change on the page, Leave drops it.
    await page.goto(`/seller/products/${id}`);
    await name.fill(`${await name.inputValue()} (draft)`);
    await back.click();
    const ask = page.getByRole("dialog", { name: sp("leave_title") });
    await expect(ask).toContainText(sp("leave_text"));
    if (width === 375) await fitsWidth(page);
    await ask.getByRole("button", { name: common("stay") }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/seller/products/${id}$`));
    await expect(name).toHaveValue(/\(draft\)$/);
    await back.click();
    await ask.getByRole("button", { name: common("leave") }).click();
    await expect(page).toHaveURL(/\/seller\/products$/);
    expect((await saved()).name).not.toMatch(/\(draft\)$/);
  });

  test(`${locale}, ${width} px: Save refused for a translation behind another tab shows that tab and its field`, async ({
    page,
    request,
  }) => {
    const sp = shippedTexts(locale, "seller_products");
    const { id, saved } = await ownersProduct(page, request);
    await page.goto(`/seller/products/${id}`);
    const tabs = page.getByRole("tablist", { name: sp("translations") }).getByRole("tab");
    await tabs.last().click();
    const french = page.getByRole("textbox", { name: sp("name_in", { language: "Français" }) });
    // Pasted text can carry an invisible control character, which the contract refuses.
    await french.fill("Tente\u0007 légère");
    await tabs.first().click();
    await expect(french).toBeHidden();
    await page.getByRole("button", { name: sp("save"), exact: true }).click();
    await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
    await expect(french).toBeFocused();
    await expect(french).toHaveAttribute("aria-invalid", "true");
    const error = page.locator(`[id="${await french.getAttribute("aria-describedby")}"]`);
    await expect(error).toHaveText(
      locale === "en"
        ? "The name field must not contain control characters."
        : "يجب ألا يحتوي حقل الاسم على أحرف تحكم.",
    );
    if (width === 375) await fitsWidth(page);
    expect((await saved()).translations.fr?.name ?? "").not.toContain("\u0007");
  });
}
