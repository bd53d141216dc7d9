import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { fitsWidth, inviteLinkFor, newApprovedShop, serverSays, signIn } from "./helpers.ts";

// The Seller Centre's shop (issue 16, items 8, 9 and 10): the owner edits the shop profile in two
// languages and the storefront shows it; the dashboard draws its chart; the owner invites a staff
// member with the products role, who joins through the mailed link and sees only their sections.
// Each page in Arabic (rtl) and on a 375 px phone.

async function signInToSeller(page: Page, email: string, password = "password") {
  await page.goto("/seller");
  await page.getByLabel("Email or Phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/seller\/[a-z]+/);
}

test("the owner edits the shop's description in English and Arabic and the storefront shows both", async ({ page }) => {
  const stamp = Date.now();
  const en = `Hand-picked goods, restocked every week (${stamp}).`;
  const ar = `منتجات مختارة بعناية، نعيد تعبئتها كل أسبوع (${stamp}).`;
  await signInToSeller(page, "owner6@example.com");
  await page.goto("/seller/shop");
  await expect(page.getByRole("heading", { name: "Shop profile", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Description" }).first().fill(en);
  await page.getByTestId("shop-translation-ar").getByRole("textbox", { name: "Description" }).fill(ar);
  await page.getByRole("textbox", { name: "Estimated delivery time" }).fill("2-3 days");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Shop profile saved.")).toBeVisible();

  const href = await page.getByRole("link", { name: "View the shop in the store" }).getAttribute("href");
  expect(href).toMatch(/^\/shops\/\d+$/);
  await page.goto(href as string);
  await expect(page.getByText(en)).toBeVisible();
  // Shown in the visitor's language: "2–3 days", "من ٢ إلى ٣ أيام" (issue 19 item 6).
  await expect(page.getByText("2–3 days")).toBeVisible();

  await page.evaluate(() => localStorage.setItem("locale", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(ar)).toBeVisible();
  await expect(page.getByText(/^من (2|٢) إلى (3|٣) أيام$/)).toBeVisible();
});

test("a closed shop says so on its page and on its products' pages", async ({ page, request }) => {
  // A shop of its own: the other specs order from the demo shops meanwhile.
  const own = await newApprovedShop(request, "Closable");
  await signInToSeller(page, own.email, own.password);
  await page.goto("/seller/shop");
  const open = page.getByRole("checkbox", { name: "The shop is open and takes orders" });
  await open.uncheck();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Shop profile saved.")).toBeVisible();
  const href = (await page.getByRole("link", { name: "View the shop in the store" }).getAttribute("href")) as string;
  await page.goto(href);
  await expect(page.getByTestId("shop-closed")).toHaveText("This shop is closed right now and is not taking orders.");

  const shopId = Number(href.split("/").pop());
  const { data } = await (await request.get(`/api/products?shop_id=${shopId}&per_page=1`)).json();
  const product = data.data[0] as { id: number; slug: string };
  await page.goto(`/products/${product.id}/details/${product.slug}`);
  await expect(page.getByTestId("shop-closed")).toBeVisible();

  await page.goto("/seller/shop");
  await open.check();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Shop profile saved.")).toBeVisible();
});

test("the dashboard shows the shop's figures and draws the daily sales chart", async ({ page }) => {
  await signInToSeller(page, "owner1@example.com");
  await page.goto("/seller/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sales-today")).toContainText("$");
  await expect(page.getByRole("heading", { name: "Orders by status" })).toBeVisible();
  const chart = page.getByTestId("sales-chart");
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  // the days along the bottom and the amounts along the side are drawn as text
  await expect(chart.getByRole("application")).toContainText(/\d/);
  // A keyboard stop with a name, the section's.
  await expect(chart.getByRole("application")).toHaveAccessibleName("Daily sales, last 30 days");

  // A best seller opens its product's page, to restock or edit it.
  const best = page
    .getByRole("region", { name: /^Top products/ })
    .getByRole("link")
    .first();
  const name = (await best.textContent()) ?? "";
  await best.click();
  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
});

test("the owner invites a products-role member who joins by the mailed link and sees only their sections", async ({
  page,
  browser,
  request,
}) => {
  const email = `staff-${Date.now()}@example.com`;
  await signInToSeller(page, "owner7@example.com");
  await page.goto("/seller/staff");
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Role" }).selectOption("products");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  await expect(page.getByTestId("invite-list")).toContainText(email);

  const path = await inviteLinkFor(request, email);
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto(path);
  await expect(staff.getByRole("heading", { name: /^Join / })).toBeVisible();
  // Whom the invitation is for, and with what role, in one sentence.
  await expect(staff.getByText(/^This invitation is for/)).toHaveText(
    `This invitation is for \u2068${email}\u2069, with the Products role.`,
  );
  await staff.getByRole("textbox", { name: "Your name" }).fill("Nadia Staff");
  await staff.getByLabel("Password", { exact: true }).fill("staff-pass-123");
  await staff.getByLabel("Confirm password", { exact: true }).fill("staff-pass-123");
  await staff.getByRole("button", { name: "Join the shop" }).click();

  await expect(staff).toHaveURL(/\/seller\/products/);
  const menu = staff.getByRole("navigation", { name: "Section menu" });
  await expect(menu.getByRole("link", { name: "Products" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Orders" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Staff" })).toHaveCount(0);

  // The owner sees the new member in the list.
  await page.reload();
  await expect(page.getByTestId("member-list")).toContainText(email);

  await staff.goto("/seller/orders");
  await expect(staff.getByText("Your role in this shop does not include this section.")).toBeVisible();

  // Removed by the owner, the member's open Seller Centre says the account has no shop now.
  await page.getByRole("button", { name: "Remove Nadia Staff" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("button", { name: "Remove Nadia Staff" })).toHaveCount(0);
  await staff.goto("/seller/products");
  await expect(staff.getByText("This account does not own or work for a shop.")).toBeVisible();
  await expect(staff.getByRole("navigation", { name: "Section menu" })).toHaveCount(0);
  await context.close();
});

test("the shop pages read right to left in Arabic and fit a 375 px phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await signIn(page, request, "owner2@example.com");

  await page.goto("/seller/dashboard");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "لوحة التحكم", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sales-chart").locator("svg.recharts-surface").first()).toBeVisible();
  await fitsWidth(page);

  await page.goto("/seller/shop");
  await expect(page.getByRole("heading", { name: "ملف المتجر", level: 1 })).toBeVisible();
  await fitsWidth(page);
  await page.getByRole("button", { name: "حفظ الملف" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "حفظ الملف" })).toBeInViewport();
  // The delivery time written the Arabic way (its digits, its word for days) is saved as the same time.
  const delivery = page.getByRole("textbox", { name: "مدة التوصيل المتوقعة" });
  const kept = await delivery.inputValue();
  // Shown in the seller's language, not as it is stored ("2-4 days").
  expect(kept).toMatch(/^\d+(-\d+)? أيام$/);
  const [from, to] = kept.match(/\d+/g) ?? [];
  const arabic = (n: string | undefined) => [...(n ?? "")].map((d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]).join("");
  await delivery.fill(to ? `${arabic(from)}–${arabic(to)} أيام` : `${arabic(from)} أيام`);
  await page.getByRole("button", { name: "حفظ الملف" }).click();
  await expect(page.getByText(serverSays("ar", "Shop profile saved."))).toBeVisible();
  await expect(delivery).toHaveValue(kept);

  await page.goto("/seller/staff");
  await expect(page.getByRole("heading", { name: "الموظفون", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "إرسال الدعوة" })).toBeInViewport();
  await fitsWidth(page);

  // The invitation page, opened by someone not signed in.
  const token = await (async () => {
    const login = await request.post("/api/login", { data: { phone: "owner2@example.com", password: "password" } });
    const auth = { authorization: `Bearer ${(await login.json()).data.access.token}` };
    const email = `ar-staff-${Date.now()}@example.com`;
    const res = await request.post("/api/seller/invites", { headers: auth, data: { email, role: "orders" } });
    expect(res.ok()).toBeTruthy();
    return (await inviteLinkFor(request, email)).split("/").pop() as string;
  })();
  await page.evaluate(() => localStorage.removeItem("auth"));
  await page.goto(`/staff-invite/${token}`);
  await expect(page.getByRole("heading", { name: "دعوة موظف", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "الانضمام إلى المتجر" })).toBeVisible();
  await fitsWidth(page);
});
