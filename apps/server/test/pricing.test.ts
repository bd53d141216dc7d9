import { cartData, checkoutData, envelope, orderDetailData, productDetailsAnswer } from "@market/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { quote } from "../src/modules/pricing/pricing.service.ts";
import { couponDiscount } from "../src/modules/pricing/totals.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  shoppersWithLine,
  type Variant,
  variants,
} from "./order-helpers.ts";

const cents = (major: number) => Math.round(major * 100);

describe("quote (pure)", () => {
  const product = { price: 10_000, discount_price: 8_000 };

  it("splits a line that crosses the sale's cap: the units left at the sale price, the rest at the discount price", () => {
    const q = quote(product, 500, { item_id: 7, sale_price: 5_000, left: 1 }, 5);
    expect(q).toMatchObject({
      price: 10_500,
      sale_quantity: 1,
      sale_unit: 5_500,
      regular_quantity: 4,
      regular_unit: 8_500,
      sale_item_id: 7,
      amount: 5_500 + 4 * 8_500,
      discount_price: 5_500,
      discount_percentage: 48,
    });
  });

  it("with the sale sold out every unit goes at the discount price, or the price when there is none", () => {
    expect(quote(product, 0, { item_id: 7, sale_price: 5_000, left: 0 }, 3)).toMatchObject({
      sale_quantity: 0,
      sale_item_id: null,
      amount: 24_000,
      discount_price: 8_000,
      discount_percentage: 20,
    });
    expect(quote({ price: 999, discount_price: 0 }, 1, null, 2)).toMatchObject({
      amount: 2_000,
      discount_price: 0,
      discount_percentage: 0,
    });
  });

  it("amount = sale units × sale price + the rest × regular price, sale units never above what is left", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.option(
          fc.record({ sale_price: fc.integer({ min: 1, max: 1_000_000 }), left: fc.integer({ min: 0, max: 9 }) }),
        ),
        fc.integer({ min: 1, max: 20 }),
        (price, discount, surcharge, sale, quantity) => {
          const q = quote({ price, discount_price: discount }, surcharge, sale && { item_id: 1, ...sale }, quantity);
          expect(q.sale_quantity).toBe(sale ? Math.min(quantity, sale.left) : 0);
          expect(q.sale_quantity + q.regular_quantity).toBe(quantity);
          expect(q.amount).toBe(q.sale_unit * q.sale_quantity + q.regular_unit * q.regular_quantity);
          expect(Number.isInteger(q.amount)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("couponDiscount (pure)", () => {
  const pct = (bp: number, max: number | null = null) => ({
    shop_id: 1,
    discount_type: "Percentage" as const,
    discount: bp,
    max_discount: max,
  });
  it("takes a percentage to the nearest cent, under its cap and never above the subtotal", () => {
    expect(couponDiscount(pct(1000), 11_598)).toBe(1160);
    expect(couponDiscount(pct(1000), 13_099)).toBe(1310);
    expect(couponDiscount(pct(1000), 11_594)).toBe(1159);
    expect(couponDiscount(pct(5000, 2000), 11_598)).toBe(2000);
    expect(couponDiscount({ ...pct(0), discount_type: "Fixed", discount: 5000 }, 3000)).toBe(3000);
  });
});

describe.each(dbKinds)("prices in one place, on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const raw = client(app);
  let plain: Variant[];
  /** Variants of products in the running flash sale, with their sale item. */
  let onSale: (Variant & { item: number; cap: number })[];

  beforeAll(async () => {
    t = await openTestApp(kind);
    plain = (await variants(t.dbh)).slice(0, 6);
    const now = clock.iso();
    const rows = await t.dbh.db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
      .innerJoin("products as p", "p.id", "fi.product_id")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .innerJoin("product_variants as v", "v.product_id", "fi.product_id")
      .select(["fi.id as item", "fi.quantity as cap", "p.id", "p.shop_id", "v.size_id", "v.color_id"])
      .where("fs.start_date", "<=", now)
      .where("fs.end_date", ">", now)
      .where("p.is_active", "=", 1)
      .where("s.status", "=", "active")
      .orderBy("fi.id")
      .orderBy("v.id")
      .execute();
    const seen = new Set<number>();
    onSale = rows
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .slice(0, 4)
      .map((r) => ({ ...r, stock: 0 }));
    expect(onSale.length).toBeGreaterThanOrEqual(2);
    for (const v of [...plain, ...onSale]) await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Leaves `left` units of the item's cap unsold. */
  const setLeft = (item: number, cap: number, left: number) =>
    t.dbh.db
      .updateTable("flash_sale_items")
      .set({ sold: cap - left })
      .where("id", "=", item)
      .execute();
  const soldOf = async (item: number) =>
    (await t.dbh.db.selectFrom("flash_sale_items").select("sold").where("id", "=", item).executeTakeFirstOrThrow())
      .sold;
  const cart = async (me: Shopper) => envelope(cartData).parse((await http.get("/api/carts", me.token)).body).data;
  const place = (me: Shopper, shopIds: number[], coupon?: string) =>
    raw
      .send(
        "POST",
        "/api/place-order",
        {
          address_id: me.addressId,
          payment_method: "cash",
          shop_ids: shopIds,
          ...(coupon && { coupon_code: coupon }),
        },
        me.token,
      )
      .then((r) => ({ status: r.status, body: JSON.parse(r.text) }));
  const detail = async (me: Shopper, id: number) =>
    envelope(orderDetailData).parse((await http.get(`/api/orders/${id}`, me.token)).body).data.order;

  it("5 units with 1 left under the sale's cap: 1 at the sale price, 4 at the regular price, the cap counts 1", async () => {
    const v = onSale[0] as (typeof onSale)[number];
    await setLeft(v.item, v.cap, 1);
    const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as [Shopper];
    await addToCart(app, me.token, v, 5);
    const line = (await cart(me)).cart_items.flatMap((g) => g.products)[0];
    const split = line?.price_split;
    expect(split).toMatchObject({ sale_quantity: 1, regular_quantity: 4 });
    if (!line || !split) throw new Error("no split");
    expect(cents(split.sale_price)).toBeLessThan(cents(split.regular_price));
    expect(cents(line.subtotal)).toBe(cents(split.sale_price) + 4 * cents(split.regular_price));

    const res = await place(me, [v.shop_id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await detail(me, placedOf(res.body).orders[0]?.id as number);
    expect(order.products.map((p) => [p.order_qty, cents(p.price), p.flash_sale])).toEqual([
      [1, cents(split.sale_price), true],
      [4, cents(split.regular_price), false],
    ]);
    expect(cents(order.total_amount)).toBe(cents(line.subtotal));
    expect(await soldOf(v.item)).toBe(v.cap);

    // The card now shows the regular price: the sale has no unit left.
    const details = envelope(productDetailsAnswer).parse((await http.get(`/api/products/${v.id}/details`)).body).data;
    expect(details.product.flash_sale).toBeNull();
  });

  it("20 buyers racing for the last 3 sale units: at most 3 go at the sale price, each one counted", async () => {
    const v = onSale[1] as (typeof onSale)[number];
    await setLeft(v.item, v.cap, 3);
    const buyers = await shoppersWithLine(app, t.dbh, 20, v);
    // Each wants two units and has seen the cart (two at the sale price) before the rush.
    await t.dbh.db
      .updateTable("carts")
      .set({ quantity: 2 })
      .where(
        "user_id",
        "in",
        buyers.map((b) => b.id),
      )
      .execute();
    const seen = await Promise.all(buyers.map((b) => cart(b)));
    const salePrice = Math.min(...seen.map((c) => cents(c.cart_items[0]?.products[0]?.discount_price ?? 0)));
    const results = await Promise.all(buyers.map((b) => place(b, [v.shop_id])));
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.message).toMatch(/flash-sale price|price of .* changed/);
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    const lines = await t.dbh.db
      .selectFrom("order_products as op")
      .innerJoin("orders as o", "o.id", "op.order_id")
      .select(["op.price", "op.quantity", "op.flash_sale_qty"])
      .where(
        "o.user_id",
        "in",
        buyers.map((b) => b.id),
      )
      .execute();
    const chargedAtSale = lines.filter((l) => l.price === salePrice).reduce((n, l) => n + l.quantity, 0);
    const counted = (await soldOf(v.item)) - (v.cap - 3);
    expect(chargedAtSale).toBe(counted);
    expect(lines.reduce((n, l) => n + l.flash_sale_qty, 0)).toBe(counted);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(3);
  });

  it("a sale that runs out after the shopper saw the cart stops the order with a word, not a silent charge", async () => {
    const v = onSale[0] as (typeof onSale)[number];
    await setLeft(v.item, v.cap, 3);
    const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as [Shopper];
    await addToCart(app, me.token, v, 3);
    expect((await cart(me)).cart_items[0]?.products[0]?.price_split).toBeNull();
    await setLeft(v.item, v.cap, 1); // others bought two meanwhile
    const res = await place(me, [v.shop_id]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Only 1 of .* left at the flash-sale price/);
    expect(await soldOf(v.item)).toBe(v.cap - 1);
    // The cart now shows the split, and placing again charges what it shows.
    const line = (await cart(me)).cart_items[0]?.products[0];
    expect(line?.price_split).toMatchObject({ sale_quantity: 1, regular_quantity: 2 });
    const again = await place(me, [v.shop_id]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(cents(placedOf(again.body).payable_amount)).toBeGreaterThanOrEqual(cents(line?.subtotal ?? 0));
  });

  it("the product page's price of each size and colour is what the cart charges for it", async () => {
    const v = onSale[2] ?? (onSale[0] as (typeof onSale)[number]);
    await setLeft(v.item, v.cap, 5);
    for (const id of [plain[0]?.id, v.id]) {
      const details = envelope(productDetailsAnswer).parse((await http.get(`/api/products/${id}/details`)).body).data;
      const product = details.product;
      for (const pv of product.variants.filter((x) => x.stock > 0).slice(0, 3)) {
        const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as [Shopper];
        await addToCart(app, me.token, { id: product.id, shop_id: product.shop.id, ...pv }, 1);
        const line = (await cart(me)).cart_items[0]?.products[0];
        expect([line?.price, line?.discount_price, line?.discount_percentage]).toEqual([
          pv.price,
          pv.discount_price,
          pv.discount_percentage,
        ]);
      }
    }
  });

  it("property: for random carts, sales and coupons, cart, checkout, placed orders and invoices agree to the cent", async () => {
    const pool = [...plain.slice(0, 4), ...onSale];
    const coupons = await t.dbh.db
      .selectFrom("coupons")
      .select(["id", "code", "shop_id"])
      .where("usage_limit", "is", null)
      .where("min_order_amount", "=", 0)
      .where("start_date", "<=", clock.iso())
      .where("end_date", ">", clock.iso())
      .execute();
    const scenario = fc.record({
      lines: fc.uniqueArray(
        fc.record({ at: fc.nat({ max: pool.length - 1 }), quantity: fc.integer({ min: 1, max: 6 }) }),
        { minLength: 1, maxLength: 4, selector: (l) => l.at },
      ),
      left: fc.array(fc.nat({ max: 6 }), { minLength: onSale.length, maxLength: onSale.length }),
      coupon: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lines, left, coupon }) => {
        for (const [i, s] of onSale.entries()) await setLeft(s.item, s.cap, left[i] ?? 0);
        const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as [Shopper];
        for (const l of lines) await addToCart(app, me.token, pool[l.at] as Variant, l.quantity);
        const c = await cart(me);
        const subtotals = c.cart_items.flatMap((g) => g.products.map((p) => cents(p.subtotal)));
        expect(cents(c.total_amount)).toBe(subtotals.reduce((n, x) => n + x, 0));

        const shopIds = c.cart_items.map((g) => g.shop_id);
        const usable = coupon ? coupons.find((k) => shopIds.includes(k.shop_id)) : undefined;
        if (usable) await http.post("/api/vouchers-collect", { coupon_id: usable.id }, me.token);
        const co = envelope(checkoutData).parse(
          (await http.post("/api/cart/checkout", { shop_ids: shopIds, coupon_code: usable?.code }, me.token)).body,
        ).data;
        expect(cents(co.checkout.total_amount)).toBe(cents(c.total_amount));

        const res = await place(me, shopIds, usable?.code);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const placed = placedOf(res.body);
        expect(cents(placed.payable_amount)).toBe(cents(co.checkout.payable_amount));
        let total = 0;
        let payable = 0;
        for (const o of placed.orders) {
          const order = await detail(me, o.id);
          const lineSum = order.products.reduce((n, p) => n + cents(p.subtotal), 0);
          expect(lineSum).toBe(cents(order.total_amount));
          for (const p of order.products) expect(cents(p.subtotal)).toBe(cents(p.price) * p.order_qty);
          expect(cents(order.payable_amount)).toBe(
            cents(order.total_amount) -
              cents(order.coupon_discount) +
              cents(order.delivery_charge) +
              cents(order.tax_amount),
          );
          total += cents(order.total_amount);
          payable += cents(order.payable_amount);
          const url = new URL(order.invoice_url);
          const invoice = await raw.send("GET", `${url.pathname}${url.search}`, undefined);
          const amounts = [...invoice.text.matchAll(/class="num"><bdi dir="ltr">\$([\d.]+)</g)].map((m) =>
            cents(Number(m[1])),
          );
          expect(amounts.at(-1)).toBe(cents(order.payable_amount));
          for (const p of order.products) expect(amounts).toContain(cents(p.subtotal));
        }
        expect(total).toBe(cents(co.checkout.total_amount));
        expect(payable).toBe(cents(co.checkout.payable_amount));
      }),
      { numRuns: 12, seed: 1411 },
    );
  });
});
