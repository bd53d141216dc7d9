import {
  AUTH_MESSAGES,
  adminTicketDetails,
  adminUser,
  envelope,
  paginated,
  productDetailsAnswer,
  reviewsAnswer,
  sellerConversationsPage,
  sellerOrderDetailData,
  sellerOrdersData,
  ticketDetails,
  ticketIssueTypesData,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { hashPassword } from "../src/lib/password.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  login,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  type Variant,
  variants,
} from "./order-helpers.ts";

describe.each(dbKinds)("deleting one's own account on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  let v: Variant;
  const PASSWORD = "correct horse battery";

  beforeAll(async () => {
    t = await openTestApp(kind);
    [v] = (await variants(t.dbh)) as [Variant];
    await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => {
    const [me] = await shoppersWithAddress(app, t.dbh, 1);
    if (!me) throw new Error("no shopper");
    await t.dbh.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where("id", "=", me.id)
      .execute();
    return me;
  };
  const erase = (token: string, password = PASSWORD, locale = "en") =>
    app().inject({
      method: "POST",
      url: "/api/profile/delete",
      payload: { current_password: password },
      headers: { authorization: `Bearer ${token}`, "accept-language": locale },
    });
  const userRow = (id: number) =>
    t.dbh.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const rowsOf = async (id: number) => {
    const counts: Record<string, number> = {};
    for (const table of ["addresses", "carts", "favorites", "stock_alerts"] as const) {
      counts[table] = (await t.dbh.db.selectFrom(table).select("id").where("user_id", "=", id).execute()).length;
    }
    return counts;
  };
  const placeOrder = async (me: Shopper) => {
    await addToCart(app, me.token, v, 1);
    const placed = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: "cash" },
      me.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placedOf(placed.body).orders[0] as { id: number; order_code: string };
  };

  it("asks for the password, and refuses while an order is open; nothing changes until it is deleted", async () => {
    const me = await shopper();
    const before = await userRow(me.id);
    const anonymous = await app().inject({
      method: "POST",
      url: "/api/profile/delete",
      payload: { current_password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await erase(me.token, "not it");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([AUTH_MESSAGES.currentPasswordWrong]);
    const empty = await erase(me.token, "");
    expect(empty.statusCode).toBe(422);
    expect((await http.post("/api/profile/delete", { current_password: PASSWORD, extra: 1 }, me.token)).status).toBe(
      422,
    );

    const order = await placeOrder(me);
    const open = await erase(me.token);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: "conflict", message: AUTH_MESSAGES.deleteOpen });
    expect((await erase(me.token, PASSWORD, "ar")).json().message).toBe(
      "لديك طلب أو إرجاع لم يُستكمل بعد: يمكنك حذف حسابك بعد استكماله.",
    );
    const { name, email, phone, password_hash, blocked_at } = before;
    expect(await userRow(me.id)).toMatchObject({ name, email, phone, password_hash, blocked_at });
    expect((await http.get("/api/user", me.token)).status).toBe(200);

    // Once the order is settled (here cancelled), the account can go.
    expect((await http.post(`/api/orders/${order.id}/cancel`, {}, me.token)).status).toBe(200);
    const done = await erase(me.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(AUTH_MESSAGES.deleted);
  });

  it("erases the shopper's personal data and sessions; the shop keeps the order under 'Deleted user'", async () => {
    const me = await shopper();
    const { email } = await userRow(me.id);
    const order = await placeOrder(me);
    const owner = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select("u.email")
      .where("s.id", "=", v.shop_id)
      .executeTakeFirstOrThrow();
    const ownerToken = await login(app, String(owner.email));
    for (const status of ["Confirm", "Processing", "Pickup", "On The Way", "Delivered"]) {
      expect((await http.post(`/api/seller/orders/${order.id}/status`, { status }, ownerToken)).status).toBe(200);
    }
    const review = new FormData();
    for (const [k, value] of Object.entries({ order_id: order.id, product_id: v.id, rating: 4, comment: "Fits well" }))
      review.set(k, String(value));
    expect((await http.send("POST", "/api/reviews", review, me.token)).status).toBe(200);
    expect(
      (await http.post("/api/send-message", { shop_id: v.shop_id, message: "Thanks!", type: "user" }, me.token)).status,
    ).toBe(200);
    const [issue] = envelope(ticketIssueTypesData).parse((await http.get("/api/ticket-issue-types")).body).data
      .issue_types;
    const ticket = await http.post(
      "/api/support-ticket/store",
      { issue_type: String(issue?.id), message: "Where is my invoice?", email: String(email) },
      me.token,
    );
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const ticketNumber = envelope(ticketDetails).parse(ticket.body).data.ticket_number;
    const pageReviews = async () => {
      const res = await http.send("GET", `/api/products/${v.id}/details`, undefined, undefined, {
        "accept-language": "ar",
      });
      const { product } = envelope(productDetailsAnswer).parse(res.body).data;
      return product.reviews.find((r) => r.comment === "Fits well")?.user.name;
    };
    // The product page, kept as it was built, names the shopper...
    const { name } = await userRow(me.id);
    expect(await pageReviews()).toBe(name);
    expect((await http.post("/api/favorite-add-or-remove", { product_id: v.id }, me.token)).status).toBe(200);
    await addToCart(app, me.token, v, 1);
    expect(Object.values(await rowsOf(me.id)).some((n) => n > 0)).toBe(true);

    expect((await erase(me.token)).statusCode).toBe(200);
    expect(await rowsOf(me.id)).toEqual({ addresses: 0, carts: 0, favorites: 0, stock_alerts: 0 });
    expect(await userRow(me.id)).toMatchObject({
      name: "Deleted user",
      email: null,
      phone: null,
      profile_photo: null,
    });
    // Signed out everywhere, and the old email and password no longer sign in.
    expect((await http.get("/api/user", me.token)).status).toBe(401);
    const signIn = await http.post("/api/login", { phone: String(email), password: PASSWORD });
    expect([401, 422]).toContain(signIn.status);
    // The shop's record of the sale stays, without the shopper's name.
    const seen = envelope(sellerOrderDetailData).parse(
      (await http.get(`/api/seller/orders/${order.id}`, ownerToken)).body,
    ).data.order;
    expect(seen.order_status).toBe("Delivered");
    expect(seen.customer?.name).toBe("Deleted user");
    // Others see the account as "Deleted user" in their own language: the shop, shoppers and staff.
    const read = async <T extends z.ZodTypeAny>(schema: T, url: string, token: string | undefined, locale: string) => {
      const res = await http.send("GET", url, undefined, token, { "accept-language": locale });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (envelope(schema).parse(res.body) as { data: z.output<T> }).data;
    };
    const inArabic = "مستخدم محذوف";
    const inFrench = "Utilisateur supprimé";
    const detail = await read(sellerOrderDetailData, `/api/seller/orders/${order.id}`, ownerToken, "ar");
    expect(detail.order.customer?.name).toBe(inArabic);
    const list = await read(sellerOrdersData, "/api/seller/orders?per_page=100", ownerToken, "fr");
    expect(list.orders.data.find((o) => o.id === order.id)?.customer?.name).toBe(inFrench);
    const reviews = await read(reviewsAnswer, `/api/products/${v.id}/reviews?per_page=50`, undefined, "ar");
    expect(reviews.reviews.data.find((r) => r.comment === "Fits well")?.user.name).toBe(inArabic);
    // ...and no longer once the account is erased.
    expect(await pageReviews()).toBe(inArabic);
    const chats = await read(sellerConversationsPage, "/api/seller/conversations", ownerToken, "fr");
    expect(chats.data.find((c) => c.user.id === me.id)?.user.name).toBe(inFrench);
    const adminToken = await login(app, "admin@example.com");
    const users = await read(paginated(adminUser), "/api/admin/users?search=Deleted", adminToken, "ar");
    expect(users.data.find((u) => u.id === me.id)?.name).toBe(inArabic);
    const helped = await read(adminTicketDetails, `/api/admin/support-tickets/${ticketNumber}`, adminToken, "fr");
    expect(helped.customer.name).toBe(inFrench);
    expect(helped.messages[0]?.author.name).toBe(inFrench);
    // The email is free for a new account.
    const again = await http.post("/api/registration", {
      name: "Back Again",
      email,
      phone: `6${String(me.id).padStart(8, "0")}`,
      phone_code: "+1",
      country: "United States",
      password: PASSWORD,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("keeps a shop's owner and an administrator from deleting their account here", async () => {
    const hash = await hashPassword(PASSWORD);
    for (const [email, message] of [
      ["owner1@example.com", AUTH_MESSAGES.deleteOwnsShop],
      ["admin@example.com", AUTH_MESSAGES.deleteAdmin],
    ] as const) {
      const token = await login(app, email);
      await t.dbh.db.updateTable("users").set({ password_hash: hash }).where("email", "=", email).execute();
      const res = await erase(token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
      expect((await http.get("/api/user", token)).status).toBe(200);
    }
  });

  it("an order placed at the moment the account is deleted: one of the two happens, never both", async () => {
    // On PostgreSQL the two requests run side by side; the user's row lock orders them.
    for (let round = 0; round < 8; round++) {
      const me = await shopper();
      await addToCart(app, me.token, v, 1);
      const email = (await userRow(me.id)).email;
      const [erased, placed] = await Promise.all([
        erase(me.token),
        http.post(
          "/api/place-order",
          { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: "cash" },
          me.token,
        ),
      ]);
      const orders = await t.dbh.db.selectFrom("orders").select("id").where("user_id", "=", me.id).execute();
      const row = await userRow(me.id);
      if (erased.statusCode === 200) {
        // Deleted first: the order was not placed, and nothing of it is left.
        expect(placed.status, JSON.stringify(placed.body)).toBeGreaterThanOrEqual(400);
        expect(placed.status).toBeLessThan(500);
        expect(orders).toHaveLength(0);
        expect(row.email).toBeNull();
      } else {
        // Placed first: the deletion was refused for the open order, and the account is as it was.
        expect(erased.statusCode, erased.body).toBe(409);
        expect(erased.json().message).toBe(AUTH_MESSAGES.deleteOpen);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        expect(orders).toHaveLength(1);
        expect(row.email).toBe(email);
      }
    }
  });
});
