import {
  CONTACT_NO_CODE,
  envelope,
  guestLoginData,
  ORDER_MESSAGES,
  sellerOrderDetailData,
  userData,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client as authClient, nextIp } from "./auth-helpers.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { tokenFor } from "./chat-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { addToCart, HOME_ADDRESS, placedOf, setStock, type Variant, variants } from "./order-helpers.ts";

// Guest checkout: a guest says where the order mail goes, the mail goes there after the order is
// placed, the seller sees that contact, and the guest can turn the account into a full one.

describe.each(dbKinds)("guest checkout on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const auth = authClient(app);
  let v: Variant;

  beforeAll(async () => {
    t = await openTestApp(kind);
    [v] = (await variants(t.dbh)) as [Variant];
    await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new guest with an address and one unit of `v` in the cart. */
  async function guestWithLine() {
    const res = await auth.post("/api/guest_login", {}, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const guest = envelope(guestLoginData).parse(res.json()).data;
    const token = guest.access.token;
    const address = await http.post("/api/address/store", HOME_ADDRESS, token);
    expect(address.status).toBe(200);
    await addToCart(app, token, v, 1);
    return { guest, token, addressId: address.body.data.address.id as number };
  }
  const place = (token: string, addressId: number, extra: Record<string, unknown> = {}) =>
    http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: addressId, payment_method: "cash", ...extra },
      token,
    );
  const outboxFor = async (recipient: string) => {
    await t.app.jobs.idle(); // an order's mails are written by its notification job
    return t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", recipient).orderBy("id").execute();
  };
  const orderCount = async (userId: number) =>
    Number(
      (
        await t.dbh.db
          .selectFrom("orders")
          .select((e) => e.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a guest's order without a contact, or with one that is neither email nor phone", async () => {
    const g = await guestWithLine();
    const missing = await place(g.token, g.addressId);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.contact).toEqual([ORDER_MESSAGES.contactRequired]);
    const bad = await place(g.token, g.addressId, { contact: "not an address" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.contact[0]).toMatch(/valid email address or phone number/);
    expect(await orderCount(g.guest.user.id)).toBe(0);
    // Nothing was taken from the cart.
    const cart = await http.get("/api/carts", g.token);
    expect(cart.body.data.cart_items).toHaveLength(1);
  });

  it("mails the order confirmation to the guest's email once, and the seller sees that email", async () => {
    const g = await guestWithLine();
    const email = `buyer.${g.guest.temp_id}@example.net`;
    const key = { "idempotency-key": `guest-${g.guest.temp_id}` };
    const first = await app().inject({
      method: "POST",
      url: "/api/place-order",
      payload: {
        shop_ids: [v.shop_id],
        address_id: g.addressId,
        payment_method: "cash",
        contact: ` ${email.toUpperCase()} `,
      },
      headers: { authorization: `Bearer ${g.token}`, ...key },
    });
    expect(first.statusCode, first.body).toBe(200);
    const placed = placedOf(first.json());
    expect(placed.confirmation_to).toBe(email);
    // The same attempt again answers the same order and sends no second mail.
    const again = await app().inject({
      method: "POST",
      url: "/api/place-order",
      payload: {
        shop_ids: [v.shop_id],
        address_id: g.addressId,
        payment_method: "cash",
        contact: ` ${email.toUpperCase()} `,
      },
      headers: { authorization: `Bearer ${g.token}`, ...key },
    });
    expect(placedOf(again.json()).orders).toEqual(placed.orders);

    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [(typeof mails)[number]];
    expect(mail.channel).toBe("email");
    const order = placed.orders[0] as (typeof placed.orders)[number];
    expect(mail.subject).toContain(order.order_code);
    expect(mail.body).toContain(order.order_code);
    expect(mail.body).toContain(`$${order.payable_amount.toFixed(2)}`);
    expect(mail.body).toContain("Payment: Cash on Delivery"); // as the order page names it
    // A guest has no account to follow the order in: the mail promises mail, links the invoice only.
    expect(mail.body).toContain("we will write to you here as it goes.");
    expect(mail.body).not.toContain("Order History");
    expect(mail.body).not.toContain("/order-history/");
    expect(mail.body).toMatch(/Download the invoice: http:\/\/\S+\/invoice\?sig=/);
    const shop = await t.dbh.db
      .selectFrom("shops")
      .select("name")
      .where("id", "=", v.shop_id)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(shop.name);

    // The shop's owner sees how to reach the buyer: the email given, not the guest's made-up one.
    const owner = await t.dbh.db
      .selectFrom("shops")
      .select("user_id")
      .where("id", "=", v.shop_id)
      .executeTakeFirstOrThrow();
    const ownerToken = await tokenFor(t.dbh, owner.user_id);
    const seen = await http.get(`/api/seller/orders/${order.id}`, ownerToken);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(envelope(sellerOrderDetailData).parse(seen.body).data.order.customer.email).toBe(email);
    // The buyer is named "Guest" in the shop's language.
    expect(envelope(sellerOrderDetailData).parse(seen.body).data.order.customer.name).toBe("Guest");
    const inArabic = await t.app.inject({
      method: "GET",
      url: `/api/seller/orders/${order.id}`,
      headers: { authorization: `Bearer ${ownerToken}`, "accept-language": "ar" },
    });
    expect(envelope(sellerOrderDetailData).parse(inArabic.json()).data.order.customer.name).toBe("ضيف");
  });

  it("texts the confirmation to a phone contact", async () => {
    const g = await guestWithLine();
    const phone = `+4915${String(g.guest.user.id).padStart(8, "0")}`;
    const res = await place(g.token, g.addressId, { contact: phone });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sms] = await outboxFor(phone);
    expect(sms?.channel).toBe("sms");
    expect(sms?.body).toContain(placedOf(res.body).orders[0]?.order_code);
  });

  it("asks for a phone's country code, and texts the number as E.164 however it was written", async () => {
    const g = await guestWithLine();
    // Written as dialled at home, or under a code no country has: no text message could reach it.
    for (const contact of ["050 123 4567", "+999 1234 5678"]) {
      const res = await place(g.token, g.addressId, { contact });
      expect(res.status, contact).toBe(422);
      expect(res.body.errors.contact).toEqual([CONTACT_NO_CODE]);
    }
    expect(await orderCount(g.guest.user.id)).toBe(0);

    // "00" for "+", and the trunk 0 written after the code, as people copy their number.
    const national = `5${String(g.guest.user.id % 1e8).padStart(8, "0")}`;
    const res = await place(g.token, g.addressId, { contact: `00966 (0)${national.slice(0, 2)}-${national.slice(2)}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(placedOf(res.body).confirmation_to).toBe(`+966${national}`);
    const [sms] = await outboxFor(`+966${national}`);
    expect(sms?.channel).toBe("sms");
    const order = placedOf(res.body).orders[0] as { id: number; order_code: string };
    expect(sms?.body).toContain(order.order_code);
    const owner = await t.dbh.db
      .selectFrom("shops")
      .select("user_id")
      .where("id", "=", v.shop_id)
      .executeTakeFirstOrThrow();
    const seen = await http.get(`/api/seller/orders/${order.id}`, await tokenFor(t.dbh, owner.user_id));
    expect(envelope(sellerOrderDetailData).parse(seen.body).data.order.customer.phone).toBe(`+966${national}`);
  });

  it("sends a registered shopper's confirmation to the account's email without asking", async () => {
    const reg = await auth.post(
      "/api/registration",
      {
        name: "Reggie Buyer",
        email: `reggie.${Date.now()}@example.org`,
        phone: `66${String(Date.now() % 100000000).padStart(8, "0")}`,
        password: "a long password",
        country: "United States",
        phone_code: "+1",
      },
      { ip: nextIp() },
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const { user, access } = reg.json().data;
    const address = await http.post("/api/address/store", HOME_ADDRESS, access.token);
    await addToCart(app, access.token, v, 1);
    const res = await place(access.token, address.body.data.address.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(placedOf(res.body).confirmation_to).toBe(user.email);
    const mails = await outboxFor(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(new RegExp(`^Your .+ order ${placedOf(res.body).orders[0]?.order_code}$`));
  });

  it("upgrades a guest to a full account that keeps its orders and cart, and drops the guest credentials", async () => {
    const g = await guestWithLine();
    const placed = await place(g.token, g.addressId, { contact: "keep.me@example.net" });
    expect(placed.status).toBe(200);
    await addToCart(app, g.token, v, 2);
    const email = `upgraded.${g.guest.temp_id}@example.net`;
    const body = { name: "Grace Guest", email, password: "my own password" };

    const res = await auth.post("/api/guest/upgrade", body, { token: g.token });
    expect(res.statusCode, res.body).toBe(200);
    const user = envelope(userData).parse(res.json()).data.user;
    expect(user).toMatchObject({ id: g.guest.user.id, name: "Grace Guest", email, is_guest: false });
    expect(await orderCount(user.id)).toBe(1);
    // The same session goes on, with the same orders and cart.
    const orders = await http.get("/api/orders", g.token);
    expect(orders.status).toBe(200);
    expect(orders.body.data.orders.data).toHaveLength(1);
    const cart = await http.get("/api/carts", g.token);
    expect(cart.body.data.cart_items[0].products[0].quantity).toBe(2);
    // The new credentials sign in; the guest ones no longer do.
    expect(
      (await auth.post("/api/login", { phone: email, password: "my own password" }, { ip: nextIp() })).statusCode,
    ).toBe(200);
    const old = await auth.post(
      "/api/guest_login",
      { phone: g.guest.email, password: g.guest.password },
      { ip: nextIp() },
    );
    expect(old.statusCode).toBe(422);
    // Only a guest upgrades.
    const twice = await auth.post("/api/guest/upgrade", body, { token: g.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("conflict");
  });

  it("refuses an upgrade to an email another account uses, changing nothing", async () => {
    const taken = await auth.post("/api/guest_login", {}, { ip: nextIp() });
    const other = envelope(guestLoginData).parse(taken.json()).data;
    const firstEmail = `first.${other.temp_id}@example.net`;
    expect(
      (
        await auth.post(
          "/api/guest/upgrade",
          { name: "First", email: firstEmail, password: "password one" },
          { token: other.access.token },
        )
      ).statusCode,
    ).toBe(200);

    const g = await guestWithLine();
    const res = await auth.post(
      "/api/guest/upgrade",
      { name: "Second", email: firstEmail.toUpperCase(), password: "password two" },
      { token: g.token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(["The email has already been taken."]);
    const still = await auth.get("/api/user", { token: g.token });
    expect(still.json().data.user).toMatchObject({ is_guest: true, name: "Guest" });
    // A bad body is a field error too.
    const short = await auth.post("/api/guest/upgrade", { name: "", email: "x", password: "1" }, { token: g.token });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors).sort()).toEqual(["email", "name", "password"]);
  });

  describe("a guest's cart after signing in to an account", () => {
    /** `n` of `v` in the user's main cart, by its line. */
    const unitsOf = async (token: string, of: Variant) => {
      const cart = await http.get("/api/carts", token);
      const lines = cart.body.data.cart_items.flatMap((g: { products: unknown[] }) => g.products);
      return lines
        .filter((l: { product_id: number }) => l.product_id === of.id)
        .reduce((n: number, l: { quantity: number }) => n + l.quantity, 0);
    };
    const merge = (token: string, guest: { email: string; password?: string | undefined }, ip = nextIp()) =>
      auth.post("/api/cart/merge-guest", { phone: guest.email, password: guest.password }, { token, ip });
    const favorite = async (token: string, productId: number) => {
      const res = await http.post("/api/favorite-add-or-remove", { product_id: productId }, token);
      expect(res.body.data?.is_favorite, JSON.stringify(res.body)).toBe(true);
    };
    const wishlist = async (token: string) => (await http.get("/api/favorites/ids", token)).body.data.product_ids;

    it("moves the guest's lines into the account's cart, adding to a line it has, and empties the guest's", async () => {
      const [, w] = (await variants(t.dbh)) as [Variant, Variant];
      await setStock(t.dbh, w, 1000);
      const g = await guestWithLine(); // one of v
      await addToCart(app, g.token, w, 2);
      await addToCart(app, g.token, v, 1, true); // the buy-now cart stays the guest's
      const [user] = (await newShoppers(t.dbh, 1)) as [{ id: number; token: string }];
      await addToCart(app, user.token, v, 3);

      const res = await merge(user.token, g.guest);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: "Your guest cart was added to your cart.",
        data: { added: 2, total: 2 },
      });
      expect(await unitsOf(user.token, v)).toBe(4);
      expect(await unitsOf(user.token, w)).toBe(2);
      expect((await http.get("/api/carts", g.token)).body.data.cart_items).toEqual([]);
      expect((await http.get("/api/carts?is_buy_now=1", g.token)).body.data.total).toBe(1);

      // Signing in again merges nothing more.
      const again = await merge(user.token, g.guest);
      expect(again.json().data).toEqual({ added: 0, total: 2, favorites_added: 0 });
      expect(await unitsOf(user.token, v)).toBe(4);
    });

    it("adds only what the stock and the line limit leave", async () => {
      const [, , w] = (await variants(t.dbh)) as [Variant, Variant, Variant];
      await setStock(t.dbh, w, 5);
      const g = await guestWithLine();
      await addToCart(app, g.token, w, 4);
      const [user] = (await newShoppers(t.dbh, 1)) as [{ id: number; token: string }];
      await addToCart(app, user.token, w, 3);
      const res = await merge(user.token, g.guest);
      expect(res.json().data).toEqual({ added: 2, total: 2, favorites_added: 0 });
      expect(await unitsOf(user.token, w)).toBe(5);
    });

    it("moves the guest's wishlist too, keeping what the account had, and says what came", async () => {
      const [, w, x] = (await variants(t.dbh)) as [Variant, Variant, Variant];
      const g = await guestWithLine();
      await favorite(g.token, w.id);
      await favorite(g.token, x.id);
      const [user, other] = (await newShoppers(t.dbh, 2)) as [
        { id: number; token: string },
        { id: number; token: string },
      ];
      await favorite(user.token, x.id);

      const res = await merge(user.token, g.guest);
      expect(res.json()).toMatchObject({
        message: "Your guest cart and wishlist were added to your account.",
        data: { added: 1, favorites_added: 1 },
      });
      expect((await wishlist(user.token)).sort()).toEqual([w.id, x.id].sort());
      expect(await wishlist(g.token)).toEqual([]);
      expect((await merge(user.token, g.guest)).json().data.favorites_added).toBe(0);

      // A guest with a wishlist and an empty cart brings the wishlist alone, in the reader's language.
      const h = await auth.post("/api/guest_login", {}, { ip: nextIp() });
      const hg = envelope(guestLoginData).parse(h.json()).data;
      await favorite(hg.access.token, w.id);
      const alone = await t.app.inject({
        method: "POST",
        url: "/api/cart/merge-guest",
        payload: { phone: hg.email, password: hg.password },
        headers: { authorization: `Bearer ${other.token}`, "accept-language": "ar" },
        remoteAddress: nextIp(),
      });
      expect(alone.json()).toMatchObject({
        message: "تمت إضافة قائمة أمنيات الضيف إلى قائمة أمنياتك.",
        data: { added: 0, favorites_added: 1 },
      });
      expect(await wishlist(other.token)).toEqual([w.id]);
    });

    it("refuses a wrong password, or a full account's credentials, and moves nothing", async () => {
      const g = await guestWithLine();
      const [user] = (await newShoppers(t.dbh, 1)) as [{ id: number; token: string }];
      const wrong = await merge(user.token, { email: g.guest.email, password: "not it" });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.phone).toHaveLength(1);
      // A full account (here, one made from another guest) is not a guest's cart to take.
      const other = await guestWithLine();
      const full = { name: "Full", email: `full.${other.guest.temp_id}@example.net`, password: "password full" };
      expect((await auth.post("/api/guest/upgrade", full, { token: other.token })).statusCode).toBe(200);
      const notGuest = await merge(user.token, { email: full.email, password: full.password });
      expect(notGuest.statusCode).toBe(422);
      // A guest's own credentials from its own session move nothing and keep its cart.
      await favorite(g.token, v.id);
      expect((await merge(g.token, g.guest)).json().data).toEqual({ added: 0, total: 1, favorites_added: 0 });
      expect(await wishlist(g.token)).toEqual([v.id]);
      expect((await http.get("/api/carts", user.token)).body.data.total).toBe(0);
      expect((await http.get("/api/carts", g.token)).body.data.total).toBe(1);
      // Signed out, or a body without the password, is refused before any check.
      expect(
        (await auth.post("/api/cart/merge-guest", { phone: g.guest.email, password: g.guest.password })).statusCode,
      ).toBe(401);
      const bare = await merge(user.token, { email: g.guest.email });
      expect(bare.statusCode).toBe(422);
      expect(Object.keys(bare.json().errors)).toEqual(["password"]);
    });

    it("moves the guest's cart and wishlist once when several sign-ins merge them at the same time", async () => {
      const g = await guestWithLine();
      await addToCart(app, g.token, v, 2); // three of v
      await favorite(g.token, v.id);
      // Four at once: within the guest account's sign-in limit, as every merge checks its password.
      const users = await newShoppers(t.dbh, 2);
      const results = await Promise.all([...users, ...users].map((u) => merge(u.token, g.guest)));
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(results.reduce((n, r) => n + r.json().data.added, 0)).toBe(1);
      const units = await Promise.all(users.map((u) => unitsOf(u.token, v)));
      expect(units.reduce((a, b) => a + b, 0)).toBe(3);
      expect(results.reduce((n, r) => n + r.json().data.favorites_added, 0)).toBe(1);
    });
  });
});
