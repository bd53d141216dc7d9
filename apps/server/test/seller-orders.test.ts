import { envelope, ORDER_MESSAGES, orderDetailData, sellerOrderDetailData, sellerOrdersData } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  login as loginAs,
  payWithTestCard,
  placedOf,
  type Shopper,
  setStock,
  shopIdOf,
  shoppersWithAddress,
  stockOf,
  type Variant,
  variants,
} from "./order-helpers.ts";

describe.each(dbKinds)("seller orders API on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  /** A variant of owner1's shop and one of owner2's. */
  let mineV: Variant;
  let theirsV: Variant;
  let owner1: string;
  let owner2: string;

  const login = (email: string) => loginAs(app, email);

  beforeAll(async () => {
    t = await openTestApp(kind);
    const [shop1, shop2] = [await shopIdOf(t.dbh, "owner1@example.com"), await shopIdOf(t.dbh, "owner2@example.com")];
    const all = await variants(t.dbh);
    mineV = all.find((v) => v.shop_id === shop1) as Variant;
    theirsV = all.find((v) => v.shop_id === shop2) as Variant;
    for (const v of [mineV, theirsV]) await setStock(t.dbh, v, 1000);
    [owner1, owner2] = [await login("owner1@example.com"), await login("owner2@example.com")];
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const place = async (me: Shopper, v: Variant, quantity = 1, payment_method = "cash") => {
    await addToCart(app, me.token, v, quantity);
    const res = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: me.addressId, payment_method },
      me.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return placedOf(res.body);
  };
  const order = async (me: Shopper, v: Variant, quantity = 1) =>
    (await place(me, v, quantity)).orders[0] as { id: number; order_code: string };
  const setStatus = (id: number, status: unknown, token = owner1) =>
    http.post(`/api/seller/orders/${id}/status`, { status }, token);
  const shopperView = async (me: Shopper, id: number) =>
    envelope(orderDetailData).parse((await http.get(`/api/orders/${id}`, me.token)).body).data.order;

  it("only a shop owner: 401 without a token, 403 for a shopper", async () => {
    const me = await shopper();
    expect((await http.get("/api/seller/orders")).status).toBe(401);
    for (const res of [
      await http.get("/api/seller/orders", me.token),
      await http.get("/api/seller/orders/1", me.token),
      await setStatus(1, "Confirm", me.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("This action is unauthorized.");
    }
  });

  it("lists the shop's own orders with the customer, counts, a status filter and a search", async () => {
    const me = await shopper();
    const mine = await order(me, mineV, 2);
    const theirs = await order(me, theirsV);
    const res = await http.get("/api/seller/orders?per_page=100", owner1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = envelope(sellerOrdersData).parse(res.body).data;
    const ids = data.orders.data.map((o) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(data.orders.data.every((o) => o.shop.id === mineV.shop_id)).toBe(true);
    const row = data.orders.data.find((o) => o.id === mine.id);
    const user = await t.dbh.db.selectFrom("users").selectAll().where("id", "=", me.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ quantity: 2, order_status: "Pending", customer: { id: me.id, name: user.name } });
    expect(data.status_counts.all).toBe(data.orders.total);

    const byCode = envelope(sellerOrdersData).parse(
      (await http.get(`/api/seller/orders?search=${encodeURIComponent(mine.order_code)}`, owner1)).body,
    ).data;
    expect(byCode.orders.data.map((o) => o.id)).toEqual([mine.id]);
    expect(byCode.orders.total).toBe(1);
    const byName = envelope(sellerOrdersData).parse(
      (await http.get(`/api/seller/orders?search=${encodeURIComponent(user.name.toLowerCase())}`, owner1)).body,
    ).data;
    expect(byName.orders.data.map((o) => o.id)).toEqual([mine.id]);
    const delivered = envelope(sellerOrdersData).parse(
      (await http.get("/api/seller/orders?order_status=Delivered", owner1)).body,
    ).data;
    expect(delivered.orders.data.every((o) => o.order_status === "Delivered")).toBe(true);
    expect(delivered.orders.total).toBe(data.status_counts.Delivered);
    const pending = envelope(sellerOrdersData).parse(
      (await http.get("/api/seller/orders?order_status=Pending&per_page=1", owner1)).body,
    ).data;
    expect(pending.orders).toMatchObject({ total: data.status_counts.Pending, last_page: data.status_counts.Pending });
    expect((await http.get(`/api/seller/orders?search=${"x".repeat(101)}`, owner1)).status).toBe(422);
  });

  it("gives the shop the customer's number with its dialling code, so it can be called from another country", async () => {
    const me = await shopper();
    await t.dbh.db
      .updateTable("users")
      .set({ phone: "791234567", phone_code: "+962" })
      .where("id", "=", me.id)
      .execute();
    const mine = await order(me, mineV);
    const detail = envelope(sellerOrderDetailData).parse((await http.get(`/api/seller/orders/${mine.id}`, owner1)).body)
      .data.order;
    expect(detail.customer.phone).toBe("+962791234567");
    const list = envelope(sellerOrdersData).parse(
      (await http.get("/api/seller/orders?per_page=100", owner1)).body,
    ).data;
    expect(list.orders.data.find((o) => o.id === mine.id)?.customer.phone).toBe("+962791234567");
  });

  it("another shop's owner gets 404 and changes nothing", async () => {
    const me = await shopper();
    const mine = await order(me, mineV);
    const seen = await http.get(`/api/seller/orders/${mine.id}`, owner2);
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe("Order not found");
    expect((await setStatus(mine.id, "Confirm", owner2)).status).toBe(404);
    expect((await setStatus(mine.id, "Cancelled", owner2)).status).toBe(404);
    expect((await shopperView(me, mine.id)).order_status).toBe("Pending");
  });

  it("moves an order along one step at a time; each step shows in the shopper's history", async () => {
    const me = await shopper();
    const mine = await order(me, mineV);
    const detail = envelope(sellerOrderDetailData).parse((await http.get(`/api/seller/orders/${mine.id}`, owner1)).body)
      .data.order;
    expect(detail).toMatchObject({ next_status: "Confirm", can_cancel: true, customer: { id: me.id } });

    const skip = await setStatus(mine.id, "Delivered");
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe("This order is Pending; its next status is Confirmed.");
    expect((await setStatus(mine.id, "Shipped")).status).toBe(422);
    expect((await http.post(`/api/seller/orders/${mine.id}/status`, {}, owner1)).body.errors.status).toEqual([
      "The status field is required.",
    ]);

    const steps = ["Confirm", "Processing", "Pickup", "On The Way", "Delivered"] as const;
    // Each status by the name the pages, the bell and the mails give it.
    const said = ["Confirmed", "Processing", "Ready to ship", "On the way", "Delivered"];
    for (const [i, status] of steps.entries()) {
      const res = await setStatus(mine.id, status);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(`Order status changed to ${said[i]}`);
      expect(envelope(sellerOrderDetailData).parse(res.body).data.order.order_status).toBe(status);
      expect((await shopperView(me, mine.id)).order_status).toBe(status);
    }
    const seen = await shopperView(me, mine.id);
    expect(seen.status_history.map((h) => [h.status, h.by])).toEqual([
      ["Pending", "customer"],
      ...steps.map((s) => [s, "seller"]),
    ]);
    // Cash on delivery is paid on delivery; a delivered order may be ordered again, not cancelled.
    expect(seen).toMatchObject({ payment_status: "Paid", can_reorder: true, can_cancel: false });
    const done = await setStatus(mine.id, "Cancelled");
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(ORDER_MESSAGES.onlyPendingCancel);
    const after = await setStatus(mine.id, "Delivered");
    expect(after.status).toBe(409);
    expect(after.body.message).toBe("This order is Delivered and can no longer change.");
  });

  it("an order paid by card waits for its payment: the shop may cancel it, not confirm it, until it is paid", async () => {
    const me = await shopper();
    const placed = await place(me, mineV, 1, "test");
    const id = placed.orders[0]?.id as number;
    const detail = async () =>
      envelope(sellerOrderDetailData).parse((await http.get(`/api/seller/orders/${id}`, owner1)).body).data.order;
    expect(await detail()).toMatchObject({ awaiting_payment: true, next_status: null, can_cancel: true });
    for (const status of ["Confirm", "Processing", "Delivered"]) {
      const refused = await setStatus(id, status);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ORDER_MESSAGES.awaitingPayment);
    }
    expect(await shopperView(me, id)).toMatchObject({ order_status: "Pending", payment_status: "Pending" });

    await payWithTestCard(app, placed);
    expect(await detail()).toMatchObject({ awaiting_payment: false, next_status: "Confirm", can_cancel: true });
    expect((await setStatus(id, "Confirm")).status).toBe(200);
    expect(await shopperView(me, id)).toMatchObject({ order_status: "Confirm", payment_status: "Paid" });
  });

  it("cancels a Pending order: the stock returns and the shopper sees who cancelled", async () => {
    const me = await shopper();
    const before = await stockOf(t.dbh, mineV);
    const mine = await order(me, mineV, 3);
    expect(await stockOf(t.dbh, mineV)).toBe(before - 3);
    const res = await setStatus(mine.id, "Cancelled");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stockOf(t.dbh, mineV)).toBe(before);
    const seen = await shopperView(me, mine.id);
    expect(seen.order_status).toBe("Cancelled");
    expect(seen.status_history.at(-1)).toMatchObject({ status: "Cancelled", by: "seller" });
    // A confirmed order is no longer cancellable by the seller.
    const next = await order(me, mineV);
    await setStatus(next.id, "Confirm");
    expect((await setStatus(next.id, "Cancelled")).status).toBe(409);
    // The shopper cannot cancel it either once confirmed.
    expect((await http.post(`/api/orders/${next.id}/cancel`, {}, me.token)).status).toBe(409);
  });

  it("gives a confirmed order its parcel, which the shopper sees; not before, not once delivered", async () => {
    const me = await shopper();
    const mine = await order(me, mineV);
    const ship = (body: unknown, token = owner1, locale = "en") =>
      app().inject({
        method: "POST",
        url: `/api/seller/orders/${mine.id}/shipment`,
        payload: body as object,
        headers: { authorization: `Bearer ${token}`, "accept-language": locale },
      });
    const parcel = {
      carrier: "DHL Express",
      tracking_number: "JD 0146-0001",
      tracking_url: "https://dhl.example/t/JD0146",
    };
    const stored = () =>
      t.dbh.db
        .selectFrom("orders")
        .select(["shipment_carrier", "shipment_tracking_number", "shipment_tracking_url"])
        .where("id", "=", mine.id)
        .executeTakeFirstOrThrow();

    const early = await ship(parcel);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("This order is Pending; confirm it before adding its parcel.");
    expect((await ship(parcel, owner1, "ar")).json().message).toBe(
      "حالة هذا الطلب قيد الانتظار؛ أكّده قبل إضافة بيانات طرده.",
    );
    const pending = envelope(sellerOrderDetailData).parse(
      (await http.get(`/api/seller/orders/${mine.id}`, owner1)).body,
    );
    expect(pending.data.order).toMatchObject({ can_edit_shipment: false, shipment: null });

    await setStatus(mine.id, "Confirm");
    // Each field is checked and a refused parcel changes nothing.
    const refused: Array<[object, string, string]> = [
      [
        { ...parcel, tracking_url: "javascript:alert(1)" },
        "tracking_url",
        "The tracking link field must be an address starting with https://.",
      ],
      [
        { ...parcel, tracking_url: "http://dhl.example/t/1" },
        "tracking_url",
        "The tracking link field must be an address starting with https://.",
      ],
      [
        { ...parcel, tracking_number: "<b>1</b>" },
        "tracking_number",
        "The tracking number field may contain only letters, digits, spaces and dashes.",
      ],
      [{ ...parcel, tracking_number: "  " }, "tracking_number", "The tracking number field is required."],
      [{ ...parcel, carrier: "x".repeat(61) }, "carrier", "The carrier field must not be greater than 60 characters."],
      [{ tracking_number: "1" }, "carrier", "The carrier field is required."],
    ];
    for (const [body, field, message] of refused) {
      const res = await ship(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await ship({ ...parcel, status: "Delivered" })).statusCode).toBe(422);
    expect(await stored()).toEqual({
      shipment_carrier: null,
      shipment_tracking_number: null,
      shipment_tracking_url: null,
    });

    const saved = await ship({ ...parcel, carrier: "  DHL Express " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("Parcel saved");
    const detail = envelope(sellerOrderDetailData).parse(saved.json()).data.order;
    expect(detail).toMatchObject({ can_edit_shipment: true, shipment: parcel, order_status: "Confirm" });
    expect((await shopperView(me, mine.id)).shipment).toEqual(parcel);
    // Corrected on the way; the link may be left out. The "on the way" mail named the first parcel,
    // so the shopper is told of the new one, by mail and under the bell; saving it again tells nothing.
    for (const s of ["Processing", "Pickup", "On The Way"]) await setStatus(mine.id, s);
    const { email } = await t.dbh.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    const mails = async () => {
      await t.app.jobs.idle();
      return t.dbh.db
        .selectFrom("outbox")
        .select(["subject", "body"])
        .where("recipient", "=", String(email))
        .orderBy("id")
        .execute();
    };
    const told = async () =>
      (
        await t.dbh.db
          .selectFrom("notifications")
          .select("kind")
          .where("user_id", "=", me.id)
          .where("kind", "=", "parcel_changed")
          .execute()
      ).length;
    const mailed = (await mails()).length;
    expect(await told()).toBe(0);
    const corrected = await ship({ carrier: "Aramex", tracking_number: "AR123", tracking_url: "" });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const news = (await mails()).slice(mailed);
    expect(news.map((m) => m.subject)).toEqual([`New parcel details for your order ${mine.order_code}`]);
    expect(news[0]?.body).toContain("Parcel: Aramex, tracking number AR123");
    expect(news[0]?.body).not.toContain("Track the parcel");
    expect(await told()).toBe(1);
    expect((await ship({ carrier: "Aramex", tracking_number: "AR123", tracking_url: "" })).statusCode).toBe(200);
    expect((await mails()).length).toBe(mailed + 1);
    expect(await told()).toBe(1);
    // It is an order update: a shopper who turned those mails off is told under the bell only.
    expect((await http.send("PUT", "/api/notifications/preferences", { order_status: false }, me.token)).status).toBe(
      200,
    );
    expect((await ship({ carrier: "Aramex", tracking_number: "AR124", tracking_url: "" })).statusCode).toBe(200);
    expect((await mails()).length).toBe(mailed + 1);
    expect(await told()).toBe(2);
    expect((await ship({ carrier: "Aramex", tracking_number: "AR123", tracking_url: "" })).statusCode).toBe(200);
    expect((await shopperView(me, mine.id)).shipment).toEqual({
      carrier: "Aramex",
      tracking_number: "AR123",
      tracking_url: null,
    });
    // The shop finds the order by its tracking number, as the carrier or the shopper gives it.
    const byParcel = envelope(sellerOrdersData).parse((await http.get("/api/seller/orders?search=ar123", owner1)).body)
      .data.orders;
    expect(byParcel.data.map((o) => o.id)).toEqual([mine.id]);
    expect(byParcel.total).toBe(1);
    const elsewhere = envelope(sellerOrdersData).parse((await http.get("/api/seller/orders?search=ar123", owner2)).body)
      .data.orders;
    expect(elsewhere.total).toBe(0);

    await setStatus(mine.id, "Delivered");
    const late = await ship(parcel);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This order is Delivered; its parcel can no longer change.");
    expect(
      envelope(sellerOrderDetailData).parse((await http.get(`/api/seller/orders/${mine.id}`, owner1)).body).data.order,
    ).toMatchObject({ can_edit_shipment: false, shipment: { carrier: "Aramex" } });
    // Another shop's owner finds no such order.
    const theirs = await ship(parcel, owner2);
    expect(theirs.statusCode).toBe(404);
    expect((await stored()).shipment_carrier).toBe("Aramex");
  });
});
