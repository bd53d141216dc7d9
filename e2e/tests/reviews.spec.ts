import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  deliverOrder,
  demoOwnerOf,
  loginByApi,
  newApprovedShop,
  newestShopNotice,
  type PlainProduct,
  placedOrder,
  plainProducts,
  registerByApi,
  useSession,
} from "./helpers.ts";

// Reviews by buyers (issue 20): a shopper buys, the shop delivers, the shopper reviews with a photo
// from the order page or the account's "to review" list, and the product page shows the new
// rating and the review marked "Verified purchase". Each test has its own shopper and order.

// A real 1x1 PNG: the server checks photos by their content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const SHOTS = process.env.SHOTS_DIR;

/** The summary's count as English says it: "1 review", "2 reviews". */
const reviewsText = (n: number) => (n === 1 ? "1 review" : `${n} reviews`);

const productPath = (p: PlainProduct) => `/products/${p.id}/details/${p.slug}`;

async function api(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

/** A new shopper who bought `product` (cash on delivery) and whose order the shop moved to Delivered. */
async function deliveredOrder(request: APIRequestContext, product: PlainProduct) {
  const who = await registerByApi(request);
  const placed = await placedOrder(request, who.token, {
    productId: product.id,
    shopId: product.shop.id,
    payment: "cash",
  });
  const orderId = placed.orders[0]?.id as number;
  await deliverOrder(request, (await demoOwnerOf(request, product.shop.id)).access.token, orderId);
  return { who, orderId };
}

const reviewCount = async (request: APIRequestContext, product: PlainProduct) =>
  (await (await request.get(`/api/products/${product.id}/reviews?per_page=1`)).json()).data.summary.count as number;

/** Fills the review dialog: stars, text and one photo, then submits it. */
async function fillReview(
  page: Page,
  labels: { stars: string; text: string; photos: RegExp; submit: string },
  text: string,
) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(labels.stars, { exact: true }).check({ force: true });
  await dialog.getByLabel(labels.text).fill(text);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.locator("img")).toHaveCount(1);
  await dialog.getByRole("button", { name: labels.submit }).click();
}

test("a shopper reviews a delivered product with a photo from the order page; the product page shows it verified", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = (await plainProducts(request))[4];
  if (!product) throw new Error("a fifth plain product is needed");
  const { who, orderId } = await deliveredOrder(request, product);
  const before = await reviewCount(request, product);
  await useSession(page, who.token, who.user);

  await page.goto(`/order-history/${orderId}`);
  const line = page.getByTestId("order-item");
  await line.getByRole("button", { name: "Write a review" }).click();
  const text = `Arrived well packed ${Date.now()}`;
  await fillReview(
    page,
    { stars: "4 stars", text: "Your review", photos: /Photos/, submit: "Submit review" },
    `<b>${text}</b>`,
  );
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  // Written once: the line now offers to edit it, not to write a second one.
  await expect(line.getByRole("button", { name: "Edit review" })).toBeVisible();
  await expect(line.getByRole("button", { name: "Write a review" })).toHaveCount(0);

  // The product page: one review more, the new one first, verified, with its photo, as plain text.
  await page.goto(productPath(product));
  const summary = page.getByTestId("review-summary");
  await expect(summary).toContainText(reviewsText(before + 1));
  const review = page.getByTestId("review").filter({ hasText: text });
  await expect(review).toContainText("Verified purchase");
  await expect(review).toContainText(`<b>${text}</b>`);
  await expect(review.getByRole("img", { name: /^Photo by/ })).toHaveCount(1);
  await expect(review.locator("b")).toHaveCount(0);
  // Their own review offers them no helpful vote and no report, while another's does.
  await expect(review.getByRole("button", { name: /^Helpful|^Report/ })).toHaveCount(0);
  const others = page.getByTestId("review").filter({ hasNotText: text }).first();
  await expect(others.getByRole("button", { name: /^Helpful/ })).toBeVisible();

  // A second review of the same line is refused; so is a review of a product never bought.
  const again = await request.post("/api/reviews", {
    headers: { Authorization: `Bearer ${who.token}` },
    data: { order_id: orderId, product_id: product.id, rating: 1, comment: "Second try" },
  });
  expect(again.status()).toBe(409);
  const other = (await plainProducts(request)).find((p) => p.id !== product.id) as PlainProduct;
  const neverBought = await request.post("/api/reviews", {
    headers: { Authorization: `Bearer ${who.token}` },
    data: { order_id: orderId, product_id: other.id, rating: 5, comment: "Never bought" },
  });
  expect(neverBought.status()).toBe(422);
  expect(await reviewCount(request, product)).toBe(before + 1);
});

