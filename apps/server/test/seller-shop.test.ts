import { randomBytes } from "node:crypto";
import {
  cartData,
  envelope,
  loginData,
  SELLER_MESSAGES,
  SELLER_SHOP_MESSAGES,
  sellerDashboard,
  sellerOrdersData,
  sellerShopProfile,
  shopDetails,
  staffInvite,
  staffInviteInfo,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { newRegistration } from "./auth-helpers.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, shippedMail, type TestApp } from "./harness.ts";
import { addToCart, setStock, shoppersWithAddress, type Variant, variants } from "./order-helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const DAY = 86_400_000;

describe.each(dbKinds)("the Seller Centre's shop, dashboard and staff on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const tokens: Record<string, string> = {};
  const shopIds: Record<string, number> = {};

  const send = async (method: InjectOptions["method"], url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token && { authorization: `Bearer ${token}` }) },
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const login = async (email: string, password = "password") => {
    const res = await http.post("/api/login", { phone: email, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.access.token as string;
  };
  const shopOfOwner = async (email: string) => {
    const r = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.id", "s.name"])
      .where("u.email", "=", email)
      .executeTakeFirstOrThrow();
    return { id: Number(r.id), name: r.name };
  };
  const profileBody = (over: Record<string, unknown> = {}) => ({
    name: `Shop Profile Test ${randomBytes(3).toString("hex")}`,
    description: "Fresh fruit from our farm.",
    translations: { ar: { name: null, description: "فاكهة طازجة من مزرعتنا." }, fr: { description: "" } },
    delivery_charge: 4.5,
    estimated_delivery_time: "2-4 days",
    is_open: true,
    phone: "5550101",
    email: "shop@example.com",
    low_stock_threshold: 7,
    ...over,
  });
  /** The last mail to `email` in the outbox, and the invitation token its link carries. */
  const inviteMail = async (email: string) => {
    const mail = await t.dbh.db
      .selectFrom("outbox")
      .selectAll()
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = mail.body.match(/\/staff-invite\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token, mail.body).toBeTruthy();
    return { mail, token: token as string };
  };
  const newEmail = () => `staff.${randomBytes(4).toString("hex")}@example.org`;
  const invite = async (email: string, role: string, token = tokens.owner1) => {
    const res = await send("POST", "/seller/invites", token, { email, role });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(staffInvite).parse(res.body).data;
  };
  /** Invites a new person with `role` to shop 1, accepts as a new account, answers their token. */
  const newStaffMember = async (role: string) => {
    const email = newEmail();
    await invite(email, role);
    const { token } = await inviteMail(email);
    const res = await send("POST", `/staff-invites/${token}/accept`, undefined, {
      name: "New Staff",
      password: "secret-pass-1",
      password_confirmation: "secret-pass-1",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { email, token: envelope(loginData).parse(res.body).data.access.token };
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    for (const n of [1, 2, 3]) {
      tokens[`owner${n}`] = await login(`owner${n}@example.com`);
      shopIds[`owner${n}`] = (await shopOfOwner(`owner${n}@example.com`)).id;
    }
  }, 120_000);
  afterEach(() => clock.reset());
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  describe("the shop profile", () => {
    it("saves name, description per language and contact, and the storefront shows them at once", async () => {
      const body = profileBody();
      const res = await send("PUT", "/seller/shop", tokens.owner1, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const saved = envelope(sellerShopProfile).parse(res.body).data;
      expect(saved).toMatchObject({
        name: body.name,
        delivery_charge: 4.5,
        estimated_delivery_time: "2-4 days",
        low_stock_threshold: 7,
        phone: "5550101",
        email: "shop@example.com",
        is_open: true,
      });
      expect(saved.translations.ar?.description).toBe("فاكهة طازجة من مزرعتنا.");
      expect(saved.translations.fr).toBeUndefined();

      const again = envelope(sellerShopProfile).parse((await send("GET", "/seller/shop", tokens.owner1)).body).data;
      expect(again).toEqual(saved);

      const en = await t.app.inject({ url: `/api/shops/${shopIds.owner1}` });
      const enShop = envelope(shopDetails).parse(en.json()).data.shop;
      expect(enShop).toMatchObject({ name: body.name, description: body.description, delivery_charge: 4.5 });
      expect(enShop.is_open).toBe(true);
      const ar = await t.app.inject({ url: `/api/shops/${shopIds.owner1}`, headers: { "accept-language": "ar" } });
      const arShop = envelope(shopDetails).parse(ar.json()).data.shop;
      expect(arShop.description).toBe("فاكهة طازجة من مزرعتنا.");
      // no Arabic name given: the default name shows
      expect(arShop.name).toBe(body.name);
    });

    it("refuses another shop's name (any letter case) under the name field, and bad values per field", async () => {
      const other = await shopOfOwner("owner2@example.com");
      const clash = await send("PUT", "/seller/shop", tokens.owner1, profileBody({ name: other.name.toUpperCase() }));
      expect(clash.status).toBe(422);
      expect(clash.body.errors.name).toEqual([SELLER_SHOP_MESSAGES.nameTaken]);

      const bad = await send(
        "PUT",
        "/seller/shop",
        tokens.owner1,
        profileBody({ estimated_delivery_time: "soon", low_stock_threshold: 1001, delivery_charge: -1 }),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors.estimated_delivery_time).toEqual([SELLER_SHOP_MESSAGES.deliveryTime]);
      expect(bad.body.errors.low_stock_threshold).toBeDefined();
      expect(bad.body.errors.delivery_charge).toBeDefined();

      // A delivery time as an Arabic or French seller types it is kept in the one form orders read.
      for (const [typed, kept] of [
        ["٣–٥ أيام", "3-5 days"],
        ["2 jours", "2 days"],
        ["1", "1 day"],
        ["4 - 6", "4-6 days"],
      ] as const) {
        const res = await send("PUT", "/seller/shop", tokens.owner1, profileBody({ estimated_delivery_time: typed }));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.estimated_delivery_time).toBe(kept);
      }
      const word = await send(
        "PUT",
        "/seller/shop",
        tokens.owner1,
        profileBody({ estimated_delivery_time: "3 weeks" }),
      );
      expect(word.body.errors.estimated_delivery_time).toEqual([SELLER_SHOP_MESSAGES.deliveryTime]);
      // A range written backwards is refused, whatever the digits or the language; an equal range is kept.
      for (const typed of ["5-2", "٥–٢ أيام"]) {
        const backwards = await send(
          "PUT",
          "/seller/shop",
          tokens.owner1,
          profileBody({ estimated_delivery_time: typed }),
        );
        expect(backwards.status).toBe(422);
        expect(backwards.body.errors.estimated_delivery_time).toEqual([SELLER_SHOP_MESSAGES.deliveryTimeOrder]);
      }
      const kept = await t.dbh.db
        .selectFrom("shops")
        .select("estimated_delivery_time")
        .where("id", "=", (await shopOfOwner("owner1@example.com")).id)
        .executeTakeFirstOrThrow();
      expect(kept.estimated_delivery_time).toBe("4-6 days");
      const same = await send("PUT", "/seller/shop", tokens.owner1, profileBody({ estimated_delivery_time: "3-3" }));
      expect(same.body.data.estimated_delivery_time).toBe("3-3 days");

      // Every string of a JSON body is checked for control characters, a field without its own check too.
      const before = await shopOfOwner("owner1@example.com");
      for (const [patch, field, label] of [
        [{ description: "Before\u0000After" }, "description", "description"],
        [
          { translations: { fr: { name: null, description: "Vente\u0007" } } },
          "translations.fr.description",
          "description",
        ],
      ] as const) {
        const res = await send("PUT", "/seller/shop", tokens.owner1, profileBody(patch));
        expect(res.status).toBe(422);
        expect(res.body.errors[field]).toEqual([`The ${label} field must not contain control characters.`]);
      }
      expect(await shopOfOwner("owner1@example.com")).toEqual(before);
      // A visitor is told to sign in, not about the body.
      expect((await send("PUT", "/seller/shop", undefined, profileBody({ description: "a\u0000" }))).status).toBe(401);
    });

    it("takes a logo and a banner checked by content", async () => {
      const upload = async (field: string, bytes: Buffer, type: string) => {
        const form = new FormData();
        form.set(field, new Blob([new Uint8Array(bytes)], { type }), "image.png");
        const res = await t.app.inject({
          method: "POST",
          url: "/api/seller/shop/images",
          headers: { authorization: `Bearer ${tokens.owner1}` },
          payload: form as unknown as InjectOptions["payload"],
        });
        return { status: res.statusCode, body: res.json() };
      };
      const logo = await upload("logo", PNG, "image/png");
      expect(logo.status, JSON.stringify(logo.body)).toBe(200);
      expect(logo.body.data.logo).toMatch(/^\/uploads\/shops\/.+\.png$/);
      const banner = await upload("banner", PNG, "image/png");
      expect(banner.body.data.banner).toMatch(/^\/uploads\/shops\/.+\.png$/);
      expect(banner.body.data.logo).toBe(logo.body.data.logo);
      const fake = await upload("logo", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png");
      expect(fake.status).toBe(422);
      expect(fake.body.errors.logo).toEqual([SELLER_SHOP_MESSAGES.imageBadType]);
    });

    it("a closed shop says so on the storefront and in the cart, and refuses orders with 409 naming it, the cart keeping its lines", async () => {
      const shop3 = shopIds.owner3 as number;
      const v = (await variants(t.dbh)).find((x) => x.shop_id === shop3) as Variant;
      expect(v).toBeDefined();
      await setStock(t.dbh, v, 100);
      const [shopper] = await shoppersWithAddress(app, t.dbh, 1);
      if (!shopper) throw new Error("no shopper");
      await addToCart(app, shopper.token, v, 1);

      const current = envelope(sellerShopProfile).parse((await send("GET", "/seller/shop", tokens.owner3)).body).data;
      const close = await send("PUT", "/seller/shop", tokens.owner3, {
        ...profileBody({ name: current.name }),
        is_open: false,
      });
      expect(close.status, JSON.stringify(close.body)).toBe(200);
      const storefront = envelope(shopDetails).parse((await t.app.inject({ url: `/api/shops/${shop3}` })).json());
      expect(storefront.data.shop.is_open).toBe(false);
      const product = (await t.app.inject({ url: `/api/products/${v.id}/details` })).json();
      expect(product.data.product?.shop?.is_open ?? product.data.shop?.is_open).toBe(false);

      const place = () =>
        send("POST", "/place-order", shopper.token, {
          shop_ids: [shop3],
          address_id: shopper.addressId,
          payment_method: "cash",
        });
      const refused = await place();
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("conflict");
      expect(refused.body.message).toBe(SELLER_SHOP_MESSAGES.closedNamed(current.name));
      expect(refused.body.message).toBe(`${current.name} is closed right now and is not taking orders.`);
      const cart = envelope(cartData).parse((await send("GET", "/carts", shopper.token)).body).data;
      const group = cart.cart_items.find((g) => g.shop_id === shop3);
      expect(group?.is_open).toBe(false);
      expect(group?.products.map((p) => p.product_id)).toContain(v.id);
      const arabic = await t.app.inject({
        method: "POST",
        url: "/api/place-order",
        headers: { authorization: `Bearer ${shopper.token}`, "accept-language": "ar" },
        payload: { shop_ids: [shop3], address_id: shopper.addressId, payment_method: "cash" },
      });
      expect(arabic.json().message).toBe(`${current.name} مغلق الآن ولا يستقبل الطلبات.`);

      await send("PUT", "/seller/shop", tokens.owner3, { ...profileBody({ name: current.name }), is_open: true });
      const reopened = envelope(cartData).parse((await send("GET", "/carts", shopper.token)).body).data;
      expect(reopened.cart_items.find((g) => g.shop_id === shop3)?.is_open).toBe(true);
      const placed = await place();
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    });
  });

  describe("the dashboard", () => {
    it("shows a demo shop at work: a month of sales, an order waiting since today, numbers in date order", async () => {
      for (let n = 1; n <= 8; n++) {
        const token = await login(`owner${n}@example.com`);
        const d = envelope(sellerDashboard).parse((await send("GET", "/seller/dashboard", token)).body).data;
        expect(d.sales.today, `owner${n}`).toBeGreaterThan(0);
        expect(d.daily.filter((day) => day.orders > 0).length, `owner${n}`).toBeGreaterThanOrEqual(4);
        expect(d.orders_by_status.find((s) => s.status === "Pending")?.count, `owner${n}`).toBeGreaterThanOrEqual(1);
        expect(d.orders_by_status.find((s) => s.status === "Delivered")?.count, `owner${n}`).toBeGreaterThanOrEqual(3);
        expect(d.top_products.length, `owner${n}`).toBeGreaterThan(1);
        const orders = envelope(sellerOrdersData).parse((await send("GET", "/seller/orders?per_page=100", token)).body)
          .data.orders.data;
        const dates = orders.map((o) => o.created_at);
        expect(dates, `owner${n}`).toEqual(dates.toSorted().reverse());
      }
    });

    it("names the top products in the seller's language, as the storefront does", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/seller/dashboard",
        headers: { authorization: `Bearer ${await login("owner1@example.com")}`, "accept-language": "ar" },
      });
      const top = envelope(sellerDashboard).parse(res.json()).data.top_products;
      expect(top.length).toBeGreaterThan(1);
      const rows = await t.dbh.db
        .selectFrom("products")
        .select(["id", "i18n"])
        .where(
          "id",
          "in",
          top.map((p) => p.product_id),
        )
        .execute();
      const arNames = new Map(rows.map((r) => [Number(r.id), JSON.parse(r.i18n).ar?.name as string]));
      expect(top.map((p) => p.name)).toEqual(top.map((p) => arNames.get(p.product_id)));
      expect(top.every((p) => /[\u0600-\u06ff]/.test(p.name))).toBe(true);
    });

    it("sums non-cancelled payable amounts today, over 7 and 30 days, with every day of the chart", async () => {
      const shopId = shopIds.owner2 as number;
      const now = Date.parse("2031-03-15T12:00:00.000Z");
      const user = await t.dbh.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "shopper@example.com")
        .executeTakeFirstOrThrow();
      const product = await t.dbh.db
        .selectFrom("products")
        .select(["id", "name"])
        .where("shop_id", "=", shopId)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const payment = await t.dbh.db
        .insertInto("payments")
        .values({ user_id: user.id, method: "cash", amount: 0, created_at: new Date(now).toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      let seq = 0;
      const order = async (at: number, payable: number, status = "Delivered", units = 1) => {
        seq += 1;
        const created = new Date(at).toISOString();
        const o = await t.dbh.db
          .insertInto("orders")
          .values({
            user_id: user.id,
            shop_id: shopId,
            payment_id: payment.id,
            order_code: `D${seq}-${randomBytes(4).toString("hex")}`,
            order_status: status as "Delivered",
            payment_status: "Pending",
            payment_method: "cash",
            quantity: units,
            total_amount: payable,
            discount: 0,
            coupon_discount: 0,
            delivery_charge: 0,
            tax_amount: 0,
            payable_amount: payable,
            currency: JSON.stringify({ name: "USD", symbol: "$", position: "prefix", decimals: 2 }),
            address: "{}",
            created_at: created,
            updated_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await t.dbh.db
          .insertInto("order_products")
          .values({
            order_id: o.id,
            product_id: product.id,
            name: product.name,
            regular_price: payable,
            price: payable / units,
            quantity: units,
          })
          .execute();
      };
      const startOfToday = Date.parse("2031-03-15T00:00:00.000Z");
      await order(startOfToday + 1000, 1000, "Pending", 2);
      await order(now, 2550, "Delivered", 3);
      await order(now, 5000, "Cancelled", 50);
      await order(startOfToday - 3 * DAY, 700);
      // the first of the last 7 days, and the day before it
      await order(startOfToday - 6 * DAY, 100);
      await order(startOfToday - 6 * DAY - 1000, 20);
      await order(startOfToday - 10 * DAY, 300);
      await order(startOfToday - 40 * DAY, 9999);
      clock.set(() => now);

      const res = await send("GET", "/seller/dashboard", await login("owner2@example.com"));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = envelope(sellerDashboard).parse(res.body).data;
      expect(d.sales).toEqual({ today: 35.5, last_7_days: 43.5, last_30_days: 46.7 });
      expect(d.daily).toHaveLength(30);
      expect(d.daily[29]).toEqual({ date: "2031-03-15", amount: 35.5, orders: 2 });
      expect(d.daily[0]?.date).toBe("2031-02-14");
      expect(d.daily.find((x) => x.date === "2031-03-12")?.amount).toBe(7);
      expect(d.daily.filter((x) => x.amount === 0)).toHaveLength(25);
      expect(d.orders_by_status.map((s) => s.status)).toContain("Cancelled");
      expect(d.orders_by_status.find((s) => s.status === "Cancelled")?.count).toBeGreaterThanOrEqual(1);
      // 2 + 3 + 1 + 1 + 1 + 1 units in 30 days; the cancelled 50 are not counted
      expect(d.top_products[0]).toMatchObject({ product_id: product.id, units: 9 });

      // Counted in the reader's days. In Los Angeles (UTC-7 in March) it is 05:00 on the 15th and
      // the order of 00:00:01 UTC was placed on the 14th, at 17:00.
      const inZone = async (tz: string) => {
        const r = await send(
          "GET",
          `/seller/dashboard?tz=${encodeURIComponent(tz)}`,
          await login("owner2@example.com"),
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return envelope(sellerDashboard).parse(r.body).data;
      };
      const la = await inZone("America/Los_Angeles");
      expect(la.daily[29]).toEqual({ date: "2031-03-15", amount: 25.5, orders: 1 });
      expect(la.daily[28]).toEqual({ date: "2031-03-14", amount: 10, orders: 1 });
      expect(la.sales.today).toBe(25.5);
      // In Kiritimati (UTC+14) it is 02:00 on the 16th: the order of noon UTC is today's there.
      const kiritimati = await inZone("Pacific/Kiritimati");
      expect(kiritimati.daily[29]).toEqual({ date: "2031-03-16", amount: 25.5, orders: 1 });
      expect(kiritimati.daily[28]).toEqual({ date: "2031-03-15", amount: 10, orders: 1 });
      // India is half an hour off the hour: 23:59:59 UTC on the 8th is 05:29 on the 9th, inside the last 7 days.
      const india = await inZone("Asia/Kolkata");
      expect(india.sales).toEqual({ today: 35.5, last_7_days: 43.7, last_30_days: 46.7 });
      const bad = await send("GET", "/seller/dashboard?tz=Mars%2FOlympus", await login("owner2@example.com"));
      expect(bad.status).toBe(422);
    });
  });

  describe("staff", () => {
    it("writes the invitation in the inviting page's language, with its working link", async () => {
      const email = newEmail();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/seller/invites",
        headers: { authorization: `Bearer ${tokens.owner1}`, "accept-language": "ar" },
        payload: { email, role: "orders" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { mail, token } = await inviteMail(email);
      const shop1 = await shopOfOwner("owner1@example.com");
      expect(mail.subject).toBe(shippedMail("ar", "staff_invite_subject", { shop: shop1.name }));
      expect(mail.body).toContain(shippedMail("ar", "staff_role_orders"));
      expect(mail.body).toContain(`${t.app.config.appUrl}/staff-invite/${token}`);
      expect((await send("GET", `/staff-invites/${token}`)).status).toBe(200);
    });

    it("invites by mail, the link creates an account that sees only its role's sections", async () => {
      const email = newEmail();
      const inv = await invite(email, "products");
      expect(inv).toMatchObject({ email, role: "products", expired: false });
      const { mail, token } = await inviteMail(email);
      expect(mail.body).toContain(`${t.app.config.appUrl}/staff-invite/${token}`);
      const stored = await t.dbh.db
        .selectFrom("shop_invites")
        .select("token_hash")
        .where("id", "=", inv.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(token);

      const info = await send("GET", `/staff-invites/${token}`);
      expect(info.status).toBe(200);
      const shop1 = await shopOfOwner("owner1@example.com");
      expect(envelope(staffInviteInfo).parse(info.body).data).toMatchObject({
        shop: { id: shop1.id, name: shop1.name },
        email,
        role: "products",
        account_exists: false,
      });

      const mismatch = await send("POST", `/staff-invites/${token}/accept`, undefined, {
        name: "Nour",
        password: "secret-pass-1",
        password_confirmation: "other-pass-1",
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors.password_confirmation).toBeDefined();

      const accepted = await send("POST", `/staff-invites/${token}/accept`, undefined, {
        name: "Nour",
        password: "secret-pass-1",
        password_confirmation: "secret-pass-1",
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.data.user).toMatchObject({ email, role: "seller", is_verified: true });

      const staffToken = await login(email, "secret-pass-1");
      const me = await send("GET", "/seller/me", staffToken);
      expect(me.body.data).toMatchObject({ role: "products", areas: ["products"], shop: { id: shop1.id } });
      const products = await send("GET", "/seller/products", staffToken);
      expect(products.status, JSON.stringify(products.body).slice(0, 200)).toBe(200);
      const orders = await send("GET", "/seller/orders", staffToken);
      expect(orders.status).toBe(403);
      expect(orders.body.message).toBe(SELLER_MESSAGES.notInRole);
      for (const url of ["/seller/shop", "/seller/dashboard", "/seller/staff", "/seller/invites"]) {
        const res = await send("GET", url, staffToken);
        expect(res.status, url).toBe(403);
        expect(res.body.message).toBe(SELLER_MESSAGES.notInRole);
      }

      const again = await send("POST", `/staff-invites/${token}/accept`, undefined, {
        name: "Nour",
        password: "secret-pass-1",
        password_confirmation: "secret-pass-1",
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(SELLER_SHOP_MESSAGES.inviteUsed);

      const list = await send("GET", "/seller/staff", tokens.owner1);
      expect(list.body.data.data.map((m: { email: string }) => m.email)).toContain(email);
      const pending = await send("GET", "/seller/invites", tokens.owner1);
      expect(pending.body.data.data.map((i: { email: string }) => i.email)).not.toContain(email);
    });

    it("an orders-role member gets 403 on products and the shop profile; roles change; removal ends access", async () => {
      const { email, token } = await newStaffMember("orders");
      expect((await send("GET", "/seller/orders", token)).status).toBe(200);
      for (const url of ["/seller/products", "/seller/shop", "/seller/dashboard"]) {
        const res = await send("GET", url, token);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(SELLER_MESSAGES.notInRole);
      }
      expect((await send("GET", "/seller/me", token)).body.data.areas).toEqual(["orders"]);

      const members = (await send("GET", "/seller/staff?per_page=100", tokens.owner1)).body.data.data;
      const member = members.find((m: { email: string }) => m.email === email);
      const changed = await send("PUT", `/seller/staff/${member.id}`, tokens.owner1, { role: "all" });
      expect(changed.status).toBe(200);
      expect(changed.body.data.role).toBe("all");
      expect((await send("GET", "/seller/shop", token)).status).toBe(200);
      // a member cannot manage staff, whatever the role
      expect((await send("PUT", `/seller/staff/${member.id}`, token, { role: "all" })).status).toBe(403);

      // another shop's owner cannot reach this member
      expect((await send("PUT", `/seller/staff/${member.id}`, tokens.owner2, { role: "orders" })).status).toBe(404);
      expect((await send("DELETE", `/seller/staff/${member.id}`, tokens.owner2)).status).toBe(404);

      const removed = await send("DELETE", `/seller/staff/${member.id}`, tokens.owner1);
      expect(removed.status).toBe(200);
      expect((await send("GET", "/seller/me", token)).status).toBe(403);
      expect((await send("GET", "/seller/orders", token)).status).toBe(403);
      // the account is a shopper's again, so the web stops offering the Seller Centre
      expect((await send("GET", "/user", token)).body.data.user.role).toBe("customer");

      // invited again, they are a seller again
      await invite(email, "orders");
      const { token: inviteToken } = await inviteMail(email);
      const rejoined = await send("POST", `/staff-invites/${inviteToken}/accept`, undefined, {
        password: "secret-pass-1",
      });
      expect(rejoined.status, JSON.stringify(rejoined.body)).toBe(200);
      expect((await send("GET", "/user", token)).body.data.user.role).toBe("seller");
      expect((await send("GET", "/seller/orders", token)).status).toBe(200);
    });

    it("an existing shopper account joins with its own password and becomes a seller", async () => {
      const email = newEmail();
      const reg = await http.post("/api/registration", newRegistration({ email, password: "shopper-pass-1" }));
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      await invite(email, "all");
      const { token } = await inviteMail(email);
      expect((await send("GET", `/staff-invites/${token}`)).body.data.account_exists).toBe(true);
      const wrong = await send("POST", `/staff-invites/${token}/accept`, undefined, { password: "not-it-at-all" });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.password).toBeDefined();
      const ok = await send("POST", `/staff-invites/${token}/accept`, undefined, { password: "shopper-pass-1" });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.user.role).toBe("seller");
      const me = await send("GET", "/seller/me", ok.body.data.access.token);
      expect(me.body.data).toMatchObject({ role: "all", areas: ["products", "orders", "shop"] });
    });

    it("refuses to invite an owner of another shop, and at the link an admin or one who joined a shop since; expired or unknown links", async () => {
      const mailsTo = async (email: string) =>
        (await t.dbh.db.selectFrom("outbox").select("id").where("recipient", "=", email).execute()).length;
      const mailsBefore = await mailsTo("owner4@example.com");
      const owner = await send("POST", "/seller/invites", tokens.owner1, {
        email: "Owner4@example.com",
        role: "products",
      });
      expect(owner.status).toBe(422);
      expect(owner.body.errors.email).toEqual([SELLER_SHOP_MESSAGES.hasShop]);
      // Which address is the admin's is not a shop's to learn: that invitation goes, and its link refuses.
      expect((await invite("admin@example.com", "orders")).email).toBe("admin@example.com");
      const adminLink = await inviteMail("admin@example.com");
      const adminAccept = await send("POST", `/staff-invites/${adminLink.token}/accept`, undefined, {
        password: "password",
      });
      expect(adminAccept.status).toBe(409);
      expect(adminAccept.body.message).toBe(SELLER_SHOP_MESSAGES.adminAccount);
      expect(await mailsTo("owner4@example.com")).toBe(mailsBefore);
      const pending = (await send("GET", "/seller/invites?per_page=100", tokens.owner1)).body.data.data;
      expect(pending.map((i: { email: string }) => i.email)).not.toContain("owner4@example.com");

      // Invited by two shops, they join the second first: the first shop's link then refuses them.
      const twice = newEmail();
      await invite(twice, "products");
      const first = await inviteMail(twice);
      await invite(twice, "orders", tokens.owner2);
      const second = await inviteMail(twice);
      const joined = await send("POST", `/staff-invites/${second.token}/accept`, undefined, {
        name: "Wanted Twice",
        password: "secret-pass-1",
        password_confirmation: "secret-pass-1",
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const stale = await send("POST", `/staff-invites/${first.token}/accept`, undefined, {
        password: "secret-pass-1",
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(SELLER_SHOP_MESSAGES.hasShop);

      const email = newEmail();
      await invite(email, "orders");
      const late = await inviteMail(email);
      clock.set(() => Date.now() + 8 * DAY);
      const info = await send("GET", `/staff-invites/${late.token}`);
      expect(info.status).toBe(410);
      expect(info.body.message).toBe(SELLER_SHOP_MESSAGES.inviteExpired);
      const accept = await send("POST", `/staff-invites/${late.token}/accept`, undefined, {
        name: "Late",
        password: "secret-pass-1",
        password_confirmation: "secret-pass-1",
      });
      expect(accept.status).toBe(410);
      const listed = (await send("GET", "/seller/invites?per_page=100", tokens.owner1)).body.data.data;
      expect(listed.find((i: { email: string }) => i.email === email)?.expired).toBe(true);
      clock.reset();

      expect((await send("GET", `/staff-invites/${"x".repeat(43)}`)).status).toBe(404);
    });

    it("resends with a new link (the old one stops working), cancels, and hides invitations from other shops", async () => {
      const email = newEmail();
      const inv = await invite(email, "products");
      const first = await inviteMail(email);
      expect((await send("POST", `/seller/invites/${inv.id}/resend`, tokens.owner2)).status).toBe(404);
      expect((await send("DELETE", `/seller/invites/${inv.id}`, tokens.owner2)).status).toBe(404);

      const resent = await send("POST", `/seller/invites/${inv.id}/resend`, tokens.owner1);
      expect(resent.status).toBe(200);
      const second = await inviteMail(email);
      expect(second.token).not.toBe(first.token);
      expect((await send("GET", `/staff-invites/${first.token}`)).status).toBe(404);
      expect((await send("GET", `/staff-invites/${second.token}`)).status).toBe(200);

      expect((await send("DELETE", `/seller/invites/${inv.id}`, tokens.owner1)).status).toBe(200);
      expect((await send("GET", `/staff-invites/${second.token}`)).status).toBe(404);
      expect((await send("DELETE", `/seller/invites/${inv.id}`, tokens.owner1)).status).toBe(404);
    });

    it("refuses to invite someone who already works in the shop, and a bad role", async () => {
      const self = await send("POST", "/seller/invites", tokens.owner1, { email: "owner1@example.com", role: "all" });
      expect(self.status).toBe(422);
      expect(self.body.errors.email).toEqual([SELLER_SHOP_MESSAGES.alreadyMember]);
      const role = await send("POST", "/seller/invites", tokens.owner1, { email: newEmail(), role: "owner" });
      expect(role.status).toBe(422);
      expect(role.body.errors.role).toBeDefined();
    });
  });

  it("an invitation accepted several times at once makes one account and one member", async () => {
    const email = newEmail();
    await invite(email, "orders");
    const { token } = await inviteMail(email);
    const body = { name: "Racing Staff", password: "secret-pass-1", password_confirmation: "secret-pass-1" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send("POST", `/staff-invites/${token}/accept`, undefined, body)),
    );
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    const users = await t.dbh.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);
    const members = await t.dbh.db
      .selectFrom("shop_staff")
      .select("id")
      .where("user_id", "=", Number(users[0]?.id))
      .execute();
    expect(members).toHaveLength(1);
  });
});
