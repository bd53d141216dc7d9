import {
  checkoutData,
  dayText,
  envelope,
  ORDER_MESSAGES,
  orderDetailData,
  ordersData,
  type PlaceOrderRequest,
  reorderData,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { codeIn } from "./auth-helpers.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, shippedText, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  HOME_ADDRESS,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  shoppersWithLine,
  stockOf,
  type Variant,
  variants,
} from "./order-helpers.ts";

const cents = (major: number) => Math.round(major * 100);

describe.each(dbKinds)("orders API on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const raw = client(app);
  let all: Variant[];
  /** Two variants of different shops, for tests that need two shops. */
  let pair: [Variant, Variant];

  beforeAll(async () => {
    t = await openTestApp(kind);
    all = await variants(t.dbh);
    const a = all[0] as Variant;
    pair = [a, all.find((v) => v.shop_id !== a.shop_id) as Variant];
    // Plenty for every test that orders from the pair.
    for (const v of pair) await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const place = (me: Shopper, body: Partial<PlaceOrderRequest> & { shop_ids: number[] }, headers = {}) =>
    raw
      .send(
        "POST",
        "/api/place-order",
        { address_id: me.addressId, payment_method: "cash", ...body },
        me.token,
        headers,
      )
      .then((r) => ({ status: r.status, body: JSON.parse(r.text) }));
  const detail = async (me: Shopper, id: number) => {
    const res = await http.get(`/api/orders/${id}`, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(orderDetailData).parse(res.body).data.order;
  };
  const orders = async (me: Shopper, query = "") => {
    const res = await http.get(`/api/orders${query}`, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(ordersData).parse(res.body).data;
  };
  const cartLines = async (me: Shopper, buyNow = false) =>
    (await http.get(`/api/carts${buyNow ? "?is_buy_now=1" : ""}`, me.token)).body.data.cart_items.flatMap(
      (g: { products: unknown[] }) => g.products,
    );
  const orderCount = async () =>
    Number(
      (
        await t.dbh.db
          .selectFrom("orders")
          .select((e) => e.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A running coupon of the shop with no use limit, collected by the shopper. */
  const collectedCoupon = async (me: Shopper, shopId: number) => {
    const c = await t.dbh.db
      .selectFrom("coupons")
      .selectAll()
      .where("shop_id", "=", shopId)
      .where("usage_limit", "is", null)
      .where("end_date", ">", clock.iso())
      .where("discount_type", "=", "Percentage")
      .executeTakeFirstOrThrow();
    expect((await http.post("/api/vouchers-collect", { coupon_id: c.id }, me.token)).status).toBe(200);
    return c;
  };

  it("every route needs the token", async () => {
    for (const res of await Promise.all([
      http.post("/api/place-order", { shop_ids: [1], address_id: 1, payment_method: "cash" }),
      http.get("/api/orders"),
      http.get("/api/orders/1"),
      http.post("/api/orders/1/cancel", {}),
      http.post("/api/orders/1/reorder", {}),
    ])) {
      expect(res.status).toBe(401);
    }
  });

  it("names a tax in the shopper's language at checkout and on the order, and records it by its own name", async () => {
    const me = await shopper();
    const [a] = pair;
    if (!a) throw new Error("no variant");
    const vat = await t.dbh.db
      .selectFrom("vat_taxes")
      .select(["id", "name", "i18n"])
      .where("rate_bp", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const arName = (JSON.parse(vat.i18n) as Record<string, { name?: string }>).ar?.name;
    expect(arName).toMatch(/[\u0600-\u06FF]/);
    const before = await t.dbh.db
      .selectFrom("products")
      .select("vat_tax_id")
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow();
    await t.dbh.db.updateTable("products").set({ vat_tax_id: vat.id }).where("id", "=", a.id).execute();
    try {
      await addToCart(app, me.token, a, 1);
      const ar = { "accept-language": "ar" };
      const names = (taxes: { name: string }[]) => taxes.map((v) => v.name);
      const seen = envelope(checkoutData).parse(
        (await http.send("POST", "/api/cart/checkout", { shop_ids: [a.shop_id] }, me.token, ar)).body,
      ).data;
      expect(names(seen.checkout.all_vat_taxes)).toEqual([arName]);
      const res = await place(me, { shop_ids: [a.shop_id] }, ar);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const id = placedOf(res.body).orders[0]?.id as number;
      // The order keeps the tax's own name, whatever language it was placed in, and says it in the reader's.
      const stored = await t.dbh.db
        .selectFrom("orders")
        .select("vat_taxes")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(names(JSON.parse(stored.vat_taxes))).toEqual([vat.name]);
      expect(names((await detail(me, id)).all_vat_taxes)).toEqual([vat.name]);
      const inAr = await http.send("GET", `/api/orders/${id}`, undefined, me.token, ar);
      expect(names(envelope(orderDetailData).parse(inAr.body).data.order.all_vat_taxes)).toEqual([arName]);
    } finally {
      await t.dbh.db.updateTable("products").set({ vat_tax_id: before.vat_tax_id }).where("id", "=", a.id).execute();
    }
  });

  it("places one order per shop under one payment, with the totals checkout showed (coupon included)", async () => {
    const me = await shopper();
    const [a, b] = pair;
    const stockA = await stockOf(t.dbh, a);
    const stockB = await stockOf(t.dbh, b);
    await addToCart(app, me.token, a, 2);
    await addToCart(app, me.token, b, 1);
    const coupon = await collectedCoupon(me, a.shop_id);
    const shop_ids = [a.shop_id, b.shop_id];
    const seen = envelope(checkoutData).parse(
      (await http.post("/api/cart/checkout", { shop_ids, coupon_code: coupon.code }, me.token)).body,
    ).data;
    expect(seen.apply_coupon?.valid).toBe(true);
    expect(seen.checkout.coupon_discount).toBeGreaterThan(0);

    const res = await place(me, {
      shop_ids,
      coupon_code: coupon.code.toLowerCase(),
      note: "  Leave at the door ",
      expected_total: seen.checkout.payable_amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Order placed successfully");
    const placed = placedOf(res.body);
    expect(placed.order_payment_url).toBeNull();
    expect(placed.orders.map((o) => o.shop_id)).toEqual([...shop_ids].sort((x, y) => x - y));
    expect(placed.payable_amount).toBe(seen.checkout.payable_amount);

    const details = await Promise.all(placed.orders.map((o) => detail(me, o.id)));
    const sum = (f: (d: (typeof details)[number]) => number) => details.reduce((n, d) => n + cents(f(d)), 0) / 100;
    expect(sum((d) => d.total_amount)).toBe(seen.checkout.total_amount);
    expect(sum((d) => d.delivery_charge)).toBe(seen.checkout.delivery_charge);
    expect(sum((d) => d.coupon_discount)).toBe(seen.checkout.coupon_discount);
    expect(sum((d) => d.tax_amount)).toBe(seen.checkout.order_tax_amount);
    expect(sum((d) => d.payable_amount)).toBe(seen.checkout.payable_amount);
    const vat = new Map<string, number>();
    for (const v of details.flatMap((d) => d.all_vat_taxes)) vat.set(v.name, (vat.get(v.name) ?? 0) + cents(v.amount));
    expect(Object.fromEntries(vat)).toEqual(
      Object.fromEntries(seen.checkout.all_vat_taxes.map((v) => [v.name, cents(v.amount)])),
    );

    const orderA = details.find((d) => d.shop.id === a.shop_id);
    const lineA = seen.checkout_items.find((g) => g.shop_id === a.shop_id)?.products[0];
    expect(orderA).toMatchObject({
      order_status: "Pending",
      payment_status: "Pending",
      payment_method: "cash",
      quantity: 2,
      note: "Leave at the door",
      payment_id: placed.payment_id,
      order_payment_url: null,
      can_cancel: true,
      can_reorder: false,
      address: { name: "Ada Lovelace", address_line: "12 Analytical Street", address_type: "home" },
      products: [
        {
          product_id: a.id,
          name: lineA?.name,
          order_qty: 2,
          size: lineA?.size ?? null,
          color: lineA?.color
            ? { id: lineA.color.id, name: lineA.color.name, color_code: lineA.color.color_code }
            : null,
          unit: lineA?.unit ?? null,
          price: lineA && lineA.discount_price > 0 ? lineA.discount_price : lineA?.price,
          subtotal: lineA?.subtotal,
        },
      ],
      status_history: [{ status: "Pending", by: "customer" }],
    });
    expect(orderA?.order_code).toMatch(/^#[A-Z]{1,4}\d{6}$/);
    expect(orderA?.coupon_discount).toBe(seen.checkout.coupon_discount);
    // "You saved" counts the voucher with the products' discounts.
    expect(orderA && cents(orderA.saved)).toBe(orderA && cents(orderA.discount) + cents(orderA.coupon_discount));
    expect(orderA?.saved).toBeGreaterThan(0);
    // Each names the other its payment covers (what the payment's result dialog lists).
    const orderB = details.find((d) => d.shop.id === b.shop_id);
    expect(orderA?.paid_with).toEqual([orderB?.order_code]);
    expect(orderB?.paid_with).toEqual([orderA?.order_code]);
    expect(orderA?.estimated_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Stock taken per variant, the cart emptied of those shops, the coupon counted once.
    expect(await stockOf(t.dbh, a)).toBe(stockA - 2);
    expect(await stockOf(t.dbh, b)).toBe(stockB - 1);
    expect(await cartLines(me)).toEqual([]);
    const uses = await t.dbh.db.selectFrom("coupon_usages").selectAll().where("coupon_id", "=", coupon.id).execute();
    expect(uses.map((u) => [u.user_id, u.order_ref])).toEqual([[me.id, orderA?.order_code]]);
    const after = await t.dbh.db
      .selectFrom("coupons")
      .select("used_count")
      .where("id", "=", coupon.id)
      .executeTakeFirst();
    expect(after?.used_count).toBe(coupon.used_count + 1);

    // The same coupon a second time is refused, and nothing is placed.
    await addToCart(app, me.token, a, 1);
    const again = await place(me, { shop_ids: [a.shop_id], coupon_code: coupon.code });
    expect(again.status).toBe(422);
    expect(again.body.errors.coupon_code).toEqual(["You have already used this coupon."]);
    expect(await cartLines(me)).toHaveLength(1);
  });

  it("places only the selected shops and leaves the other shop's lines in the cart", async () => {
    const me = await shopper();
    const [a, b] = pair;
    await addToCart(app, me.token, a, 1);
    await addToCart(app, me.token, b, 1);
    const res = await place(me, { shop_ids: [b.shop_id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(placedOf(res.body).orders).toHaveLength(1);
    const left = await cartLines(me);
    expect(left.map((l: { product_id: number }) => l.product_id)).toEqual([a.id]);
  });

  it("validates the request; bad input changes nothing", async () => {
    const me = await shopper();
    const [a] = pair;
    await addToCart(app, me.token, a, 1);
    const before = { stock: await stockOf(t.dbh, a), orders: await orderCount() };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ shop_ids: [] }, 422, "Please select at least one shop"],
      [{ shop_ids: undefined }, 422, "The shop_ids field is required."],
      [{ shop_ids: ["x"] }, 422, "The shop_ids field must be a number."],
      [{ address_id: undefined }, 422, "The address_id field is required."],
      [{ payment_method: undefined }, 422, "The payment method field is required."],
      [{ payment_method: "bitcoin" }, 422, "The selected payment method is not available."],
      [{ note: "n".repeat(501) }, 422, "The note field must not be greater than 500 characters."],
      [{ coupon_code: "C".repeat(51) }, 422, "The coupon_code field must not be greater than 50 characters."],
      [{ coupon_code: "NOSUCHCODE" }, 422, "Invalid coupon code."],
      [{ unknown: 1 }, 422, "The unknown field is not allowed."],
      [{ shop_ids: [999_999] }, 422, "Your cart has no products from the selected shops."],
      [{ address_id: 999_999 }, 409, ORDER_MESSAGES.addressGone],
    ];
    for (const [patch, status, message] of cases) {
      const res = await place(me, { shop_ids: [a.shop_id], ...patch });
      expect(res.status, `${JSON.stringify(patch)}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message).toContain(message);
    }
    // Another shopper's address answers the same: nothing tells it exists.
    const other = await shopper();
    const res = await place(me, { shop_ids: [a.shop_id], address_id: other.addressId });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, "conflict", ORDER_MESSAGES.addressGone]);
    // One deleted meanwhile (in another tab) is named so, and nothing is placed.
    const spare = await raw.send("POST", "/api/address/store", { ...HOME_ADDRESS, name: "Spare Door" }, me.token);
    const spareId = JSON.parse(spare.text).data.address.id as number;
    expect((await raw.send("POST", `/api/address/${spareId}/delete`, undefined, me.token)).status).toBe(200);
    const gone = await place(me, { shop_ids: [a.shop_id], address_id: spareId });
    expect([gone.status, gone.body.message]).toEqual([409, ORDER_MESSAGES.addressGone]);
    const badKey = await place(me, { shop_ids: [a.shop_id] }, { "idempotency-key": "k".repeat(101) });
    expect(badKey.status).toBe(422);
    expect(badKey.body.message).toBe("The Idempotency-Key header must be 1 to 100 visible characters.");
    expect({ stock: await stockOf(t.dbh, a), orders: await orderCount() }).toEqual(before);
    expect(await cartLines(me)).toHaveLength(1);
  });

  it("refuses cash on delivery when the settings turn it off", async () => {
    const me = await shopper();
    await addToCart(app, me.token, pair[0], 1);
    await t.dbh.db.updateTable("settings").set({ value: "false" }).where("key", "=", "cash_on_delivery").execute();
    invalidateSettings({ dbh: t.dbh });
    try {
      const res = await place(me, { shop_ids: [pair[0].shop_id] });
      expect(res.status).toBe(422);
      expect(res.body.errors.payment_method).toEqual(["Cash on delivery is not available."]);
    } finally {
      await t.dbh.db.updateTable("settings").set({ value: "true" }).where("key", "=", "cash_on_delivery").execute();
      invalidateSettings({ dbh: t.dbh });
    }
  });

  it("stops when a price changed since checkout, tells the shopper, and places at the new price on retry", async () => {
    const me = await shopper();
    const v = all[2] as Variant;
    await addToCart(app, me.token, v, 1);
    const product = await t.dbh.db.selectFrom("products").selectAll().where("id", "=", v.id).executeTakeFirstOrThrow();
    await t.dbh.db
      .updateTable("products")
      .set({ price: product.price + 1000, discount_price: 0 })
      .where("id", "=", v.id)
      .execute();
    try {
      const res = await place(me, { shop_ids: [v.shop_id] });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(
        new RegExp(`^The price of ${product.name} changed from \\$[\\d.,]+ to \\$[\\d.,]+\\.$`),
      );
      // The cart now shows the new price, and a retry places at it.
      const [line] = await cartLines(me);
      expect(cents(line.price)).toBeGreaterThanOrEqual(product.price + 1000);
      const retry = await place(me, { shop_ids: [v.shop_id] });
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      const order = await detail(me, placedOf(retry.body).orders[0]?.id as number);
      expect(order.products[0]?.price).toBe(line.price);
    } finally {
      await t.dbh.db
        .updateTable("products")
        .set({ price: product.price, discount_price: product.discount_price })
        .where("id", "=", v.id)
        .execute();
    }
  });

  it("an Idempotency-Key makes a retry or a double click answer the first order", async () => {
    const me = await shopper();
    const v = all[3] as Variant;
    const stock = await stockOf(t.dbh, v);
    await addToCart(app, me.token, v, 1);
    const body = { shop_ids: [v.shop_id] };
    const key = { "idempotency-key": `order-${me.id}-1` };
    const [first, second] = await Promise.all([place(me, body, key), place(me, body, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second).toEqual(first);
    const third = await place(me, body, key);
    expect(third).toEqual(first);
    expect((await orders(me)).orders.total).toBe(1);
    expect(await stockOf(t.dbh, v)).toBe(stock - 1);
    const other = await place(me, { shop_ids: [v.shop_id], note: "different" }, key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe("This Idempotency-Key was already used for a different order.");
  });

  it("50 shoppers racing for 5 units: exactly 5 orders, the rest told it is out of stock, stock 0", async () => {
    const v = all[4] as Variant;
    await setStock(t.dbh, v, 50);
    const shoppers = await shoppersWithLine(app, t.dbh, 50, v);
    await setStock(t.dbh, v, 5);
    const answers = await Promise.all(shoppers.map((s) => place(s, { shop_ids: [v.shop_id] })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(5);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.message).toMatch(/out of stock/);
    }
    expect(await stockOf(t.dbh, v)).toBe(0);
    const sold = await t.dbh.db
      .selectFrom("order_products")
      .select((e) => e.fn.sum<number>("quantity").as("n"))
      .where("product_id", "=", v.id)
      .where("size_id", "=", v.size_id)
      .where("color_id", "=", v.color_id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
  });

  it("a coupon limited to 3 uses is used exactly 3 times under a race", async () => {
    const v = all[5] as Variant;
    await setStock(t.dbh, v, 100);
    const now = clock.iso();
    const coupon = await t.dbh.db
      .insertInto("coupons")
      .values({
        shop_id: v.shop_id,
        code: `RACE${kind.toUpperCase()}3`,
        discount: 100,
        discount_type: "Fixed",
        max_discount: null,
        usage_limit: 3,
        start_date: new Date(Date.now() - 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const shoppers = await shoppersWithLine(app, t.dbh, 10, v);
    // Ten shoppers hold it (collected before its limit was lowered to 3).
    await t.dbh.db
      .insertInto("coupon_collections")
      .values(shoppers.map((s) => ({ coupon_id: coupon.id, user_id: s.id, created_at: now })))
      .execute();
    const answers = await Promise.all(
      shoppers.map((s) => place(s, { shop_ids: [v.shop_id], coupon_code: `RACE${kind.toUpperCase()}3` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status).toBe(422);
      expect(r.body.message).toBe("This coupon has reached its usage limit.");
    }
    const row = await t.dbh.db
      .selectFrom("coupons")
      .select("used_count")
      .where("id", "=", coupon.id)
      .executeTakeFirst();
    expect(row?.used_count).toBe(3);
    const uses = await t.dbh.db.selectFrom("coupon_usages").select("id").where("coupon_id", "=", coupon.id).execute();
    expect(uses).toHaveLength(3);
  });

  it("cancel while Pending returns the stock exactly, the flash-sale quantity and the coupon", async () => {
    const me = await shopper();
    const now = clock.iso();
    const sale = await t.dbh.db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
      .innerJoin("product_variants as v", "v.product_id", "fi.product_id")
      .innerJoin("products as p", "p.id", "fi.product_id")
      .select([
        "fi.id",
        "fi.product_id",
        "fi.sold",
        "fi.quantity",
        "fi.sale_price",
        "v.size_id",
        "v.color_id",
        "p.shop_id",
      ])
      .where("fs.start_date", "<=", now)
      .where("fs.end_date", ">", now)
      .where("p.is_active", "=", 1)
      .whereRef("fi.sold", "<", "fi.quantity")
      .orderBy("fi.id")
      .executeTakeFirstOrThrow();
    const saleVariant: Variant = {
      id: sale.product_id,
      shop_id: sale.shop_id,
      size_id: sale.size_id,
      color_id: sale.color_id,
      stock: 0,
    };
    await setStock(t.dbh, saleVariant, 20);
    const qty = Math.min(2, sale.quantity - sale.sold);
    await addToCart(app, me.token, saleVariant, qty);
    const coupon = await collectedCoupon(me, sale.shop_id);
    const res = await place(me, { shop_ids: [sale.shop_id], coupon_code: coupon.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = placedOf(res.body).orders[0]?.id as number;
    const saleRow = () =>
      t.dbh.db.selectFrom("flash_sale_items").select("sold").where("id", "=", sale.id).executeTakeFirstOrThrow();
    expect((await saleRow()).sold).toBe(sale.sold + qty);
    expect(await stockOf(t.dbh, saleVariant)).toBe(20 - qty);
    // Priced at the sale price plus the variant's surcharges.
    const size = await t.dbh.db
      .selectFrom("product_sizes")
      .select("price")
      .where("product_id", "=", sale.product_id)
      .where("size_id", "=", sale.size_id)
      .executeTakeFirst();
    const color = await t.dbh.db
      .selectFrom("product_colors")
      .select("price")
      .where("product_id", "=", sale.product_id)
      .where("color_id", "=", sale.color_id)
      .executeTakeFirst();
    const placedOrder = await detail(me, id);
    expect(cents(placedOrder.products[0]?.price ?? 0)).toBe(sale.sale_price + (size?.price ?? 0) + (color?.price ?? 0));

    const other = await shopper();
    expect((await http.post(`/api/orders/${id}/cancel`, {}, other.token)).status).toBe(404);
    const cancelled = await http.post(`/api/orders/${id}/cancel`, {}, me.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toBe(ORDER_MESSAGES.cancelled);
    const order = envelope(orderDetailData).parse(cancelled.body).data.order;
    expect(order.order_status).toBe("Cancelled");
    expect(order.can_cancel).toBe(false);
    expect(order.status_history.map((h) => [h.status, h.by])).toEqual([
      ["Pending", "customer"],
      ["Cancelled", "customer"],
    ]);
    expect(await stockOf(t.dbh, saleVariant)).toBe(20);
    expect((await saleRow()).sold).toBe(sale.sold);
    const uses = await t.dbh.db
      .selectFrom("coupon_usages")
      .select("id")
      .where("coupon_id", "=", coupon.id)
      .where("user_id", "=", me.id)
      .execute();
    expect(uses).toEqual([]);

    const again = await http.post(`/api/orders/${id}/cancel`, {}, me.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ORDER_MESSAGES.onlyPendingCancel);
    expect(await stockOf(t.dbh, saleVariant)).toBe(20);
  });

  it("lists orders newest first with counts per status, a status filter and pages", async () => {
    const me = await shopper();
    const [a, b] = pair;
    for (const v of [a, b, a]) {
      await addToCart(app, me.token, v, 1);
      expect((await place(me, { shop_ids: [v.shop_id] })).status).toBe(200);
    }
    const first = await orders(me);
    const ids = first.orders.data.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    await http.post(`/api/orders/${ids[0]}/cancel`, {}, me.token);
    const data = await orders(me, "?per_page=2&page=1");
    expect(data.status_counts).toEqual({
      all: 3,
      Pending: 2,
      Confirm: 0,
      Processing: 0,
      Pickup: 0,
      "On The Way": 0,
      Delivered: 0,
      Cancelled: 1,
    });
    expect(data.orders).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(data.orders.data).toHaveLength(2);
    expect((await orders(me, "?per_page=2&page=2")).orders.data.map((o) => o.id)).toEqual([ids[2]]);
    const pending = await orders(me, "?order_status=Pending");
    expect(pending.orders.data.map((o) => o.order_status)).toEqual(["Pending", "Pending"]);
    expect(pending.orders.total).toBe(2);
    const cancelled = await orders(me, "?order_status=Cancelled");
    expect(cancelled.orders.data.map((o) => o.id)).toEqual([ids[0]]);
    expect(cancelled.orders).toMatchObject({ total: 1, last_page: 1 });
    for (const q of ["?order_status=Lost", "?per_page=101", "?page=0", "?sort=x"]) {
      expect((await http.get(`/api/orders${q}`, me.token)).status, q).toBe(422);
    }
    // Another shopper sees none of them, and not one by id.
    const other = await shopper();
    expect((await orders(other)).orders.total).toBe(0);
    const res = await http.get(`/api/orders/${ids[0]}`, other.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Order not found");

    // The dashboard counts the same orders.
    // Its wishlist count is the wishlist's.
    for (const p of pair) await http.post("/api/favorite-add-or-remove", { product_id: p.id }, me.token);
    const dash = await http.get("/api/dashboard", me.token);
    expect(dash.body.data).toMatchObject({ total_orders: 3, pending: 2, delivered: 0, cancelled: 1, wishlist: 2 });
    expect((await http.get("/api/dashboard", other.token)).body.data.wishlist).toBe(0);
    expect(dash.body.data.recent_orders.map((o: { id: number }) => o.id)).toEqual(ids);
  });

  it("re-order puts a delivered order's products back in the cart; other statuses are refused", async () => {
    const me = await shopper();
    const [a, b] = pair;
    await addToCart(app, me.token, a, 2);
    await addToCart(app, me.token, b, 1);
    const placed = placedOf((await place(me, { shop_ids: [a.shop_id] })).body);
    const id = placed.orders[0]?.id as number;
    const refused = await http.post(`/api/orders/${id}/reorder`, {}, me.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ORDER_MESSAGES.onlyDeliveredReorder);
    await t.dbh.db.updateTable("orders").set({ order_status: "Delivered" }).where("id", "=", id).execute();
    expect((await detail(me, id)).can_reorder).toBe(true);
    const other = await shopper();
    expect((await http.post(`/api/orders/${id}/reorder`, {}, other.token)).status).toBe(404);
    const res = await http.post(`/api/orders/${id}/reorder`, {}, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(ORDER_MESSAGES.reordered);
    expect(envelope(reorderData).parse(res.body).data).toEqual({ total: 2, added: 1 });
    const lines = await cartLines(me);
    expect(lines.find((l: { product_id: number }) => l.product_id === a.id)).toMatchObject({ quantity: 2 });
  });

  it("buy now places the buy-now cart and leaves the cart alone", async () => {
    const me = await shopper();
    const [a, b] = pair;
    await addToCart(app, me.token, a, 1);
    await addToCart(app, me.token, b, 3, true);
    const res = await place(me, { shop_ids: [b.shop_id], is_buy_now: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await detail(me, placedOf(res.body).orders[0]?.id as number);
    expect(order.products.map((p) => [p.product_id, p.order_qty])).toEqual([[b.id, 3]]);
    expect(await cartLines(me, true)).toEqual([]);
    expect((await cartLines(me)).map((l: { product_id: number }) => l.product_id)).toEqual([a.id]);
  });

  it("refuses to place an order whose total is not the one the shopper confirmed (Buy Now again in another tab)", async () => {
    const me = await shopper();
    const [a, b] = pair;
    await addToCart(app, me.token, a, 1, true);
    const confirmed = async (shopId: number) =>
      envelope(checkoutData).parse(
        (await http.post("/api/cart/checkout", { shop_ids: [shopId], is_buy_now: true }, me.token)).body,
      ).data.checkout.payable_amount;
    const seenA = await confirmed(a.shop_id);
    // Another tab buys another product now: the buy-now cart holds it instead.
    await addToCart(app, me.token, b, 2, true);
    const before = await orderCount();
    const refused = await place(me, { shop_ids: [b.shop_id], is_buy_now: true, expected_total: seenA });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "cart_changed", message: ORDER_MESSAGES.totalChanged });
    expect(await orderCount()).toBe(before);
    expect((await cartLines(me, true)).map((l: { product_id: number }) => l.product_id)).toEqual([b.id]);

    const seenB = await confirmed(b.shop_id);
    const placed = await place(me, { shop_ids: [b.shop_id], is_buy_now: true, expected_total: seenB });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placedOf(placed.body).payable_amount).toBe(seenB);
  });

  it("with order_place_account_verify on, an unverified account verifies by code first", async () => {
    const me = await shopper();
    await addToCart(app, me.token, pair[0], 1);
    await t.dbh.db
      .updateTable("settings")
      .set({ value: "true" })
      .where("key", "=", "order_place_account_verify")
      .execute();
    invalidateSettings({ dbh: t.dbh });
    try {
      const refused = await place(me, { shop_ids: [pair[0].shop_id] });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ORDER_MESSAGES.verifyRequired);
      const user = await t.dbh.db.selectFrom("users").select("email").where("id", "=", me.id).executeTakeFirstOrThrow();
      const email = user.email as string;
      expect((await http.post("/api/send-otp", { phone: email }, me.token)).status).toBe(200);
      const mail = await t.dbh.db
        .selectFrom("outbox")
        .select("body")
        .where("recipient", "=", email)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const verified = await http.post("/api/verify-otp", { phone: email, otp: codeIn(mail.body) }, me.token);
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect((await place(me, { shop_ids: [pair[0].shop_id] })).status).toBe(200);
    } finally {
      await t.dbh.db
        .updateTable("settings")
        .set({ value: "false" })
        .where("key", "=", "order_place_account_verify")
        .execute();
      invalidateSettings({ dbh: t.dbh });
    }
  });

  it("the invoice opens by its signed link or for its shopper, and for nobody else", async () => {
    const me = await shopper();
    await addToCart(app, me.token, pair[0], 1);
    const id = placedOf((await place(me, { shop_ids: [pair[0].shop_id] })).body).orders[0]?.id as number;
    const order = await detail(me, id);
    const url = new URL(order.invoice_url);
    const link = await raw.send("GET", `${url.pathname}${url.search}`, undefined);
    expect(link.status).toBe(200);
    expect(link.headers["content-type"]).toContain("text/html");
    expect(link.text).toContain(`Invoice ${order.order_code}`);
    expect(link.text).toContain(order.products[0]?.name.replace(/&/g, "&amp;").replace(/'/g, "&#39;"));
    // Each address line is isolated, so a street written right to left keeps its order on any page.
    expect(link.text).toContain(
      '<bdi>Ada Lovelace</bdi><br><bdi dir="ltr">5550107788</bdi><br><bdi>12 Analytical Street</bdi>',
    );
    // It names the currency the order is charged in, whatever currency the shopper browsed in.
    expect(link.text).toContain(`To be paid in USD: <bdi dir="ltr">$${order.payable_amount.toFixed(2)}</bdi>`);
    expect((await raw.send("GET", url.pathname, undefined, me.token)).status).toBe(200);
    const other = await shopper();
    expect((await raw.send("GET", url.pathname, undefined, other.token)).status).toBe(404);
    expect((await raw.send("GET", `${url.pathname}?sig=forged`, undefined)).status).toBe(404);
    expect((await raw.send("GET", `/api/orders/${id + 1}/invoice${url.search}`, undefined)).status).toBe(404);
  });

  it("the invoice says what the shopper saved, as the order page does, and nothing when nothing was saved", async () => {
    const me = await shopper();
    const discounted = await t.dbh.db
      .selectFrom("products")
      .select("id")
      .where("discount_price", ">", 0)
      .where("is_active", "=", 1)
      .execute();
    const ids = new Set(discounted.map((p) => p.id));
    const v = (await variants(t.dbh)).find((x) => ids.has(x.id));
    if (!v) throw new Error("a discounted product in stock is needed");
    await addToCart(app, me.token, v, 2);
    const id = placedOf((await place(me, { shop_ids: [v.shop_id] })).body).orders[0]?.id as number;
    const order = await detail(me, id);
    expect(order.saved).toBeGreaterThan(0);
    const url = new URL(order.invoice_url);
    const page = await raw.send("GET", `${url.pathname}${url.search}`, undefined);
    expect(page.text).toContain(`<p class="saved">You saved <bdi dir="ltr">$${order.saved.toFixed(2)}</bdi></p>`);

    const plain = (await variants(t.dbh)).find((x) => !ids.has(x.id)) as Variant;
    await addToCart(app, me.token, plain, 1);
    const other = await detail(
      me,
      placedOf((await place(me, { shop_ids: [plain.shop_id] })).body).orders[0]?.id as number,
    );
    expect(other.saved).toBe(0);
    const otherUrl = new URL(other.invoice_url);
    expect((await raw.send("GET", `${otherUrl.pathname}${otherUrl.search}`, undefined)).text).not.toContain(
      "You saved",
    );
  });

  it("the invoice dates the order on its reader's day when the order page gives their time zone", async () => {
    const me = await shopper();
    await addToCart(app, me.token, pair[0], 1);
    const id = placedOf((await place(me, { shop_ids: [pair[0].shop_id] })).body).orders[0]?.id as number;
    // Placed at 23:30 UTC on 6 December: the 7th in Riyadh, the 6th in Los Angeles.
    await t.dbh.db.updateTable("orders").set({ created_at: "2026-12-06T23:30:00.000Z" }).where("id", "=", id).execute();
    const url = new URL((await detail(me, id)).invoice_url);
    const dated = async (tz: string) => {
      const res = await raw.send("GET", `${url.pathname}${url.search}&tz=${encodeURIComponent(tz)}`, undefined);
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      return res.text.match(/Date: <bdi>([^<]+)<\/bdi>/)?.[1];
    };
    expect(await dated("Asia/Riyadh")).toBe("07 Dec, 2026");
    expect(await dated("America/Los_Angeles")).toBe("06 Dec, 2026");
    const bad = await raw.send("GET", `${url.pathname}${url.search}&tz=Mars%2FOlympus`, undefined);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("The tz field must be a time zone, such as Europe/Paris.");
  });

  it("an order placed in Arabic keeps its lines' default names, which each reader sees in their own language", async () => {
    const me = await shopper();
    const v = (await variants(t.dbh)).find((x) => x.color_id > 0) as Variant;
    const db = t.dbh.db;
    const product = await db.selectFrom("products").selectAll().where("id", "=", v.id).executeTakeFirstOrThrow();
    const color = await db.selectFrom("colors").selectAll().where("id", "=", v.color_id).executeTakeFirstOrThrow();
    const unit = await db.selectFrom("units").selectAll().where("id", "=", product.unit_id).executeTakeFirstOrThrow();
    const names = {
      name: product.name,
      i18n: product.i18n,
      color: color.name,
      color_i18n: color.i18n,
      unit: unit.name,
      unit_i18n: unit.i18n,
    };
    const arabic = (i18n: string) => (JSON.parse(i18n) as Record<string, { name?: string }>).ar?.name;
    expect([arabic(names.i18n), arabic(names.color_i18n), arabic(names.unit_i18n)]).not.toContain(undefined);
    await addToCart(app, me.token, v, 1);
    const placed = await place(me, { shop_ids: [v.shop_id] }, { "accept-language": "ar" });
    const id = placedOf(placed.body).orders[0]?.id as number;
    const lineIn = async (locale: string) => {
      const res = await raw.send("GET", `/api/orders/${id}`, undefined, me.token, { "accept-language": locale });
      const [line] = envelope(orderDetailData).parse(JSON.parse(res.text)).data.order.products;
      return [line?.name, line?.color?.name, line?.unit?.name];
    };
    expect(await lineIn("en")).toEqual([names.name, names.color, names.unit]);
    expect(await lineIn("ar")).toEqual([arabic(names.i18n), arabic(names.color_i18n), arabic(names.unit_i18n)]);
    const kept = await t.dbh.db.selectFrom("order_products").selectAll().where("order_id", "=", id).execute();
    expect(kept.map((r) => [r.name, r.color_name, r.unit_name])).toEqual([[names.name, names.color, names.unit]]);
  });

  it("the invoice is in the shopper's language: a link's ?lang=, else the storefront's cookie, else Accept-Language", async () => {
    const me = await shopper();
    await addToCart(app, me.token, pair[0], 2);
    const coupon = await collectedCoupon(me, pair[0].shop_id);
    const placed = await place(me, { shop_ids: [pair[0].shop_id], coupon_code: coupon.code });
    const id = placedOf(placed.body).orders[0]?.id as number;
    const order = await detail(me, id);
    expect(order.coupon_discount).toBeGreaterThan(0);
    const { pathname, search } = new URL(order.invoice_url);
    const open = async (query: string, headers: Record<string, string> = {}) => {
      const res = await raw.send("GET", `${pathname}${search}${query}`, undefined, undefined, headers);
      expect(res.status).toBe(200);
      return res.text;
    };
    const amount = `<bdi>$${order.payable_amount.toFixed(2)}</bdi>`;

    const ar = await open("&lang=ar", { cookie: "locale=fr", "accept-language": "fr" });
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain(
      `<h1>${shippedText("ar", "orders.invoice_title", { code: `<bdi>${order.order_code}</bdi>` })}</h1>`,
    );
    expect(ar).toContain(shippedText("ar", "orders.status_pending"));
    expect(ar).toContain(shippedText("ar", "orders.invoice_to_be_paid", { currency: "USD", amount }));
    expect(ar).toContain(shippedText("ar", "orders.cash_on_delivery"));
    expect(ar).not.toContain("To be paid");
    // The order's day as the order page writes it, the month by name.
    expect(ar).toContain(dayText(order.created_at, "ar"));
    expect(ar).toMatch(/(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/);
    expect(ar).not.toContain(order.created_at.slice(0, 10));
    // The discount's sign stays with its digits in a right-to-left page: "−$9.95", not "$9.95−".
    expect(ar).toContain(`<bdi dir="ltr">−$${order.coupon_discount.toFixed(2)}</bdi>`);

    const fr = await open("", { cookie: "signed_in=1; locale=fr", "accept-language": "ar" });
    expect(fr).toContain('<html lang="fr" dir="ltr">');
    expect(fr).toContain(shippedText("fr", "orders.invoice_title", { code: order.order_code }));
    // Amounts written the French way, as the order page writes them: a decimal comma.
    expect(order.payable_amount).toBeLessThan(1000);
    // Left to right on a left-to-right page, whatever the symbol (an Arabic one stays after the digits).
    expect(fr).toContain(`<bdi dir="ltr">$${order.payable_amount.toFixed(2).replace(".", ",")}</bdi>`);
    expect(await open("", { "accept-language": "fr-FR,fr;q=0.9" })).toContain(
      shippedText("fr", "orders.invoice_billed_to"),
    );

    // A language with no shipped texts gets the English invoice.
    const de = await open("&lang=de");
    expect(de).toContain('<html lang="en" dir="ltr">');
    expect(de).toContain(`To be paid in USD: <bdi dir="ltr">$${order.payable_amount.toFixed(2)}</bdi>`);
    expect((await raw.send("GET", `${pathname}${search}&lang=${"x".repeat(11)}`, undefined)).status).toBe(422);
  });

  it("the demo shopper has an order history and a saved address", async () => {
    const login = await http.post("/api/login", { phone: "shopper@example.com", password: "password" });
    const token = login.body.data.access.token as string;
    const data = envelope(ordersData).parse((await http.get("/api/orders", token)).body).data;
    expect(data.status_counts.Delivered).toBeGreaterThanOrEqual(2);
    expect(data.status_counts.Pending).toBeGreaterThanOrEqual(1);
    const delivered = data.orders.data.find((o) => o.order_status === "Delivered");
    const d = envelope(orderDetailData).parse((await http.get(`/api/orders/${delivered?.id}`, token)).body).data.order;
    expect(d.status_history.map((h) => h.status)).toEqual([
      "Pending",
      "Confirm",
      "Processing",
      "Pickup",
      "On The Way",
      "Delivered",
    ]);
    expect(d.payment_status).toBe("Paid");
    const addresses = (await http.get("/api/addresses", token)).body.data.addresses;
    expect(addresses.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
  });
});
