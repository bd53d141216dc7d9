import {
  adminReview,
  envelope,
  type MyReview,
  myReviewData,
  notificationsData,
  orderReviewsData,
  paginated,
  productDetailsAnswer,
  REVIEW_MESSAGES,
  reviewsAnswer,
  shopReview,
  toReviewItem,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  login as loginAs,
  placedOf,
  type Shopper,
  setStock,
  shopIdOf,
  shoppersWithAddress,
  type Variant,
  variants,
} from "./order-helpers.ts";
import { newStaff } from "./staff-helpers.ts";

// A real 1x1 PNG: the server checks photos by content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function form(fields: Record<string, string | number>, photos: { name: string; bytes: Buffer }[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
  for (const p of photos) body.append("photos[]", new Blob([new Uint8Array(p.bytes)], { type: "image/png" }), p.name);
  return body;
}

describe.each(dbKinds)("reviews by buyers on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  let mineV: Variant;
  let otherV: Variant;
  let shop1: number;
  let owner1: string;
  let owner2: string;
  let adminToken: string;

  const login = (email: string) => loginAs(app, email);
  const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, token: string | undefined, payload?: unknown) =>
    http.send(method, url, payload, token);

  beforeAll(async () => {
    t = await openTestApp(kind);
    const shopOf = (email: string) => shopIdOf(t.dbh, email);
    shop1 = await shopOf("owner1@example.com");
    const shop2 = await shopOf("owner2@example.com");
    const all = await variants(t.dbh);
    mineV = all.find((v) => v.shop_id === shop1) as Variant;
    otherV = all.find((v) => v.shop_id === shop2) as Variant;
    for (const v of [mineV, otherV]) await setStock(t.dbh, v, 1000);
    [owner1, owner2, adminToken] = [
      await login("owner1@example.com"),
      await login("owner2@example.com"),
      await login("admin@example.com"),
    ];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const order = async (me: Shopper, v: Variant) => {
    await addToCart(app, me.token, v, 1);
    const res = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: "cash" },
      me.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (placedOf(res.body).orders[0] as { id: number }).id;
  };
  const deliver = async (id: number, token = owner1) => {
    for (const status of ["Confirm", "Processing", "Pickup", "On The Way", "Delivered"]) {
      const res = await http.post(`/api/seller/orders/${id}/status`, { status }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  };
  const delivered = async (me: Shopper, v = mineV) => {
    const id = await order(me, v);
    await deliver(id, v === mineV ? owner1 : owner2);
    return id;
  };
  const write = (
    token: string,
    fields: Record<string, string | number>,
    photos: { name: string; bytes: Buffer }[] = [],
  ) => send("POST", "/api/reviews", token, form(fields, photos));
  const productPage = async (productId: number, query = "", token?: string) => {
    const res = await send("GET", `/api/products/${productId}/reviews${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(reviewsAnswer).parse(res.body).data;
  };
  /** The product's Arabic name, as the storefront shows it in Arabic. */
  /** The product's name in `locale` (the demo products have one in each shipped language). */
  const nameIn = async (locale: string, productId: number) => {
    const row = await t.dbh.db
      .selectFrom("products")
      .select("i18n")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
    const name = JSON.parse(row.i18n)[locale]?.name as string;
    expect(name).toBeTruthy();
    return name;
  };
  const arNameOf = (productId: number) => nameIn("ar", productId);
  const inArabic = (url: string, token: string) => http.send("GET", url, undefined, token, { "accept-language": "ar" });
  const productRow = (id: number) =>
    t.dbh.db.selectFrom("products").select(["rating", "total_reviews"]).where("id", "=", id).executeTakeFirstOrThrow();
  const shopRow = (id: number) =>
    t.dbh.db.selectFrom("shops").select(["rating", "total_reviews"]).where("id", "=", id).executeTakeFirstOrThrow();
  /** The average of every shown review of the shop's products, counted here independently. */
  const shopAverage = async (shopId: number) => {
    const rows = await t.dbh.db
      .selectFrom("reviews as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .select("r.rating")
      .where("p.shop_id", "=", shopId)
      .where("r.status", "!=", "hidden")
      .execute();
    return rows.reduce((s, r) => s + Number(r.rating), 0) / rows.length;
  };

  it("refuses a review without a token, of an undelivered order, of a product not bought and of another shopper's order", async () => {
    const me = await shopper();
    const other = await shopper();
    const pending = await order(me, mineV);
    const fields = { order_id: pending, product_id: mineV.id, rating: 5, comment: "Great" };
    expect((await write("", fields)).status).toBe(401);

    const notYet = await write(me.token, fields);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(REVIEW_MESSAGES.notDelivered);

    await deliver(pending);
    const neverBought = await write(me.token, { ...fields, product_id: otherV.id });
    expect(neverBought.status).toBe(422);
    expect(neverBought.body.errors.product_id).toEqual([REVIEW_MESSAGES.notInOrder]);

    for (const res of [
      await write(other.token, fields),
      await send("GET", `/api/orders/${pending}/reviews`, other.token),
    ]) {
      expect(res.status).toBe(404);
    }
    const bad = await write(me.token, { ...fields, rating: 6, comment: "" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["comment", "rating"]);
    expect(await t.dbh.db.selectFrom("reviews").select("id").where("order_id", "=", pending).execute()).toEqual([]);
  });

  it("refuses a review by someone who sells for the product's shop", async () => {
    const me = await shopper();
    const id = await delivered(me);
    await t.dbh.db
      .insertInto("shop_staff")
      .values({ shop_id: shop1, user_id: me.id, role: "orders", created_at: new Date().toISOString() })
      .execute();
    const res = await write(me.token, { order_id: id, product_id: mineV.id, rating: 5, comment: "Best ever" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REVIEW_MESSAGES.ownShop);
    expect(await t.dbh.db.selectFrom("reviews").select("id").where("order_id", "=", id).execute()).toEqual([]);
    // Once they no longer work there, they are a buyer like any other.
    await t.dbh.db.deleteFrom("shop_staff").where("user_id", "=", me.id).execute();
    expect((await write(me.token, { order_id: id, product_id: mineV.id, rating: 4, comment: "Fine" })).status).toBe(
      200,
    );
  });

  it("takes one review per product of a delivered order, with photos checked by content, marked verified purchase", async () => {
    const me = await shopper();
    const id = await delivered(me);
    const before = await productRow(mineV.id);

    const forged = await write(me.token, { order_id: id, product_id: mineV.id, rating: 4, comment: "Nice" }, [
      { name: "fake.png", bytes: Buffer.from("<script>alert(1)</script>") },
    ]);
    expect(forged.status).toBe(422);
    expect(forged.body.errors.photos).toEqual([REVIEW_MESSAGES.photoBadType]);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    expect(
      (await write(me.token, { order_id: id, product_id: mineV.id, rating: 4, comment: "Nice" }, five)).status,
    ).toBe(422);

    const res = await write(me.token, { order_id: id, product_id: mineV.id, rating: 4, comment: "<b>Nice</b> shirt" }, [
      { name: "a.png", bytes: PNG },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = envelope(myReviewData).parse(res.body).data.review;
    expect(mine).toMatchObject({
      order_id: id,
      rating: 4,
      comment: "<b>Nice</b> shirt",
      can_edit: true,
      status: "visible",
    });
    expect(mine.photos).toHaveLength(1);
    expect(mine.photos[0]?.url).toMatch(/^\/uploads\/reviews\/[0-9a-f-]{36}\.png$/);

    const again = await write(me.token, { order_id: id, product_id: mineV.id, rating: 1, comment: "Again" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_MESSAGES.alreadyReviewed);

    const page = await productPage(mineV.id);
    const shown = page.reviews.data.find((r) => r.id === mine.id);
    expect(shown).toMatchObject({ verified_purchase: true, comment: "<b>Nice</b> shirt", helpful_count: 0 });
    expect(shown?.photos).toEqual([mine.photos[0]?.url]);
    const after = await productRow(mineV.id);
    expect(Number(after.total_reviews)).toBe(Number(before.total_reviews) + 1);
    expect(page.summary.count).toBe(Number(after.total_reviews));
    expect(page.summary.counts["4"]).toBeGreaterThanOrEqual(1);
    // Seeded reviews came with no order: they are not verified purchases.
    const seeded = await t.dbh.db
      .selectFrom("reviews")
      .select(["id", "product_id"])
      .where("order_id", "is", null)
      .executeTakeFirstOrThrow();
    const seededPage = await productPage(Number(seeded.product_id), "?per_page=100");
    expect(seededPage.reviews.data.find((r) => r.id === Number(seeded.id))?.verified_purchase).toBe(false);

    const orderState = envelope(orderReviewsData).parse(
      (await send("GET", `/api/orders/${id}/reviews`, me.token)).body,
    ).data;
    expect(orderState.can_review).toBe(true);
    expect(orderState.products).toEqual([{ product_id: mineV.id, review: expect.objectContaining({ id: mine.id }) }]);
    const toReview = await send("GET", "/api/reviews/to-review", me.token);
    expect(envelope(paginated(toReviewItem)).parse(toReview.body).data.total).toBe(0);
  });

  it("says when an order was delivered, not when it last changed (a return request changes it)", async () => {
    const me = await shopper();
    const id = await delivered(me);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await t.dbh.db
      .updateTable("order_status_history")
      .set({ created_at: twoDaysAgo })
      .where("order_id", "=", id)
      .where("status", "=", "Delivered")
      .execute();
    const line = await t.dbh.db
      .selectFrom("order_products")
      .select("id")
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    const body = new FormData();
    body.set("reason", "The colour is not as shown.");
    body.set("lines", JSON.stringify([{ order_product_id: Number(line.id), quantity: 1 }]));
    expect((await send("POST", `/api/orders/${id}/returns`, me.token, body)).status).toBe(200);

    const list = envelope(paginated(toReviewItem)).parse(
      (await send("GET", "/api/reviews/to-review", me.token)).body,
    ).data;
    expect(list.data.map((i) => [i.order_id, new Date(i.delivered_at).toISOString()])).toEqual([[id, twoDaysAgo]]);
  });

  it("lists the products of delivered orders still to review", async () => {
    const me = await shopper();
    const id = await delivered(me);
    await order(me, mineV); // pending: not yet
    const list = envelope(paginated(toReviewItem)).parse(
      (await send("GET", "/api/reviews/to-review", me.token)).body,
    ).data;
    expect(list.data.map((i) => [i.order_id, i.product.id])).toEqual([[id, mineV.id]]);

    // In the shopper's language, as the rest of the storefront names the product.
    const arName = await arNameOf(mineV.id);
    const ar = envelope(paginated(toReviewItem)).parse((await inArabic("/api/reviews/to-review", me.token)).body).data;
    expect(ar.data.map((i) => i.product.name)).toEqual([arName]);
    expect((await write(me.token, { order_id: id, product_id: mineV.id, rating: 5, comment: "Great" })).status).toBe(
      200,
    );
    expect((await inArabic("/api/reviews/mine", me.token)).body.data.data[0].product.name).toBe(arName);
  });

  it("counts two reviews of the same line sent at once as one", async () => {
    const me = await shopper();
    const id = await delivered(me);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        write(me.token, { order_id: id, product_id: mineV.id, rating: 5, comment: `Race ${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.dbh.db.selectFrom("reviews").select("id").where("order_id", "=", id).execute();
    expect(rows).toHaveLength(1);
  });

  it("updates the product's and the shop's rating and the visitors' product page when a review lands, changes or goes", async () => {
    const me = await shopper();
    const id = await delivered(me);
    // A visitor's answer is kept a few seconds; it must not hide the change.
    const details = async () =>
      envelope(productDetailsAnswer).parse((await send("GET", `/api/products/${mineV.id}/details`, undefined)).body)
        .data.product;
    const first = await details();

    const res = await write(me.token, { order_id: id, product_id: mineV.id, rating: 1, comment: "Broke at once" });
    expect(res.status).toBe(200);
    const reviewId = res.body.data.review.id as number;
    const landed = await details();
    expect(landed.total_reviews).toBe(first.total_reviews + 1);
    expect(landed.review_summary.count).toBe(first.review_summary.count + 1);
    const row = await productRow(mineV.id);
    expect(Number(row.rating)).toBeCloseTo(landed.review_summary.average, 0);
    expect(Number((await shopRow(shop1)).rating)).toBeCloseTo(await shopAverage(shop1), 5);

    const edited = await send(
      "PUT",
      `/api/reviews/${reviewId}`,
      me.token,
      form({ rating: 5, comment: "Works after all" }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.review).toMatchObject({ rating: 5, comment: "Works after all" });
    expect(edited.body.data.review.updated_at).not.toBeNull();
    expect(Number((await shopRow(shop1)).rating)).toBeCloseTo(await shopAverage(shop1), 5);
    expect((await details()).reviews.find((r) => r.id === reviewId)?.rating).toBe(5);

    const gone = await send("DELETE", `/api/reviews/${reviewId}`, me.token);
    expect(gone.status).toBe(200);
    expect((await details()).total_reviews).toBe(first.total_reviews);
    expect(Number((await shopRow(shop1)).rating)).toBeCloseTo(await shopAverage(shop1), 5);
    // Deleted: another shopper's delete or edit of it is a 404 like any other's review.
    expect((await send("DELETE", `/api/reviews/${reviewId}`, me.token)).status).toBe(404);
  });

  it("edits only within 30 days, and only the author", async () => {
    const me = await shopper();
    const other = await shopper();
    const id = await delivered(me);
    const res = await write(me.token, { order_id: id, product_id: mineV.id, rating: 3, comment: "Fine" }, [
      { name: "a.png", bytes: PNG },
    ]);
    const reviewId = res.body.data.review.id as number;
    const photoId = res.body.data.review.photos[0].id as number;

    expect((await send("PUT", `/api/reviews/${reviewId}`, other.token, form({ rating: 1, comment: "x" }))).status).toBe(
      404,
    );
    expect((await send("DELETE", `/api/reviews/${reviewId}`, other.token)).status).toBe(404);

    const keepNone = await send(
      "PUT",
      `/api/reviews/${reviewId}`,
      me.token,
      form({ rating: 4, comment: "Better", keep_photos: "" }),
    );
    expect(keepNone.body.data.review.photos).toEqual([]);
    expect(photoId).toBeGreaterThan(0);

    // Written 29, then 31 days ago (moving the clock would expire the test's session too).
    const writtenDaysAgo = (days: number) =>
      t.dbh.db
        .updateTable("reviews")
        .set({ created_at: new Date(clock.ms() - days * 86_400_000).toISOString() })
        .where("id", "=", reviewId)
        .execute();
    await writtenDaysAgo(29);
    expect(
      (await send("PUT", `/api/reviews/${reviewId}`, me.token, form({ rating: 4, comment: "Day 29" }))).status,
    ).toBe(200);
    await writtenDaysAgo(31);
    const late = await send("PUT", `/api/reviews/${reviewId}`, me.token, form({ rating: 2, comment: "Day 31" }));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(REVIEW_MESSAGES.editWindowOver);
    const mine = (await send("GET", "/api/reviews/mine", me.token)).body.data.data;
    expect(mine[0]).toMatchObject({ id: reviewId, comment: "Day 29", can_edit: false });
    // Deleting stays possible after the window.
    expect((await send("DELETE", `/api/reviews/${reviewId}`, me.token)).status).toBe(200);
  });

  it("counts one helpful vote per shopper, also when the votes arrive at once", async () => {
    const author = await shopper();
    const id = await delivered(author);
    const reviewId = (await write(author.token, { order_id: id, product_id: mineV.id, rating: 5, comment: "Good" }))
      .body.data.review.id as number;
    const vote = (token: string) => send("POST", `/api/reviews/${reviewId}/helpful`, token);

    expect((await vote(author.token)).status).toBe(403);
    const voter = await shopper();
    // The same shopper clicking many times at once: one vote.
    const burst = await Promise.all(Array.from({ length: 8 }, () => vote(voter.token)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    // Other shoppers at once: one each.
    const others = await shoppersWithAddress(app, t.dbh, 5);
    await Promise.all(others.map((o) => vote(o.token)));
    const row = await t.dbh.db
      .selectFrom("reviews")
      .select("helpful_count")
      .where("id", "=", reviewId)
      .executeTakeFirstOrThrow();
    expect(Number(row.helpful_count)).toBe(6);
    const votes = await t.dbh.db
      .selectFrom("review_votes")
      .select("user_id")
      .where("review_id", "=", reviewId)
      .execute();
    expect(votes).toHaveLength(6);

    const asVoter = await productPage(mineV.id, "?per_page=100", voter.token);
    expect(asVoter.reviews.data.find((r) => r.id === reviewId)).toMatchObject({
      helpful_count: 6,
      voted_helpful: true,
      mine: false,
    });
    const asVisitor = await productPage(mineV.id, "?per_page=100&sort=lowest");
    expect(asVisitor.reviews.data.find((r) => r.id === reviewId)).toMatchObject({ voted_helpful: false, mine: false });
    // Its author is told it is theirs, so the page offers them no vote or report on it.
    const asAuthor = await productPage(mineV.id, "?per_page=100&sort=highest", author.token);
    expect(asAuthor.reviews.data.find((r) => r.id === reviewId)?.mine).toBe(true);
  });

  it("sorts by stars, filters by star and by photos", async () => {
    const page = await productPage(mineV.id, "?sort=highest&per_page=100");
    const stars = page.reviews.data.map((r) => r.rating);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    const low = (await productPage(mineV.id, "?sort=lowest&per_page=100")).reviews.data.map((r) => r.rating);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const fives = await productPage(mineV.id, "?rating=5&per_page=100");
    expect(fives.reviews.data.every((r) => r.rating === 5)).toBe(true);
    expect(fives.reviews.total).toBe(fives.summary.counts["5"]);

    const me = await shopper();
    const id = await delivered(me);
    await write(me.token, { order_id: id, product_id: mineV.id, rating: 2, comment: "Pictured" }, [
      { name: "a.png", bytes: PNG },
    ]);
    const withPhotos = await productPage(mineV.id, "?photos=1");
    expect(withPhotos.reviews.data.length).toBeGreaterThan(0);
    expect(withPhotos.reviews.data.every((r) => r.photos.length > 0)).toBe(true);
    expect((await send("GET", `/api/products/${mineV.id}/reviews?sort=best`, undefined)).status).toBe(422);
  });

  it("lets the shop reply once from the Seller Centre; another shop's review is a 404", async () => {
    const me = await shopper();
    const id = await delivered(me);
    // The shop's bell names the product in the language it is read in, whatever the owner's mails are in.
    await t.dbh.db.updateTable("users").set({ locale: "fr" }).where("email", "=", "owner1@example.com").execute();
    const reviewId = (await write(me.token, { order_id: id, product_id: mineV.id, rating: 2, comment: "Late" })).body
      .data.review.id as number;
    const shopBell = async (locale: string) =>
      envelope(notificationsData).parse(
        (await http.send("GET", "/api/seller/notifications", undefined, owner1, { "accept-language": locale })).body,
      ).data.data[0];
    expect(await shopBell("fr")).toMatchObject({
      kind: "review_posted",
      order_id: id,
      params: { product: await nameIn("fr", mineV.id), product_id: mineV.id, rating: 2 },
    });
    expect((await shopBell("ar"))?.params.product).toBe(await arNameOf(mineV.id));

    const list = await send("GET", "/api/seller/reviews?filter=unreplied&per_page=100", owner1);
    expect(list.status).toBe(200);
    const reviews = envelope(paginated(shopReview)).parse(list.body).data.data;
    expect(reviews.some((r) => r.id === reviewId)).toBe(true);
    expect(reviews.every((r) => r.reply === null)).toBe(true);
    // In the seller's language, as the storefront names the product.
    const arList = envelope(paginated(shopReview)).parse(
      (await inArabic("/api/seller/reviews?per_page=100", owner1)).body,
    ).data.data;
    expect(arList.find((r) => r.id === reviewId)?.product.name).toBe(await arNameOf(mineV.id));

    const reply = (token: string, text = "Sorry, we fixed our courier.") =>
      send("POST", `/api/seller/reviews/${reviewId}/reply`, token, { reply: text });
    expect((await reply(owner2)).status).toBe(404);
    const productStaff = await newStaff(t.dbh, shop1, "products");
    expect((await reply(productStaff)).status).toBe(403);
    expect((await reply(me.token)).status).toBe(403);

    // The author's bell names the product in the language it is read in, whatever the seller's.
    await t.app.jobs.idle();
    const unreadBefore = (await http.get("/api/notifications/unread", me.token)).body.data.unread as number;
    await t.dbh.db.updateTable("users").set({ locale: "fr" }).where("id", "=", me.id).execute();
    const first = await reply(owner1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.review.reply.text).toBe("Sorry, we fixed our courier.");
    const told = envelope(notificationsData).parse((await inArabic("/api/notifications", me.token)).body).data;
    expect(told.unread).toBe(unreadBefore + 1);
    expect(told.data[0]).toMatchObject({
      kind: "review_replied",
      order_id: id,
      params: { product: await arNameOf(mineV.id), product_id: mineV.id },
    });
    // The reply shows under the review in the shopper's own list.
    const mine = (await http.get("/api/reviews/mine?per_page=100", me.token)).body.data.data as MyReview[];
    expect(mine.find((r) => r.id === reviewId)?.reply?.text).toBe("Sorry, we fixed our courier.");
    const second = await reply(await newStaff(t.dbh, shop1, "orders"), "Another answer");
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(REVIEW_MESSAGES.alreadyReplied);

    const shown = (await productPage(mineV.id, "?per_page=100")).reviews.data.find((r) => r.id === reviewId);
    expect(shown?.reply?.text).toBe("Sorry, we fixed our courier.");
    const owner2List = envelope(paginated(shopReview)).parse(
      (await send("GET", "/api/seller/reviews?per_page=100", owner2)).body,
    );
    expect(owner2List.data.data.some((r) => r.id === reviewId)).toBe(false);
  });

  it("queues a reported review for the operator, who hides it from the product page and the averages (audited)", async () => {
    const me = await shopper();
    const id = await delivered(me);
    const reviewId = (await write(me.token, { order_id: id, product_id: mineV.id, rating: 1, comment: "Spam spam" }))
      .body.data.review.id as number;
    const reporter = await shopper();

    const report = (token: string) =>
      send("POST", `/api/reviews/${reviewId}/report`, token, { reason: "Not about the product" });
    expect((await report(me.token)).status).toBe(403);
    expect((await send("POST", `/api/reviews/${reviewId}/report`, reporter.token, { reason: "" })).status).toBe(422);
    const first = await report(reporter.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: "Thank you. The review will be checked.", data: { reported: true } });
    // A second report by the same person is said to be one: the first stands, the reason is not added.
    const repeated = await report(reporter.token);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toMatchObject({
      message: "You have already reported this review. It will be checked.",
      data: { reported: false },
    });
    expect((await report(owner1)).status).toBe(200);

    expect((await send("GET", "/api/admin/reviews", me.token)).status).toBe(403);
    const queue = envelope(paginated(adminReview)).parse(
      (await send("GET", "/api/admin/reviews?per_page=100", adminToken)).body,
    ).data.data;
    const queued = queue.find((r) => r.id === reviewId);
    expect(queued).toMatchObject({ status: "reported", report_count: 2 });
    const arQueue = envelope(paginated(adminReview)).parse(
      (await inArabic("/api/admin/reviews?per_page=100", adminToken)).body,
    ).data.data;
    expect(arQueue.find((r) => r.id === reviewId)?.product.name).toBe(await arNameOf(mineV.id));
    // Reported but not decided: still shown.
    expect((await productPage(mineV.id, "?per_page=100")).reviews.data.some((r) => r.id === reviewId)).toBe(true);
    const countBefore = (await productRow(mineV.id)).total_reviews;

    const hide = await send("POST", `/api/admin/reviews/${reviewId}/hide`, adminToken);
    expect(hide.status).toBe(200);
    expect(hide.body.data.review.status).toBe("hidden");
    const page = await productPage(mineV.id, "?per_page=100");
    expect(page.reviews.data.some((r) => r.id === reviewId)).toBe(false);
    expect(Number((await productRow(mineV.id)).total_reviews)).toBe(Number(countBefore) - 1);
    expect(page.summary.count).toBe(Number(countBefore) - 1);
    expect(Number((await shopRow(shop1)).rating)).toBeCloseTo(await shopAverage(shop1), 5);
    expect((await send("POST", `/api/reviews/${reviewId}/helpful`, reporter.token)).status).toBe(404);
    // Its writer may not delete it to post a new, visible one for the same product of the order.
    const mine = (await send("GET", "/api/reviews/mine?per_page=100", me.token)).body.data.data as MyReview[];
    expect(mine.find((r) => r.id === reviewId)).toMatchObject({ status: "hidden", can_delete: false });
    const removed = await send("DELETE", `/api/reviews/${reviewId}`, me.token);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(REVIEW_MESSAGES.hiddenStays);
    const again = await write(me.token, { order_id: id, product_id: mineV.id, rating: 5, comment: "Great" });
    expect(again.status).toBe(409);
    expect((await productPage(mineV.id, "?per_page=100")).reviews.data.some((r) => r.id === reviewId)).toBe(false);

    const audit = await t.dbh.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "review")
      .where("entity_id", "=", String(reviewId))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["hide"]);

    // Keeping takes a review out of the queue and leaves it shown.
    const other = await shopper();
    const id2 = await delivered(other);
    const keptId = (await write(other.token, { order_id: id2, product_id: mineV.id, rating: 4, comment: "Honest" }))
      .body.data.review.id as number;
    await send("POST", `/api/reviews/${keptId}/report`, reporter.token, { reason: "Fake" });
    expect((await send("POST", `/api/admin/reviews/${keptId}/keep`, adminToken)).body.data.review.status).toBe("kept");
    const after = envelope(paginated(adminReview)).parse(
      (await send("GET", "/api/admin/reviews?per_page=100", adminToken)).body,
    ).data.data;
    expect(after.some((r) => r.id === keptId || r.id === reviewId)).toBe(false);
    expect((await productPage(mineV.id, "?per_page=100")).reviews.data.some((r) => r.id === keptId)).toBe(true);

    // What was kept is the text the operator read: an edited review can be reported again.
    const edited = await send("PUT", `/api/reviews/${keptId}`, other.token, form({ rating: 1, comment: "Changed" }));
    expect(edited.status).toBe(200);
    const mineAfter = (await send("GET", "/api/reviews/mine?per_page=100", other.token)).body.data.data as MyReview[];
    expect(mineAfter.find((r) => r.id === keptId)?.status).toBe("visible");
    const secondReporter = await shopper();
    await send("POST", `/api/reviews/${keptId}/report`, secondReporter.token, { reason: "Abusive now" });
    const requeued = envelope(paginated(adminReview)).parse(
      (await send("GET", "/api/admin/reviews?per_page=100", adminToken)).body,
    ).data.data;
    expect(requeued.find((r) => r.id === keptId)?.comment).toBe("Changed");
  });
});