test("in Arabic on a phone, a shopper reviews from the account's list of products to review", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = (await plainProducts(request))[5] ?? (await plainProducts(request))[4];
  if (!product) throw new Error("a plain product is needed");
  const { who } = await deliveredOrder(request, product);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => localStorage.setItem("locale", "ar"));
  await useSession(page, who.token, who.user);

  await page.goto("/reviews");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "تقييماتي" })).toBeVisible();
  const item = page.getByTestId("to-review-item");
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "اكتب تقييمًا" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The form fits the phone's width.
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBeTruthy();
  // Without stars or text the form says what is missing and sends nothing.
  await dialog.getByRole("button", { name: "إرسال التقييم" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("حقل المراجعة مطلوب.")).toBeVisible();
  // No star chosen is "required", as the empty comment is, not "must be 1 to 5".
  await expect(dialog.getByText("حقل التقييم مطلوب.")).toBeVisible();

  const text = `وصل بحالة ممتازة ${Date.now()}`;
  await fillReview(page, { stars: "5 نجوم", text: "مراجعتك", photos: /الصور/, submit: "إرسال التقييم" }, text);
  await expect(page.getByText("شكرًا لتقييمك!")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId("my-review").filter({ hasText: text })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto(productPath(product));
  const review = page.getByTestId("review").filter({ hasText: text });
  await expect(review).toContainText("شراء موثّق");
  await expect(review.getByRole("img", { name: /^صورة من/ })).toHaveCount(1);
  await expect(review.getByRole("button", { name: /^مفيد|^إبلاغ/ })).toHaveCount(0);

  // The shop answers: the bell says so, in Arabic, and leads to the shopper's reviews, where the
  // reply shows under theirs.
  const [written] = (await api(request, who.token, "/api/reviews/mine")).data;
  const owner = await demoOwnerOf(request, product.shop.id);
  await api(request, owner.access.token, `/api/seller/reviews/${written.id}/reply`, { reply: "شكرًا لك!" });
  await page.getByTestId("notification-bell-user").click();
  const told = page.getByTestId("notification-item").first();
  await expect(told).toContainText("ردّ المتجر على تقييمك لـ");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/review-reply-bell-ar-375.png` });
  await told.click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page.getByTestId("my-review").filter({ hasText: text }).getByTestId("review-reply")).toContainText(
    "شكرًا لك!",
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-reviews-ar-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("the shop replies once from the Seller Centre; a reported review hidden by the operator leaves the product page", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const product = (await plainProducts(request))[6] ?? (await plainProducts(request))[4];
  if (!product) throw new Error("a plain product is needed");
  const { who, orderId } = await deliveredOrder(request, product);
  const text = `Colour differs from the photos ${Date.now()}`;
  await api(request, who.token, "/api/reviews", {
    order_id: orderId,
    product_id: product.id,
    rating: 2,
    comment: text,
  });
  const count = await reviewCount(request, product);

  // The owner answers from the Seller Centre's Reviews page.
  const owner = await demoOwnerOf(request, product.shop.id);
  const seller = waitForApp(await (await browser.newContext()).newPage());
  await useSession(seller, owner.access.token, owner.user);
  await seller.goto("/seller/dashboard");
  await seller.getByRole("navigation", { name: "Section menu" }).getByRole("link", { name: "Reviews" }).click();
  await expect(seller).toHaveURL(/\/seller\/reviews$/);
  await seller.getByRole("button", { name: "Not answered" }).click();
  const mine = seller.getByTestId("review").filter({ hasText: text });
  // each review's Reply names its author, so a list of them reads apart
  await mine.getByRole("button", { name: `Reply to ${who.name}'s review` }).click();
  // The form takes the keyboard; Cancel gives it back to Reply.
  await expect(mine.getByLabel("Your public reply")).toBeFocused();
  await mine.getByRole("button", { name: "Cancel" }).click();
  await expect(mine.getByRole("button", { name: `Reply to ${who.name}'s review` })).toBeFocused();
  await mine.getByRole("button", { name: `Reply to ${who.name}'s review` }).click();
  await mine.getByLabel("Your public reply").fill("Sorry! We will exchange it for free.");
  await mine.getByRole("button", { name: "Publish reply" }).click();
  await expect(seller.getByText("Your reply was published.")).toBeVisible();
  await seller.getByRole("button", { name: "All", exact: true }).click();
  await expect(mine.getByTestId("review-reply")).toContainText("Sorry! We will exchange it for free.");
  await expect(mine.getByRole("button", { name: "Reply" })).toHaveCount(0);

  // Another shopper reports it from the product page; the review still shows with the shop's reply.
  const reporter = await registerByApi(request);
  const shopper = waitForApp(await (await browser.newContext()).newPage());
  await useSession(shopper, reporter.token, reporter.user);
  await shopper.goto(productPath(product));
  const shown = shopper.getByTestId("review").filter({ hasText: text });
  await expect(shown.getByTestId("review-reply")).toContainText("Sorry! We will exchange it for free.");
  await shown.getByRole("button", { name: `Report ${who.name}'s review` }).click();
  await shopper.getByRole("dialog").getByLabel("Reason").fill("Not about the product");
  await shopper.getByRole("dialog").getByRole("button", { name: "Send report" }).click();
  await expect(shopper.getByText("Thank you. The review will be checked.")).toBeVisible();

  // The operator hides it from the queue of reported reviews.
  const admin = await loginByApi(request, "admin@example.com", "password");
  const operator = waitForApp(await (await browser.newContext()).newPage());
  await useSession(operator, admin.access.token, admin.user);
  await operator.goto("/admin/reviews");
  const queued = operator.getByTestId("review").filter({ hasText: text });
  await expect(queued).toContainText("1 report");
  await expect(queued).toContainText("Not about the product");
  await queued.getByRole("button", { name: "Hide" }).click();
  await expect(operator.getByText("The review was hidden.")).toBeVisible();
  await expect(queued).toHaveCount(0);

  await shopper.reload();
  await expect(shopper.getByTestId("review-summary")).toContainText(reviewsText(count - 1));
  await expect(shopper.getByTestId("review").filter({ hasText: text })).toHaveCount(0);
});

test("in Arabic on a phone, a shop's bell tells of a new review and leads to its reviews", async ({
  browser,
  request,
}) => {
  const { shop, product, seller: owner } = await newApprovedShop(request, "Reviewed");
  const who = await registerByApi(request);
  const placed = await placedOrder(request, who.token, { productId: product.id, shopId: shop.id, payment: "cash" });
  const orderId = placed.orders[0]?.id as number;
  await deliverOrder(request, owner.access.token, orderId);
  const comment = `وصل متأخرًا ${Date.now()}`;
  await api(request, who.token, "/api/reviews", { order_id: orderId, product_id: product.id, rating: 2, comment });

  const { page: seller, newest: told } = await newestShopNotice(browser, owner);
  await expect(told).toContainText(`تقييم جديد بنجمتين لـ \u2068${product.name}\u2069.`);
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/shop-review-bell-ar-375.png` });
  await told.click();
  await expect(seller).toHaveURL(/\/seller\/reviews$/);
  await expect(seller.getByTestId("review").filter({ hasText: comment })).toBeVisible();
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
