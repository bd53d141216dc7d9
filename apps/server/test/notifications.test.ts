import type { AddressInfo } from "node:net";
import {
  envelope,
  mailPreferencesData,
  NOTIFICATION_EVENT,
  NOTIFICATION_MESSAGES,
  type NotificationEvent,
  notificationsData,
  shopChannel,
  userChannel,
} from "@market/contract";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cart-helpers.ts";
import { connected, nextEvent, pusherClient, sellerOf } from "./chat-helpers.ts";
import { dbKinds, openTestApp, shippedText, type TestApp } from "./harness.ts";
import {
  addToCart,
  payWithTestCard,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  type Variant,
  variants,
} from "./order-helpers.ts";
import { newStaff } from "./staff-helpers.ts";

describe.each(dbKinds)("notifications on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  let base: { host: string; port: number };
  let seller: Awaited<ReturnType<typeof sellerOf>>;
  let otherSeller: Awaited<ReturnType<typeof sellerOf>>;
  let v: Variant;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    t = await openTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = { host: "127.0.0.1", port: (t.app.server.address() as AddressInfo).port };
    seller = await sellerOf(t.dbh, 0);
    otherSeller = await sellerOf(t.dbh, 1);
    v = (await variants(t.dbh)).find((x) => x.shop_id === seller.shopId) as Variant;
    await setStock(t.dbh, v, 1000);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const emailOf = async (userId: number) =>
    (await t.dbh.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow())
      .email as string;
  const placeAll = async (me: Shopper, { locale = "en", method = "cash", variant = v } = {}) => {
    await addToCart(app, me.token, variant, 1);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/place-order",
      payload: { shop_ids: [variant.shop_id], address_id: me.addressId, payment_method: method },
      headers: { authorization: `Bearer ${me.token}`, "accept-language": locale },
    });
    expect(res.statusCode, res.body).toBe(200);
    // People are told by a background job; what it wrote is checked once it ran.
    await t.app.jobs.idle();
    return placedOf(res.json());
  };
  const place = async (me: Shopper, options: Parameters<typeof placeAll>[1] = {}) =>
    (await placeAll(me, options)).orders[0] as { id: number; order_code: string };
  const setStatus = async (id: number, status: string) => {
    const res = await http.post(`/api/seller/orders/${id}/status`, { status }, seller.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.app.jobs.idle();
  };
  const mine = async (token: string) =>
    envelope(notificationsData).parse((await http.get("/api/notifications?per_page=50", token)).body).data;
  const shops = async (token: string) =>
    envelope(notificationsData).parse((await http.get("/api/seller/notifications?per_page=50", token)).body).data;
  const mailsTo = (to: string) =>
    t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", to).orderBy("id").execute();
  const putPrefs = (token: string, payload: object) =>
    t.app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      payload,
      headers: { authorization: `Bearer ${token}` },
    });

  it("tells the shop of an order paid by card once it is paid, and once, not when it is placed", async () => {
    const me = await shopper();
    const placed = await placeAll(me, { method: "test" });
    const order = placed.orders[0] as { id: number; order_code: string };
    const shopNotices = async () => (await shops(seller.token)).data.filter((n) => n.order_id === order.id);
    const ownerMails = async () =>
      (await mailsTo(await emailOf(seller.ownerId))).filter((m) => m.subject.includes(order.order_code));
    expect((await mine(me.token)).data[0]).toMatchObject({ kind: "order_placed", order_id: order.id });
    expect(await shopNotices()).toEqual([]);
    expect(await ownerMails()).toEqual([]);

    await payWithTestCard(app, placed);
    await payWithTestCard(app, placed).catch(() => undefined);
    await t.app.jobs.idle();
    expect((await shopNotices()).map((n) => n.kind)).toEqual(["new_order"]);
    expect(await ownerMails()).toHaveLength(1);
  });

  it("tells the shopper and the shop's owner of a new order, and nobody else", async () => {
    const [me, stranger] = [await shopper(), await shopper()];
    const before = (await shops(otherSeller.token)).total;
    const order = await place(me);

    const list = await mine(me.token);
    expect(list.unread).toBe(1);
    expect(list.data).toEqual([
      expect.objectContaining({
        kind: "order_placed",
        order_id: order.id,
        params: { code: order.order_code },
        read: false,
      }),
    ]);
    expect((await mine(stranger.token)).total).toBe(0);
    const shopList = await shops(seller.token);
    expect(shopList.data[0]).toMatchObject({ kind: "new_order", order_id: order.id });
    expect((await shops(otherSeller.token)).total).toBe(before);

    // The shopper's mail: text and HTML, with the invoice's signed link.
    const [mail] = await mailsTo(await emailOf(me.id));
    expect(mail?.subject).toContain(order.order_code);
    expect(mail?.body).toContain("Thank you for your order");
    expect(mail?.body).toMatch(new RegExp(`/api/orders/${order.id}/invoice\\?sig=`));
    expect(mail?.html).toContain("<html");
    expect(mail?.html).toContain(order.order_code);
    expect(mail?.html).toContain('dir="ltr"');
    // The owner's mail.
    const owner = await emailOf(seller.ownerId);
    const ownerMails = await mailsTo(owner);
    expect(ownerMails.at(-1)?.subject).toBe(`New order ${order.order_code}`);
    // It was not their order: the footer says why a shop's owner hears of it.
    expect(ownerMails.at(-1)?.body).toMatch(/because of an order at your shop .+ on /);
    expect(ownerMails.at(-1)?.body).not.toContain("because of your order");
    expect(mail?.body).toContain("because of your order");
  });

  it("counts unread, marks one and all read, and keeps other people's notifications out of reach", async () => {
    const [me, stranger] = [await shopper(), await shopper()];
    const order = await place(me);
    await setStatus(order.id, "Confirm");
    const list = await mine(me.token);
    expect(list.unread).toBe(2);
    expect((await http.get("/api/notifications/unread", me.token)).body.data).toEqual({ unread: 2 });
    const [newest] = list.data;
    expect(newest).toMatchObject({ kind: "order_status", params: { status: "Confirm" } });

    expect((await http.post(`/api/notifications/${newest?.id}/read`, {}, stranger.token)).status).toBe(404);
    expect((await http.post(`/api/seller/notifications/${newest?.id}/read`, {}, seller.token)).status).toBe(404);
    const one = await http.post(`/api/notifications/${newest?.id}/read`, {}, me.token);
    expect(one.body.data).toEqual({ unread: 1 });
    expect((await mine(me.token)).data.map((n) => n.read)).toEqual([true, false]);
    expect((await http.post("/api/notifications/read-all", {}, me.token)).body.data).toEqual({ unread: 0 });
    expect((await mine(me.token)).unread).toBe(0);

    const shopBefore = (await shops(seller.token)).unread;
    expect(shopBefore).toBeGreaterThan(0);
    expect((await http.post("/api/seller/notifications/read-all", {}, seller.token)).body.data).toEqual({ unread: 0 });
    expect((await http.get("/api/seller/notifications/unread", seller.token)).body.data).toEqual({
      unread: 0,
      shop_id: seller.shopId,
    });
    expect((await http.get("/api/notifications")).status).toBe(401);
    expect((await http.get("/api/seller/notifications", me.token)).status).toBe(403);
  });

  it("mails the status the shopper cares about: confirmed, on the way, delivered; processing only in the app", async () => {
    const me = await shopper();
    const email = await emailOf(me.id);
    const order = await place(me);
    for (const s of ["Confirm", "Processing", "Pickup"]) await setStatus(order.id, s);
    const parcel = { carrier: "DHL", tracking_number: "JD0146", tracking_url: "https://dhl.example/t?id=JD0146&x=1" };
    expect((await http.post(`/api/seller/orders/${order.id}/shipment`, parcel, seller.token)).status).toBe(200);
    for (const s of ["On The Way", "Delivered"]) await setStatus(order.id, s);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).slice(1)).toEqual([
      `Your order ${order.order_code} is Confirmed`,
      `Your order ${order.order_code} is On the way`,
      `Your order ${order.order_code} is Delivered`,
    ]);
    // The mail that says it is on its way names the parcel and links to the carrier's page.
    const [, , onItsWay, delivered] = mails;
    expect(onItsWay?.body).toContain("Parcel: DHL, tracking number JD0146");
    expect(onItsWay?.body).toContain(`Track the parcel: ${parcel.tracking_url}`);
    expect(onItsWay?.html).toContain('href="https://dhl.example/t?id=JD0146&amp;x=1"');
    expect(delivered?.body).not.toContain("JD0146");
    expect((await mine(me.token)).data.map((n) => n.params.status ?? n.kind)).toEqual([
      "Delivered",
      "On The Way",
      "Pickup",
      "Processing",
      "Confirm",
      "order_placed",
    ]);
  });

  it("tells the shop when an order takes a variant to its low-stock alert, once, and again when it sells out", async () => {
    // A variant with a size and a colour, of a product no flash sale prices.
    const sized = await t.dbh.db
      .selectFrom("product_variants as pv")
      .innerJoin("products as p", "p.id", "pv.product_id")
      .innerJoin("sizes as z", "z.id", "pv.size_id")
      .innerJoin("colors as k", "k.id", "pv.color_id")
      .select([
        "p.id",
        "p.shop_id",
        "p.name",
        "pv.size_id",
        "pv.color_id",
        "pv.stock",
        "z.name as size",
        "k.name as color",
        "k.i18n as color_i18n",
      ])
      .where("p.shop_id", "=", seller.shopId)
      .where("p.is_active", "=", 1)
      .where("p.id", "not in", (eb) => eb.selectFrom("flash_sale_items").select("product_id"))
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    const lowStock = async (locale = "en") => {
      const res = await http.send("GET", "/api/seller/notifications?per_page=50", undefined, seller.token, {
        "accept-language": locale,
      });
      return envelope(notificationsData)
        .parse(res.body)
        .data.data.filter((n) => n.kind === "low_stock");
    };
    const alertAt = (units: number) =>
      t.dbh.db.updateTable("shops").set({ low_stock_threshold: units }).where("id", "=", seller.shopId).execute();
    const before = (await lowStock()).length;
    const owner = await emailOf(seller.ownerId);
    const ownerMails = (await mailsTo(owner)).length;
    await alertAt(5);
    try {
      const me = await shopper();
      const variant = { ...sized, stock: 6 };
      await setStock(t.dbh, variant, 6);
      await place(me, { variant }); // 6 -> 5: at the alert
      await place(me, { variant }); // 5 -> 4: already told
      await setStock(t.dbh, variant, 1);
      await place(me, { variant }); // 1 -> 0: sold out
      const told = await lowStock();
      expect(told.length - before).toBe(2);
      const about = { product: sized.name, product_id: sized.id, size: sized.size, color: sized.color };
      expect(told.slice(0, 2).map((n) => n.params)).toEqual([
        { ...about, stock: 0 },
        { ...about, stock: 5 },
      ]);
      // The colour in the reader's language.
      const arabic = await lowStock("ar");
      const arabicColor = (JSON.parse(sized.color_i18n) as Record<string, { name: string }>).ar?.name;
      expect(arabicColor).toBeTruthy();
      expect(arabic[0]?.params).toMatchObject({ size: sized.size, color: arabicColor, stock: 0 });
      // The shop's alone: the shopper hears nothing of it, and no mail goes with it.
      expect((await mine(me.token)).data.map((n) => n.kind)).not.toContain("low_stock");
      const fresh = (await mailsTo(owner)).slice(ownerMails).map((m) => m.subject.split(" ").slice(0, 2).join(" "));
      expect(fresh).toEqual(["New order", "New order", "New order"]);
    } finally {
      await alertAt(5);
      await setStock(t.dbh, sized, sized.stock);
    }
  });

  it("shows each member of the shop the notices of their sections: stock to the products role, orders to the orders role", async () => {
    const [stock, clerk] = [
      await newStaff(t.dbh, seller.shopId, "products"),
      await newStaff(t.dbh, seller.shopId, "orders"),
    ];
    const unreadOf = async (token: string) => (await http.get("/api/seller/notifications/unread", token)).body.data;
    await t.dbh.db.updateTable("shops").set({ low_stock_threshold: 5 }).where("id", "=", seller.shopId).execute();
    try {
      await setStock(t.dbh, v, 6);
      const order = await place(await shopper()); // a new order, and 6 -> 5: at the alert

      const [owners, stocks, clerks] = [await shops(seller.token), await shops(stock), await shops(clerk)];
      expect(owners.data.slice(0, 2).map((n) => n.kind)).toEqual(["low_stock", "new_order"]);
      expect(stocks.data[0]).toMatchObject({ kind: "low_stock", params: { product_id: v.id, stock: 5 } });
      expect(stocks.data.filter((n) => !["low_stock", "product_moderated"].includes(n.kind))).toEqual([]);
      expect(clerks.data[0]).toMatchObject({ kind: "new_order", order_id: order.id });
      expect(clerks.data.map((n) => n.kind)).not.toContain("low_stock");
      expect(owners.total).toBe(stocks.total + clerks.total);

      // The products role has no shop channel (it carries the shop's messages): its bell reads again instead.
      expect(await unreadOf(stock)).toEqual({ unread: stocks.unread, shop_id: null });
      expect(await unreadOf(clerk)).toEqual({ unread: clerks.unread, shop_id: seller.shopId });
      // Marking is within one's own sections: the clerk's "all read" leaves the stock notice unread.
      expect((await http.post("/api/seller/notifications/read-all", {}, clerk)).body.data).toEqual({ unread: 0 });
      expect((await unreadOf(stock)).unread).toBe(stocks.unread);
      expect((await unreadOf(seller.token)).unread).toBe(stocks.unread);
      expect((await http.post(`/api/seller/notifications/${clerks.data[0]?.id}/read`, {}, stock)).status).toBe(404);
    } finally {
      await t.dbh.db.updateTable("shops").set({ low_stock_threshold: 5 }).where("id", "=", seller.shopId).execute();
      await setStock(t.dbh, v, 1000);
    }
  });

  it("writes a French mail's link lines with French punctuation", async () => {
    const me = await shopper();
    const order = await place(me, { locale: "fr" });
    const [placed] = await mailsTo(await emailOf(me.id));
    expect(placed?.body).toContain(`Voir la commande : ${t.app.config.appUrl}/order-history/${order.id}`);
    expect(placed?.body).toMatch(/Télécharger la facture : http/);
  });

  it("writes mails in the shopper's language: Arabic, right to left", async () => {
    const me = await shopper();
    const order = await place(me, { locale: "ar" });
    await setStatus(order.id, "Confirm");
    const [placed, confirmed] = await mailsTo(await emailOf(me.id));
    // The code and the Latin name keep their own order inside the Arabic sentence (Unicode isolates).
    expect(placed?.subject).toBe(`طلبك \u2068${order.order_code}\u2069 من \u2068${(await site()).app_name}\u2069`);
    expect(placed?.body).toContain("شكرًا لطلبك");
    expect(placed?.body).toContain("الدفع عند الاستلام");
    expect(placed?.html).toContain('dir="rtl"');
    expect(placed?.html).toContain('lang="ar"');
    // Every block reads right to left: MJML writes its own direction on each section.
    expect(placed?.html).toContain("direction:rtl");
    expect(placed?.html).not.toContain("direction:ltr");
    expect(confirmed?.subject).toBe(`حالة طلبك \u2068${order.order_code}\u2069: مؤكد`);
    // The mail's invoice link opens the invoice in Arabic, whatever the browser's language.
    const link = new URL(placed?.body.match(/https?:\/\/\S+\/invoice\?\S+/)?.[0] ?? "");
    const invoice = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { "accept-language": "en" } });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('<html lang="ar" dir="rtl">');
    expect(invoice.body).toContain(`<h1>الفاتورة <bdi>${order.order_code}</bdi></h1>`);
  });
  const site = async () => (await http.get("/api/master")).body.data as { app_name: string };

  it("names a card payment as the order page does, in the mail and its invoice: the gateway's title in the shopper's language", async () => {
    for (const locale of ["en", "ar"]) {
      const me = await shopper();
      await place(me, { locale, method: "test" });
      const master = await t.app.inject({ url: "/api/master", headers: { "accept-language": locale } });
      const card = master.json().data.payment_gateways.find((g: { name: string }) => g.name === "test").title;
      expect(card).toBe(locale === "en" ? "Credit / Debit Card" : "بطاقة ائتمان أو خصم");
      const [placed] = await mailsTo(await emailOf(me.id));
      expect(placed?.body).toContain(shippedText(locale, "mail.payment", { method: card }));
      const link = new URL(placed?.body.match(/https?:\/\/\S+\/invoice\?\S+/)?.[0] ?? "");
      const invoice = await t.app.inject({ url: `${link.pathname}${link.search}` });
      expect(invoice.body).toContain(`<h2>${shippedText(locale, "orders.payment")}</h2><p>${card}<br>`);
      expect(invoice.body).not.toContain(shippedText(locale, "orders.invoice_online_payment"));
    }
  });

  it("tells both sides of a cancellation, and the shopper of the refund of a paid order", async () => {
    const me = await shopper();
    const email = await emailOf(me.id);
    const order = await place(me, { method: "test" });
    // Paid through the test gateway.
    await t.dbh.db.updateTable("orders").set({ payment_status: "Paid" }).where("id", "=", order.id).execute();
    const res = await http.post(`/api/orders/${order.id}/cancel`, {}, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.app.jobs.idle();
    expect((await mine(me.token)).data.map((n) => n.kind)).toEqual(["refunded", "order_cancelled", "order_placed"]);
    expect((await shops(seller.token)).data[0]).toMatchObject({ kind: "shop_order_cancelled", order_id: order.id });
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toContain(`Your order ${order.order_code} was cancelled`);
    expect(subjects).toContain(`Refund for your order ${order.order_code}`);
  });

  it("skips a mail turned off while the notification still shows; transactional mails cannot be turned off", async () => {
    const me = await shopper();
    const email = await emailOf(me.id);
    const prefs = envelope(mailPreferencesData).parse((await http.get("/api/notifications/preferences", me.token)).body)
      .data.preferences;
    expect(prefs.map((p) => p.topic)).toEqual([
      "order_placed",
      "order_status",
      "order_cancelled",
      "return_decided",
      "refunded",
      "back_in_stock",
    ]);
    expect(prefs.filter((p) => p.locked).map((p) => p.topic)).toEqual(["order_placed", "order_cancelled", "refunded"]);
    expect(prefs.every((p) => p.email)).toBe(true);

    for (const topic of ["order_placed", "order_cancelled", "refunded"]) {
      const refused = await putPrefs(me.token, { [topic]: false });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[topic]).toEqual([NOTIFICATION_MESSAGES.locked]);
    }
    const saved = await putPrefs(me.token, { order_status: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.preferences.find((p: { topic: string }) => p.topic === "order_status").email).toBe(false);

    const order = await place(me);
    await setStatus(order.id, "Confirm");
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([expect.stringContaining(order.order_code)]);
    expect((await mine(me.token)).data[0]).toMatchObject({ kind: "order_status", params: { status: "Confirm" } });

    // A shop's owner also chooses the shop's mails.
    const ownerPrefs = envelope(mailPreferencesData).parse(
      (await http.get("/api/notifications/preferences", seller.token)).body,
    ).data.preferences;
    expect(ownerPrefs.map((p) => p.topic)).toContain("new_order");
    expect((await putPrefs(seller.token, { new_order: false })).statusCode).toBe(200);
    const owner = await emailOf(seller.ownerId);
    const before = (await mailsTo(owner)).length;
    const second = await place(me);
    expect((await mailsTo(owner)).length).toBe(before);
    expect((await shops(seller.token)).data[0]).toMatchObject({ kind: "new_order", order_id: second.id });
    expect((await putPrefs(seller.token, { new_order: true })).statusCode).toBe(200);
  });

  it("pushes the notification to the shopper's and the shop's private channels", async () => {
    const me = await shopper();
    const order = await place(me);
    const c = pusherClient(base, "marketplace-key", me.token);
    clients.push(c);
    await connected(c);
    const channel = c.subscribe(userChannel(me.id));
    await nextEvent(channel, "pusher:subscription_succeeded");
    const pushed = nextEvent<NotificationEvent>(channel, NOTIFICATION_EVENT);
    await setStatus(order.id, "Confirm");
    const event = await pushed;
    expect(event.unread).toBe(2);
    expect((await mine(me.token)).data[0]?.id).toBe(event.id);

    const s = pusherClient(base, "marketplace-key", seller.token);
    clients.push(s);
    await connected(s);
    const shopCh = s.subscribe(shopChannel(seller.shopId));
    await nextEvent(shopCh, "pusher:subscription_succeeded");
    const toShop = nextEvent<NotificationEvent>(shopCh, NOTIFICATION_EVENT);
    const next = await place(me);
    const shopEvent = await toShop;
    expect((await shops(seller.token)).data[0]).toMatchObject({ id: shopEvent.id, order_id: next.id });
  });
});
