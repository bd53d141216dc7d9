import {
  envelope,
  RETURN_MESSAGES as M,
  orderReturnsData,
  returnRequest,
  SELLER_NEXT_STATUS,
  sellerDashboardData,
  sellerOrdersData,
} from "@market/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { returnRefund, type ShareLine } from "../src/modules/returns/refund-share.ts";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  login as loginAs,
  placedOf,
  type Shopper,
  setStock,
  shopIdOf,
  shoppersWithAddress,
  stockOf,
  type Variant,
  variants,
} from "./order-helpers.ts";

// A real 1x1 PNG: the server checks photos by content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const DAY_MS = 86_400_000;

describe.each(dbKinds)("returns and refunds on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const raw = client(app);
  let mine: Variant;
  let other: Variant;
  let owner1: string;
  let owner2: string;

  const login = (email: string) => loginAs(app, email);
  const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, token: string | undefined, payload?: unknown) =>
    http.send(method, url, payload, token);
  const shopOf = (email: string) => shopIdOf(t.dbh, email);

  beforeAll(async () => {
    t = await openTestApp(kind);
    const shop1 = await shopOf("owner1@example.com");
    const shop2 = await shopOf("owner2@example.com");
    const all = await variants(t.dbh);
    mine = all.find((v) => v.shop_id === shop1) as Variant;
    other = all.find((v) => v.shop_id === shop2) as Variant;
    for (const v of [mine, other]) await setStock(t.dbh, v, 1000);
    owner1 = await login("owner1@example.com");
    owner2 = await login("owner2@example.com");
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;

  /** Pays the whole payment with the accepted test card, through the signed callback. */
  const pay = async (url: string | null) => {
    const u = new URL(url as string);
    const id = u.pathname.split("/")[3] as string;
    const charged = await raw.send(
      "POST",
      `/api/payments/${id}/test-charge`,
      new URLSearchParams({
        sig: u.searchParams.get("sig") as string,
        card_number: "4242 4242 4242 4242",
        expiry: "12/39",
        cvc: "123",
      }).toString(),
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(charged.status).toBe(303);
    const back = new URL(charged.headers.location as string);
    expect((await raw.send("GET", `${back.pathname}${back.search}`, undefined)).status).toBe(303);
  };

  /** An order of `qty` units of `v`, paid with `method` and moved by its shop to Delivered. */
  const delivered = async (me: Shopper, v: Variant, qty: number, method: "test" | "cash", seller = owner1) => {
    await addToCart(app, me.token, v, qty);
    const res = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: method },
      me.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const placed = placedOf(res.body);
    if (method === "test") await pay(placed.order_payment_url);
    const id = placed.orders[0]?.id as number;
    let status: string = "Pending";
    while (status !== "Delivered") {
      const next = SELLER_NEXT_STATUS[status as keyof typeof SELLER_NEXT_STATUS] as string;
      const moved = await http.post(`/api/seller/orders/${id}/status`, { status: next }, seller);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      status = moved.body.data.order.order_status;
    }
    const line = await t.dbh.db
      .selectFrom("order_products")
      .select(["id", "price", "quantity"])
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    const order = await t.dbh.db
      .selectFrom("orders")
      .select(["payable_amount", "delivery_charge", "order_code"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, line, order };
  };

  const ask = (me: Shopper, orderId: number, lines: { order_product_id: number; quantity: number }[], photos = 0) => {
    const body = new FormData();
    body.set("reason", "The colour is not as shown.");
    body.set("lines", JSON.stringify(lines));
    for (let i = 0; i < photos; i++)
      body.append("photos[]", new Blob([new Uint8Array(PNG)], { type: "image/png" }), `p${i}.png`);
    return send("POST", `/api/orders/${orderId}/returns`, me.token, body);
  };
  const returnsOf = async (me: Shopper, orderId: number) => {
    const res = await http.get(`/api/orders/${orderId}/returns`, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(orderReturnsData).parse(res.body).data;
  };
  const act = async (returnId: number, action: string, token = owner1, payload: unknown = {}) =>
    http.post(`/api/seller/returns/${returnId}/${action}`, payload, token);
  const refundsOf = (orderId: number) =>
    t.dbh.db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();

  it("a delivered order is returned: requested with a photo, approved, received; stock rises and the test gateway refunds the units' share", async () => {
    const me = await shopper();
    const { id, line, order } = await delivered(me, mine, 3, "test");
    const before = await returnsOf(me, id);
    expect(before.can_request).toBe(true);
    expect(before.returnable).toEqual([{ order_product_id: line.id, quantity: 3 }]);

    const res = await ask(me, id, [{ order_product_id: line.id, quantity: 2 }], 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ret = returnRequest.parse(res.body.data.return);
    expect(ret).toMatchObject({ status: "Requested", refund_amount: null, items: [{ quantity: 2 }] });
    expect(ret.photos[0]).toMatch(/^\/uploads\/returns\/[0-9a-f-]{36}\.png$/);
    // One open request at a time.
    expect((await ask(me, id, [{ order_product_id: line.id, quantity: 1 }])).status).toBe(409);
    expect((await returnsOf(me, id)).can_request).toBe(false);

    // Received before approval is refused; another shop cannot see or act on it.
    expect((await act(ret.id, "received")).status).toBe(409);
    expect((await act(ret.id, "approve", owner2)).status).toBe(404);
    expect((await http.get(`/api/seller/orders/${id}/returns`, owner2)).status).toBe(404);

    // Before the parcel is back, both sides see what receiving it will refund: the units' share.
    const expected = Math.floor(((order.payable_amount - order.delivery_charge) * 2) / 3);
    expect(ret.refund_estimate).toBe(expected / 100);
    expect((await act(ret.id, "approve")).body.data.return).toMatchObject({
      status: "Approved",
      refund_estimate: expected / 100,
    });
    expect((await act(ret.id, "approve")).status).toBe(409);
    const shopView = (await http.get(`/api/seller/orders/${id}/returns`, owner1)).body.data.returns[0];
    expect(shopView).toMatchObject({ id: ret.id, refund_estimate: expected / 100, refund_amount: null });
    const stock = await stockOf(t.dbh, mine);
    const received = await act(ret.id, "received");
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data.return).toMatchObject({
      status: "Refunded",
      refund_status: "Succeeded",
      refund_amount: expected / 100,
      refund_estimate: null,
    });
    expect(await stockOf(t.dbh, mine)).toBe(stock + 2);
    const movement = await t.dbh.db
      .selectFrom("stock_movements")
      .selectAll()
      .where("product_id", "=", mine.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ reason: "return", change: 2 });
    expect((await refundsOf(id)).map((r) => [r.amount, r.method, r.status])).toEqual([[expected, "test", "Succeeded"]]);
    // A part back leaves the rest paid for: the order's payment is Paid again, not Refunded, and
    // both sides see what came back.
    const orderOf = async (token: string) =>
      (await http.get(`/api/${token === me.token ? "" : "seller/"}orders/${id}`, token)).body.data.order;
    for (const token of [me.token, owner1]) {
      expect(await orderOf(token)).toMatchObject({ payment_status: "Paid", refunded_amount: expected / 100 });
    }
    // The invoice says it too, under its total.
    const invoiceUrl = new URL((await orderOf(me.token)).invoice_url);
    const invoice = await t.app.inject({ method: "GET", url: `${invoiceUrl.pathname}${invoiceUrl.search}` });
    expect(invoice.body).toContain(
      `<tr><td>Refunded</td><td class="num"><bdi dir="ltr">−$${(expected / 100).toFixed(2)}</bdi></td></tr>`,
    );
    // The shopper is told how much, in the bell and in the mail.
    await t.app.jobs.idle();
    const told = (await http.get("/api/notifications", me.token)).body.data.data;
    expect(told[0]).toMatchObject({ kind: "refunded", order_id: id, params: { amount: expected / 100 } });
    const mail = await t.dbh.db
      .selectFrom("outbox")
      .select("body")
      .where("subject", "=", `Refund for your order ${order.order_code}`)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(`Refunded: $${(expected / 100).toFixed(2)}`);
    expect(mail.body).toContain("has been made to the way you paid");

    // The last unit brings the rest of what was paid back, delivery included: exactly the payable amount.
    const seller = await http.get(`/api/seller/orders/${id}/returns`, owner1);
    expect(seller.body.data.returnable).toEqual([{ order_product_id: line.id, quantity: 1 }]);
    expect((await ask(me, id, [{ order_product_id: line.id, quantity: 2 }])).status).toBe(422);
    const last = (await ask(me, id, [{ order_product_id: line.id, quantity: 1 }])).body.data.return;
    await act(last.id, "approve");
    expect((await act(last.id, "received")).body.data.return.status).toBe("Refunded");
    const total = (await refundsOf(id)).reduce((n, r) => n + r.amount, 0);
    expect(total).toBe(order.payable_amount);
    expect(await orderOf(me.token)).toMatchObject({
      payment_status: "Refunded",
      refunded_amount: order.payable_amount / 100,
    });
    const after = await returnsOf(me, id);
    expect(after.can_request).toBe(false);
    expect(after.returns.map((r) => r.status)).toEqual(["Refunded", "Refunded"]);
  });

  it("a rejected request says why and frees the order for another request", async () => {
    const me = await shopper();
    const { id, line } = await delivered(me, mine, 1, "test");
    const ret = (await ask(me, id, [{ order_product_id: line.id, quantity: 1 }])).body.data.return;
    expect((await act(ret.id, "reject", owner1, {})).status).toBe(422);
    const res = await act(ret.id, "reject", owner1, { reason: "The item was used." });
    expect(res.body.data.return).toMatchObject({
      status: "Rejected",
      reject_reason: "The item was used.",
      refund_estimate: null,
    });
    expect((await act(ret.id, "received")).status).toBe(409);
    expect(await refundsOf(id)).toEqual([]);
    expect((await returnsOf(me, id)).can_request).toBe(true);
  });

  it("refuses orders not delivered, outside the window, of someone else, and bad lines", async () => {
    const me = await shopper();
    const stranger = await shopper();
    const { id, line } = await delivered(me, mine, 2, "test");
    expect((await ask(stranger, id, [{ order_product_id: line.id, quantity: 1 }])).status).toBe(404);
    expect((await http.get(`/api/orders/${id}/returns`, stranger.token)).status).toBe(404);
    expect((await ask(me, id, [{ order_product_id: line.id + 999_999, quantity: 1 }])).status).toBe(422);
    expect((await ask(me, id, [{ order_product_id: line.id, quantity: 3 }])).status).toBe(422);
    expect((await ask(me, id, [])).status).toBe(422);
    const dup = await ask(me, id, [
      { order_product_id: line.id, quantity: 1 },
      { order_product_id: line.id, quantity: 1 },
    ]);
    expect(dup.status).toBe(422);

    // Delivered longer ago than the window (7 days by default): closed.
    await t.dbh.db
      .updateTable("order_status_history")
      .set({ created_at: new Date(Date.now() - 8 * DAY_MS).toISOString() })
      .where("order_id", "=", id)
      .where("status", "=", "Delivered")
      .execute();
    const late = await ask(me, id, [{ order_product_id: line.id, quantity: 1 }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(M.windowOver);
    expect((await returnsOf(me, id)).can_request).toBe(false);
    // The admin widens the window: open again.
    const window = (days: number) =>
      t.dbh.db
        .updateTable("settings")
        .set({ value: String(days) })
        .where("key", "=", "return_order_within_days")
        .execute();
    await window(14);
    invalidateSettings({ dbh: t.dbh });
    try {
      expect((await returnsOf(me, id)).can_request).toBe(true);
    } finally {
      await window(7);
      invalidateSettings({ dbh: t.dbh });
    }

    // Not delivered yet.
    await addToCart(app, me.token, mine, 1);
    const placed = placedOf(
      (
        await http.post(
          "/api/place-order",
          { shop_ids: [mine.shop_id], address_id: me.addressId, payment_method: "cash" },
          me.token,
        )
      ).body,
    );
    const pending = placed.orders[0]?.id as number;
    const pendingLine = await t.dbh.db
      .selectFrom("order_products")
      .select("id")
      .where("order_id", "=", pending)
      .executeTakeFirstOrThrow();
    const early = await ask(me, pending, [{ order_product_id: pendingLine.id, quantity: 1 }]);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(M.notDelivered);
  });

  it("cash on delivery: received records a refund that waits until the shop marks it paid by hand", async () => {
    const me = await shopper();
    const { id, line, order } = await delivered(me, other, 1, "cash", owner2);
    // The shop's tab of orders with an open return: the count, and the order in it until it is
    // refunded.
    const openReturns = async (token = owner2) => {
      const res = await http.get("/api/seller/orders?returns=open&per_page=100", token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = envelope(sellerOrdersData).parse(res.body).data;
      // The dashboard gives the same count, beside the orders per status.
      const dashboard = envelope(sellerDashboardData).parse((await http.get("/api/seller/dashboard", token)).body);
      expect(dashboard.data.open_returns).toBe(data.open_returns);
      const ids = data.orders.data.map((o) => o.id);
      return { count: data.open_returns, total: data.orders.total, listed: ids.includes(id) };
    };
    const before = await openReturns();
    expect(before).toMatchObject({ listed: false, total: before.count });
    const ret = (await ask(me, id, [{ order_product_id: line.id, quantity: 1 }])).body.data.return;
    expect(await openReturns()).toEqual({ count: before.count + 1, total: before.count + 1, listed: true });
    expect((await openReturns(owner1)).listed).toBe(false);
    expect((await http.get("/api/seller/orders?returns=all", owner2)).status).toBe(422);
    expect((await act(ret.id, "refunded", owner2)).status).toBe(409);
    // The only unit back gives back the whole payable amount, delivery included.
    expect(ret.refund_estimate * 100).toBe(order.payable_amount);
    await act(ret.id, "approve", owner2);
    const received = (await act(ret.id, "received", owner2)).body.data.return;
    expect((await openReturns()).listed).toBe(true);
    expect(received).toMatchObject({ status: "Received", refund_status: "Pending", refund_by_hand: true });
    expect(received.refund_amount * 100).toBe(order.payable_amount);
    expect((await act(ret.id, "refunded", owner1)).status).toBe(404);
    const done = await act(ret.id, "refunded", owner2);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.return).toMatchObject({
      status: "Refunded",
      refund_status: "Succeeded",
      refund_by_hand: false,
    });
    expect((await act(ret.id, "refunded", owner2)).status).toBe(409);
    expect(await openReturns()).toEqual({ count: before.count, total: before.count, listed: false });
    expect((await refundsOf(id)).map((r) => [r.amount, r.method, r.status])).toEqual([
      [order.payable_amount, "cash", "Succeeded"],
    ]);
    const view = await http.get(`/api/orders/${id}`, me.token);
    expect(view.body.data.order.payment_status).toBe("Refunded");
    // The mail says the shop gives the cash back, not that a payment went back to a card.
    await t.app.jobs.idle();
    const mail = await t.dbh.db
      .selectFrom("outbox")
      .select("body")
      .where("subject", "=", `Refund for your order ${view.body.data.order.order_code}`)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain("You paid in cash on delivery, so the shop gives the money back to you itself.");
    expect(mail.body).not.toContain("the way you paid");
  });

  it("a returned flash-sale unit gives its place back under the sale's cap", async () => {
    const me = await shopper();
    const now = new Date().toISOString();
    const sale = await t.dbh.db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
      .innerJoin("product_variants as v", "v.product_id", "fi.product_id")
      .innerJoin("products as p", "p.id", "fi.product_id")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["fi.id", "fi.product_id", "fi.sold", "fi.quantity", "v.size_id", "v.color_id", "p.shop_id", "u.email"])
      .where("fs.start_date", "<=", now)
      .where("fs.end_date", ">", now)
      .where("p.is_active", "=", 1)
      .whereRef("fi.sold", "<", "fi.quantity")
      .orderBy("fi.id")
      .executeTakeFirstOrThrow();
    const v: Variant = {
      id: sale.product_id,
      shop_id: sale.shop_id,
      size_id: sale.size_id,
      color_id: sale.color_id,
      stock: 0,
    };
    await setStock(t.dbh, v, 20);
    const seller = await login(sale.email as string);
    const soldNow = async () =>
      Number(
        (
          await t.dbh.db
            .selectFrom("flash_sale_items")
            .select("sold")
            .where("id", "=", sale.id)
            .executeTakeFirstOrThrow()
        ).sold,
      );
    const { id } = await delivered(me, v, 1, "test", seller);
    const saleLine = await t.dbh.db
      .selectFrom("order_products")
      .select("id")
      .where("order_id", "=", id)
      .where("flash_sale_item_id", "=", sale.id)
      .executeTakeFirstOrThrow();
    const sold = await soldNow();
    const ret = (await ask(me, id, [{ order_product_id: saleLine.id, quantity: 1 }])).body.data.return;
    await act(ret.id, "approve", seller);
    expect((await act(ret.id, "received", seller)).status).toBe(200);
    expect(await soldNow()).toBe(sold - 1);
  });

  it("the admin's settings form carries the return window", async () => {
    const admin = await login("admin@example.com");
    const res = await http.get("/api/admin/settings", admin);
    expect(res.status).toBe(200);
    expect(res.body.data.return_order_within_days).toBe(7);
  });
});

describe("the refund of returned units (property)", () => {
  const orderArb = fc
    .record({
      lines: fc.array(
        fc.record({ price: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 6 }) }),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      couponBp: fc.integer({ min: 0, max: 10_000 }),
      taxBp: fc.integer({ min: 0, max: 2_500 }),
      delivery: fc.integer({ min: 0, max: 20_000 }),
    })
    .map(({ lines, couponBp, taxBp, delivery }) => {
      const shareLines: ShareLine[] = lines.map((l, i) => ({ id: i + 1, ...l }));
      const goods = shareLines.reduce((n, l) => n + l.price * l.quantity, 0);
      const coupon = Math.floor((goods * couponBp) / 10_000);
      const tax = Math.floor(((goods - coupon) * taxBp) / 10_000);
      return {
        lines: shareLines,
        delivery_charge: delivery,
        payable_amount: Math.max(0, goods - coupon + delivery + tax),
      };
    });

  it("never refunds more than was paid, and returning everything refunds exactly the payable amount", () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (order, picks, finish) => {
          const before = new Map<number, number>();
          let refunded = 0;
          const left = () => order.lines.filter((l) => (before.get(l.id) ?? 0) < l.quantity);
          // Random returns of random lines and quantities, then (sometimes) the rest in one go.
          for (const p of picks) {
            const open = left();
            if (open.length === 0) break;
            const l = open[p % open.length] as ShareLine;
            const q = 1 + ((p >> 3) % (l.quantity - (before.get(l.id) ?? 0)));
            const now = new Map([[l.id, q]]);
            const amount = returnRefund(order, before, now, refunded);
            expect(amount).toBeGreaterThanOrEqual(0);
            refunded += amount;
            before.set(l.id, (before.get(l.id) ?? 0) + q);
            expect(refunded).toBeLessThanOrEqual(order.payable_amount);
          }
          if (finish && left().length > 0) {
            const rest = new Map(left().map((l) => [l.id, l.quantity - (before.get(l.id) ?? 0)]));
            refunded += returnRefund(order, before, rest, refunded);
            for (const [id, q] of rest) before.set(id, (before.get(id) ?? 0) + q);
          }
          if (left().length === 0) expect(refunded).toBe(order.payable_amount);
          else expect(refunded).toBeLessThanOrEqual(order.payable_amount - order.delivery_charge);
        },
      ),
      { numRuns: 500 },
    );
  });
});
