import {
  cartData,
  checkoutData,
  envelope,
  errorBody,
  formatPrice,
  PRODUCT_REMOVED_FROM_CART,
  productDetailsAnswer,
  SELECT_AT_LEAST_ONE_SHOP,
} from "@market/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { checkoutTotals, type TotalsCoupon, type TotalsLine } from "../src/modules/pricing/totals.ts";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const cents = (major: number) => Math.round(major * 100);

/** Minor units as the cart's notes write dollars: "$1,234.50". */
const usd = (minor: number) => formatPrice(minor / 100, { symbol: "$", position: "prefix" }, "en");

describe("checkout totals (pure)", () => {
  const line = fc.record({
    shop_id: fc.integer({ min: 1, max: 4 }),
    amount: fc.integer({ min: 0, max: 5_000_000 }),
    vat: fc.option(
      fc.record({ name: fc.constantFrom("VAT 15%", "VAT 5%", "GST"), rate_bp: fc.integer({ min: 0, max: 3000 }) }),
      { nil: null },
    ),
  });
  const coupon = fc.option(
    fc.oneof(
      fc.record({
        shop_id: fc.integer({ min: 1, max: 5 }),
        discount_type: fc.constant("Percentage" as const),
        discount: fc.integer({ min: 0, max: 10_000 }),
        max_discount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      }),
      fc.record({
        shop_id: fc.integer({ min: 1, max: 5 }),
        discount_type: fc.constant("Fixed" as const),
        discount: fc.integer({ min: 0, max: 10_000_000 }),
        max_discount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      }),
    ),
    { nil: null },
  );
  const delivery = fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 5, maxLength: 5 });

  it("payable = total - coupon + delivery + tax, never negative, coupon never above its shop's subtotal", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), delivery, coupon, (lines, charges, c) => {
        const byShop = new Map(charges.map((d, i) => [i + 1, d]));
        const t = checkoutTotals(lines as TotalsLine[], byShop, c as TotalsCoupon | null);
        const all = [t.total_amount, t.delivery_charge, t.coupon_discount, t.order_tax_amount, t.payable_amount];
        expect(all.every(Number.isInteger)).toBe(true);
        expect(t.payable_amount).toBe(t.total_amount - t.coupon_discount + t.delivery_charge + t.order_tax_amount);
        expect(t.payable_amount).toBeGreaterThanOrEqual(0);
        expect(t.total_amount).toBe(lines.reduce((n, l) => n + l.amount, 0));
        const shopSubtotal = lines.filter((l) => l.shop_id === c?.shop_id).reduce((n, l) => n + l.amount, 0);
        expect(t.coupon_discount).toBeGreaterThanOrEqual(0);
        expect(t.coupon_discount).toBeLessThanOrEqual(shopSubtotal);
        if (c?.max_discount != null) expect(t.coupon_discount).toBeLessThanOrEqual(c.max_discount);
        expect(t.order_tax_amount).toBe(t.all_vat_taxes.reduce((n, v) => n + v.amount, 0));
        const shops = new Set(lines.map((l) => l.shop_id));
        expect(t.delivery_charge).toBe([...shops].reduce((n, s) => n + (byShop.get(s) ?? 0), 0));
      }),
      { numRuns: 500 },
    );
  });

  it("taxes each line on its amount after its share of the coupon", () => {
    const t = checkoutTotals(
      [
        { shop_id: 1, amount: 10_000, vat: { name: "VAT 15%", rate_bp: 1500 } },
        { shop_id: 1, amount: 30_000, vat: { name: "VAT 5%", rate_bp: 500 } },
        { shop_id: 2, amount: 5_000, vat: { name: "VAT 15%", rate_bp: 1500 } },
      ],
      new Map([
        [1, 500],
        [2, 700],
      ]),
      { shop_id: 1, discount_type: "Percentage", discount: 1000, max_discount: null },
    );
    // 10 % of shop 1's 400.00 is 40.00, shared 10.00 / 30.00 over its two lines.
    expect(t.coupon_discount).toBe(4_000);
    expect(t.all_vat_taxes).toEqual([
      { name: "VAT 15%", rate_bp: 1500, amount: 1_350 + 750 },
      { name: "VAT 5%", rate_bp: 500, amount: 1_350 },
    ]);
    expect(t.delivery_charge).toBe(1_200);
    expect(t.payable_amount).toBe(45_000 - 4_000 + 1_200 + 3_450);
  });
});

describe.each(dbKinds)("cart API on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let token: string;

  beforeAll(async () => {
    t = await openTestApp(kind);
    token = ((await newShoppers(t.dbh, 1))[0] as { token: string }).token;
  });
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  const cartOf = (body: unknown) => envelope(cartData).parse(body).data;
  const linesOf = (body: unknown) => cartOf(body).cart_items.flatMap((g) => g.products);
  const fresh = async () => ((await newShoppers(t.dbh, 1))[0] as { token: string; id: number }).token;

  /** Variants in stock of active products outside any flash sale: sized (with colour) or plain. */
  async function variants(kind: "sized" | "plain", minStock = 5) {
    const rows = await t.dbh.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.id", "p.shop_id", "p.unit_id", "p.vat_tax_id", "v.size_id", "v.color_id", "v.stock"])
      .where("p.is_active", "=", 1)
      .where("v.stock", ">=", minStock)
      .where("v.size_id", kind === "sized" ? ">" : "=", 0)
      .where("v.color_id", kind === "sized" ? ">" : "=", 0)
      .where("p.id", "not in", (eb) => eb.selectFrom("flash_sale_items").select("product_id"))
      .orderBy("p.id")
      .orderBy("v.id")
      .execute();
    expect(rows.length, `no ${kind} variants in the seed`).toBeGreaterThan(0);
    return rows;
  }
  const setStock = (productId: number, sizeId: number, colorId: number, stock: number) =>
    t.dbh.db
      .updateTable("product_variants")
      .set({ stock })
      .where("product_id", "=", productId)
      .where("size_id", "=", sizeId)
      .where("color_id", "=", colorId)
      .execute();
  const store = (body: Record<string, unknown>, tok = token) => http.post("/api/cart/store", body, tok);

  it("every route answers 401 without a token or with a bad one", async () => {
    const calls = [
      http.get("/api/carts"),
      http.post("/api/cart/store", { product_id: 1, quantity: 1 }),
      http.post("/api/cart/increment", { cart_id: 1 }),
      http.post("/api/cart/decrement", { cart_id: 1 }),
      http.post("/api/cart/delete", { cart_id: 1 }),
      http.post("/api/cart/checkout", { shop_ids: [1] }),
      http.get("/api/carts", "x".repeat(43)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Unauthenticated.");
    }
  });

  it("adds a sized, coloured variant with the catalog's prices plus surcharges, grouped by shop", async () => {
    const tok = await fresh();
    const [v] = await variants("sized");
    if (!v) throw new Error("unreachable");
    const res = await store(
      { product_id: v.id, quantity: 2, size: v.size_id, color: v.color_id, unit: v.unit_id },
      tok,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Product added to cart");
    const cart = cartOf(res.body);
    expect(cart.total).toBe(1);
    expect(cart.quantity).toBe(2);
    expect(cart.info).toBeUndefined();
    const [group] = cart.cart_items;
    const details = envelope(productDetailsAnswer).parse((await http.get(`/api/products/${v.id}/details`)).body).data
      .product;
    expect(group).toMatchObject({
      shop_id: v.shop_id,
      shop_name: details.shop.name,
      shop_rating: details.shop.rating,
      shop_logo: details.shop.logo,
    });
    const line = group?.products[0];
    const surcharge =
      cents(details.sizes.find((s) => s.id === v.size_id)?.price ?? Number.NaN) +
      cents(details.colors.find((c) => c.id === v.color_id)?.price ?? Number.NaN);
    const price = cents(details.price) + surcharge;
    const discount = details.discount_price > 0 ? cents(details.discount_price) + surcharge : 0;
    expect(line).toMatchObject({
      product_id: v.id,
      name: details.name,
      slug: details.slug,
      thumbnail: details.thumbnail,
      brand: details.brand?.name ?? null,
      price: price / 100,
      discount_price: discount / 100,
      size: { id: v.size_id, name: details.sizes.find((s) => s.id === v.size_id)?.name },
      color: { id: v.color_id, color_code: details.colors.find((c) => c.id === v.color_id)?.color_code },
      unit: details.unit,
      quantity: 2,
      stock: v.stock,
      subtotal: ((discount > 0 ? discount : price) * 2) / 100,
    });
    expect(cart.total_amount).toBe(line?.subtotal);
    // The same answer from GET /api/carts.
    expect(cartOf((await http.get("/api/carts", tok)).body)).toEqual(cart);
  });

  it("names a line in the shopper's language, like the product page, and in English without one", async () => {
    const tok = await fresh();
    const [v] = await variants("sized");
    if (!v) throw new Error("unreachable");
    await store({ product_id: v.id, quantity: 1, size: v.size_id, color: v.color_id, unit: v.unit_id }, tok);
    const inLanguage = async (url: string, language: string) =>
      (await t.app.inject({ url, headers: { authorization: `Bearer ${tok}`, "accept-language": language } })).json();
    for (const language of ["ar", "en"]) {
      const product = envelope(productDetailsAnswer).parse(await inLanguage(`/api/products/${v.id}/details`, language))
        .data.product;
      const line = cartOf(await inLanguage("/api/carts", language)).cart_items[0]?.products[0];
      expect(line?.name).toBe(product.name);
      expect(/[\u0600-\u06FF]/.test(product.name)).toBe(language === "ar");
    }
  });

  it("keeps two sizes of one product as two lines and adds to an existing line", async () => {
    const tok = await fresh();
    const rows = await variants("sized");
    const first = rows[0] as (typeof rows)[number];
    const other = rows.find((r) => r.id === first.id && r.size_id !== first.size_id);
    expect(other).toBeDefined();
    const o = other as typeof first;
    await store({ product_id: first.id, quantity: 1, size: first.size_id, color: first.color_id }, tok);
    await store({ product_id: first.id, quantity: 2, size: first.size_id, color: first.color_id }, tok);
    const res = await store({ product_id: o.id, quantity: 1, size: o.size_id, color: o.color_id }, tok);
    const lines = linesOf(res.body);
    expect(lines.map((l) => [l.size?.id, l.quantity])).toEqual([
      [first.size_id, 3],
      [o.size_id, 1],
    ]);
    // Two lines, four units: the badge and the drawer count the units.
    expect(cartOf(res.body).total).toBe(2);
    expect(cartOf(res.body).quantity).toBe(4);
  });

  it("rejects a size or colour of another product, a missing size or colour, a wrong unit and bad input", async () => {
    const [v] = await variants("sized");
    if (!v) throw new Error("unreachable");
    const foreignSize = await t.dbh.db
      .selectFrom("sizes")
      .select("id")
      .where("id", "not in", (eb) => eb.selectFrom("product_sizes").select("size_id").where("product_id", "=", v.id))
      .executeTakeFirstOrThrow();
    const foreignColor = await t.dbh.db
      .selectFrom("colors")
      .select("id")
      .where("id", "not in", (eb) => eb.selectFrom("product_colors").select("color_id").where("product_id", "=", v.id))
      .executeTakeFirstOrThrow();
    const base = { product_id: v.id, quantity: 1, size: v.size_id, color: v.color_id };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, size: foreignSize.id }, "size", "The selected size is not available for this product."],
      [{ ...base, color: foreignColor.id }, "color", "The selected color is not available for this product."],
      [{ ...base, size: null }, "size", "The size field is required."],
      [{ ...base, color: undefined }, "color", "The color field is required."],
      [{ ...base, unit: (v.unit_id ?? 0) + 1 }, "unit", "The selected unit is not available for this product."],
      [{ ...base, quantity: 0 }, "quantity", "The quantity field must be at least 1."],
      [{ ...base, quantity: 101 }, "quantity", "The quantity field must not be greater than 100."],
      [{ ...base, quantity: "2" }, "quantity", "The quantity field must be a number."],
      [{ ...base, product_id: -3 }, "product_id", "The product_id field must be a positive id."],
      [{ quantity: 1 }, "product_id", "The product_id field is required."],
      [{ ...base, price: 1 }, "body", ""],
    ];
    const tok = await fresh();
    for (const [body, field, message] of cases) {
      const res = await store(body, tok);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const err = errorBody.parse(res.body);
      expect(Object.keys(err.errors ?? {})).toContain(field);
      if (message) expect(err.message).toBe(message);
    }
    expect((await store({ ...base, product_id: 2_000_000 }, tok)).status).toBe(404);
    expect(cartOf((await http.get("/api/carts", tok)).body).total).toBe(0);
  });

  it("never goes above the variant's stock and leaves the cart as it was", async () => {
    const tok = await fresh();
    const [v] = await variants("plain");
    if (!v) throw new Error("unreachable");
    await setStock(v.id, 0, 0, 3);
    expect((await store({ product_id: v.id, quantity: 2 }, tok)).status).toBe(200);
    const tooMany = await store({ product_id: v.id, quantity: 2 }, tok);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe("Only 3 left in stock and your cart already has 2.");
    expect(tooMany.body.errors.quantity).toEqual([tooMany.body.message]);
    const other = await fresh();
    expect((await store({ product_id: v.id, quantity: 4 }, other)).body.message).toBe("Only 3 left in stock.");
    const inc1 = await http.post("/api/cart/increment", { product_id: v.id }, tok);
    expect(inc1.status).toBe(200);
    expect(linesOf(inc1.body)[0]?.quantity).toBe(3);
    const inc2 = await http.post("/api/cart/increment", { product_id: v.id }, tok);
    expect(inc2.status).toBe(422);
    expect(inc2.body.message).toBe("Only 3 left in stock and your cart already has 3.");
    expect(linesOf((await http.get("/api/carts", tok)).body)[0]?.quantity).toBe(3);
    await setStock(v.id, 0, 0, 0);
    expect((await store({ product_id: v.id, quantity: 1 }, other)).body.message).toBe("This product is out of stock.");
    await setStock(v.id, 0, 0, v.stock);
  });

  it("two parallel adds of the last unit give one line of one unit", async () => {
    const rows = await variants("plain");
    const v = rows[1] ?? rows[0];
    if (!v) throw new Error("unreachable");
    await setStock(v.id, 0, 0, 1);
    const tok = await fresh();
    const answers = await Promise.all(Array.from({ length: 6 }, () => store({ product_id: v.id, quantity: 1 }, tok)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const lines = await t.dbh.db.selectFrom("carts").selectAll().where("product_id", "=", v.id).execute();
    expect(lines.map((l) => l.quantity)).toEqual([1]);
    await setStock(v.id, 0, 0, v.stock);
  });

  it("buy now replaces the buy-now cart and never touches the main cart", async () => {
    const tok = await fresh();
    const rows = await variants("plain");
    const [a, b] = [rows[2], rows[3]] as [(typeof rows)[number], (typeof rows)[number]];
    await store({ product_id: a.id, quantity: 1 }, tok);
    const first = await store({ product_id: a.id, quantity: 2, is_buy_now: true }, tok);
    expect(first.status).toBe(200);
    expect(linesOf(first.body).map((l) => [l.product_id, l.quantity])).toEqual([[a.id, 2]]);
    const second = await store({ product_id: b.id, quantity: 1, is_buy_now: 1 }, tok);
    expect(linesOf(second.body).map((l) => [l.product_id, l.quantity])).toEqual([[b.id, 1]]);
    expect(linesOf((await http.get("/api/carts?is_buy_now=1", tok)).body).map((l) => l.product_id)).toEqual([b.id]);
    expect(linesOf((await http.get("/api/carts", tok)).body).map((l) => [l.product_id, l.quantity])).toEqual([
      [a.id, 1],
    ]);
    const buyNowCheckout = await http.post("/api/cart/checkout", { shop_ids: [b.shop_id], is_buy_now: true }, tok);
    expect(envelope(checkoutData).parse(buyNowCheckout.body).data.checkout_items[0]?.products[0]?.product_id).toBe(
      b.id,
    );
    // Decrementing the buy-now line by product needs is_buy_now; the main cart keeps its line.
    const dec = await http.post("/api/cart/decrement", { product_id: b.id, is_buy_now: true }, tok);
    expect(dec.body.message).toBe(PRODUCT_REMOVED_FROM_CART);
    expect(cartOf(dec.body).total).toBe(0);
    expect(cartOf((await http.get("/api/carts", tok)).body).total).toBe(1);
  });

  it("increments, decrements to removal and deletes the named line only", async () => {
    const tok = await fresh();
    const rows = await variants("sized");
    const first = rows[0] as (typeof rows)[number];
    const o = rows.find((r) => r.id === first.id && r.size_id !== first.size_id) as typeof first;
    await store({ product_id: first.id, quantity: 1, size: first.size_id, color: first.color_id }, tok);
    const added = await store({ product_id: o.id, quantity: 1, size: o.size_id, color: o.color_id }, tok);
    const [l1, l2] = linesOf(added.body) as unknown as [{ id: number }, { id: number }];

    const ambiguous = await http.post("/api/cart/increment", { product_id: first.id }, tok);
    expect(ambiguous.status).toBe(422);
    expect(Object.keys(ambiguous.body.errors)).toEqual(["cart_id"]);

    const inc = await http.post("/api/cart/increment", { cart_id: l1.id }, tok);
    expect(inc.status).toBe(200);
    expect(linesOf(inc.body).map((l) => l.quantity)).toEqual([2, 1]);
    const byVariant = await http.post(
      "/api/cart/increment",
      { product_id: o.id, size: o.size_id, color: o.color_id },
      tok,
    );
    expect(linesOf(byVariant.body).map((l) => l.quantity)).toEqual([2, 2]);

    const dec = await http.post("/api/cart/decrement", { cart_id: l1.id }, tok);
    expect(dec.body.message).toBe("Product quantity decreased");
    expect(linesOf(dec.body).map((l) => l.quantity)).toEqual([1, 2]);
    const gone = await http.post("/api/cart/decrement", { cart_id: l1.id }, tok);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(PRODUCT_REMOVED_FROM_CART);
    expect(linesOf(gone.body).map((l) => l.id)).toEqual([l2.id]);

    expect((await http.post("/api/cart/decrement", { cart_id: l1.id }, tok)).status).toBe(404);
    const del = await http.post("/api/cart/delete", { cart_id: l2.id }, tok);
    expect(del.body.message).toBe(PRODUCT_REMOVED_FROM_CART);
    expect(cartOf(del.body)).toMatchObject({ total: 0, total_amount: 0, cart_items: [] });
    expect((await http.post("/api/cart/delete", {}, tok)).status).toBe(422);
  });

  it("another user's line is 404 and stays as it was", async () => {
    const [v] = await variants("plain");
    if (!v) throw new Error("unreachable");
    const owner = await fresh();
    const line = linesOf((await store({ product_id: v.id, quantity: 1 }, owner)).body)[0];
    const intruder = await fresh();
    for (const path of ["increment", "decrement", "delete"]) {
      const res = await http.post(`/api/cart/${path}`, { cart_id: line?.id }, intruder);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Cart item not found");
      expect((await http.post(`/api/cart/${path}`, { product_id: v.id }, intruder)).status).toBe(404);
    }
    expect(cartOf((await http.get("/api/carts", intruder)).body).total).toBe(0);
    expect(linesOf((await http.get("/api/carts", owner)).body)).toMatchObject([{ id: line?.id, quantity: 1 }]);
  });

  it("tells once when a line's price changed and clamps a line whose stock dropped", async () => {
    const tok = await fresh();
    const rows = await variants("plain");
    const [a, b] = [rows[4], rows[5]] as [(typeof rows)[number], (typeof rows)[number]];
    await store({ product_id: a.id, quantity: 1 }, tok);
    await store({ product_id: b.id, quantity: 4 }, tok);
    const product = await t.dbh.db.selectFrom("products").selectAll().where("id", "=", a.id).executeTakeFirstOrThrow();
    const before = product.discount_price > 0 ? product.discount_price : product.price;
    await t.dbh.db
      .updateTable("products")
      .set({ discount_price: before - 100 })
      .where("id", "=", a.id)
      .execute();
    await setStock(b.id, 0, 0, 2);

    const res = await http.get("/api/carts", tok);
    const cart = cartOf(res.body);
    expect(cart.info).toContain(
      // In the currency the order is charged in (the demo's default, dollars).
      `The price of ${product.name} changed from ${usd(before)} to ${usd(before - 100)}.`,
    );
    expect(cart.info).toContain("left in stock; the quantity was reduced to 2.");
    const byProduct = new Map(cart.cart_items.flatMap((g) => g.products).map((l) => [l.product_id, l]));
    expect(byProduct.get(a.id)?.subtotal).toBe((before - 100) / 100);
    expect(byProduct.get(b.id)?.quantity).toBe(2);
    expect(cartOf((await http.get("/api/carts", tok)).body).info).toBeUndefined();

    await setStock(b.id, 0, 0, 0);
    const soldOut = cartOf((await http.get("/api/carts", tok)).body);
    expect(soldOut.info).toMatch(/is out of stock and was removed from your cart\.$/);
    expect(soldOut.cart_items.flatMap((g) => g.products).map((l) => l.product_id)).toEqual([a.id]);
    await t.dbh.db
      .updateTable("products")
      .set({ discount_price: product.discount_price })
      .where("id", "=", a.id)
      .execute();
    await setStock(b.id, 0, 0, b.stock);
  });

  it("charges the running flash-sale price until its cap sells out", async () => {
    const now = clock.iso();
    const item = await t.dbh.db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
      .innerJoin("products as p", "p.id", "fi.product_id")
      .innerJoin("product_variants as v", "v.product_id", "p.id")
      .select([
        "fi.id",
        "fi.product_id",
        "fi.sale_price",
        "fi.sold",
        "p.price",
        "p.discount_price",
        "v.size_id",
        "v.color_id",
      ])
      .where("fs.start_date", "<=", now)
      .where("fs.end_date", ">", now)
      .where("p.is_active", "=", 1)
      .whereRef("fi.sold", "<", "fi.quantity")
      .where("v.stock", ">", 0)
      .orderBy("fi.id")
      .executeTakeFirstOrThrow();
    const surcharges = async () => {
      const s = await t.dbh.db
        .selectFrom("product_sizes")
        .select("price")
        .where("product_id", "=", item.product_id)
        .where("size_id", "=", item.size_id)
        .executeTakeFirst();
      const c = await t.dbh.db
        .selectFrom("product_colors")
        .select("price")
        .where("product_id", "=", item.product_id)
        .where("color_id", "=", item.color_id)
        .executeTakeFirst();
      return (s?.price ?? 0) + (c?.price ?? 0);
    };
    const extra = await surcharges();
    const tok = await fresh();
    const body = { product_id: item.product_id, quantity: 1, size: item.size_id || null, color: item.color_id || null };
    const onSale = linesOf((await store(body, tok)).body)[0];
    expect(cents(onSale?.discount_price ?? 0)).toBe(item.sale_price + extra);
    expect(cents(onSale?.subtotal ?? 0)).toBe(item.sale_price + extra);

    await t.dbh.db
      .updateTable("flash_sale_items")
      .set((eb) => ({ sold: eb.ref("quantity") }))
      .where("id", "=", item.id)
      .execute();
    const after = cartOf((await http.get("/api/carts", tok)).body);
    const normal = (item.discount_price > 0 ? item.discount_price : item.price) + extra;
    expect(cents(after.cart_items[0]?.products[0]?.subtotal ?? 0)).toBe(normal);
    expect(after.info).toContain("changed from");
    await t.dbh.db.updateTable("flash_sale_items").set({ sold: item.sold }).where("id", "=", item.id).execute();
  });

  describe("checkout", () => {
    let tok: string;
    let shopA: number;
    let shopB: number;
    let subtotalA = 0;
    let subtotalB = 0;
    const checkout = (body: Record<string, unknown>, tk = tok) => http.post("/api/cart/checkout", body, tk);
    const totalsOf = (body: unknown) => envelope(checkoutData).parse(body).data;

    beforeAll(async () => {
      tok = await fresh();
      const rows = await variants("plain");
      const a = rows[0] as (typeof rows)[number];
      const b = rows.find((r) => r.shop_id !== a.shop_id) as typeof a;
      shopA = a.shop_id;
      shopB = b.shop_id;
      const lines = linesOf((await store({ product_id: a.id, quantity: 3 }, tok)).body);
      subtotalA = cents(lines[0]?.subtotal ?? 0);
      const both = linesOf((await store({ product_id: b.id, quantity: 1 }, tok)).body);
      subtotalB = cents(both.find((l) => l.product_id === b.id)?.subtotal ?? 0);
    });

    it("sums the selected shops only, with one delivery charge per shop and VAT lines", async () => {
      const shops = await t.dbh.db.selectFrom("shops").select(["id", "delivery_charge"]).execute();
      const delivery = new Map(shops.map((s) => [s.id, s.delivery_charge]));
      const one = totalsOf((await checkout({ shop_ids: [shopA] })).body);
      expect(one.checkout_items.map((g) => g.shop_id)).toEqual([shopA]);
      expect(cents(one.checkout.total_amount)).toBe(subtotalA);
      expect(cents(one.checkout.delivery_charge)).toBe(delivery.get(shopA));
      expect(one.checkout.coupon_discount).toBe(0);
      expect(one.apply_coupon).toBeNull();
      const vatSum = one.checkout.all_vat_taxes.reduce((n, v) => n + cents(v.amount), 0);
      expect(cents(one.checkout.order_tax_amount)).toBe(vatSum);
      for (const v of one.checkout.all_vat_taxes) expect(v.rate).toBeGreaterThan(0);

      const two = totalsOf((await checkout({ shop_ids: [shopA, shopB, 999_999] })).body);
      expect(two.checkout_items.map((g) => g.shop_id).sort()).toEqual([shopA, shopB].sort());
      expect(cents(two.checkout.total_amount)).toBe(subtotalA + subtotalB);
      expect(cents(two.checkout.delivery_charge)).toBe((delivery.get(shopA) ?? 0) + (delivery.get(shopB) ?? 0));
      const c = two.checkout;
      expect(cents(c.payable_amount)).toBe(
        cents(c.total_amount) - cents(c.coupon_discount) + cents(c.delivery_charge) + cents(c.order_tax_amount),
      );

      const none = totalsOf((await checkout({ shop_ids: [999_999] })).body);
      expect(none.checkout_items).toEqual([]);
      expect(none.checkout.payable_amount).toBe(0);
    });

    it("validates the selection", async () => {
      const empty = await checkout({ shop_ids: [] });
      expect(empty.status).toBe(422);
      expect(empty.body.errors.shop_ids).toEqual([SELECT_AT_LEAST_ONE_SHOP]);
      expect((await checkout({})).status).toBe(422);
      expect((await checkout({ shop_ids: Array.from({ length: 51 }, (_, i) => i + 1) })).status).toBe(422);
      expect((await checkout({ shop_ids: [shopA], coupon_code: "x".repeat(51) })).status).toBe(422);
    });

    it("applies a collected coupon of a selected shop and says which check failed otherwise", async () => {
      const coupons = await t.dbh.db
        .selectFrom("coupons")
        .selectAll()
        .where("shop_id", "=", shopA)
        .orderBy("id")
        .execute();
      const pct = coupons.find((c) => c.discount_type === "Percentage" && c.end_date > clock.iso());
      const expired = coupons.find((c) => c.end_date <= clock.iso());
      const fixed = coupons.find((c) => c.discount_type === "Fixed");
      if (!pct || !expired || !fixed) throw new Error("seed coupons missing");
      const apply = async (code: string, shop_ids = [shopA, shopB]) =>
        totalsOf((await checkout({ shop_ids, coupon_code: code })).body);

      expect((await apply("NOPE")).apply_coupon).toEqual({
        code: "NOPE",
        valid: false,
        message: "Invalid coupon code.",
      });
      expect((await apply(pct.code, [shopB])).apply_coupon?.message).toBe(
        "This coupon is not valid for the selected shops.",
      );
      expect((await apply(expired.code)).apply_coupon?.message).toBe("This coupon has expired.");
      const notCollected = await apply(pct.code.toLowerCase());
      expect(notCollected.apply_coupon).toEqual({
        code: pct.code,
        valid: false,
        message: "Collect this voucher before using it.",
      });
      expect(notCollected.checkout.coupon_discount).toBe(0);

      // A single-vendor storefront has no shop group to collect from: there a code is used as typed.
      await t.dbh.db.updateTable("settings").set({ value: "false" }).where("key", "=", "multi_vendor").execute();
      invalidateSettings({ dbh: t.dbh });
      try {
        const typed = await apply(pct.code);
        expect(typed.apply_coupon).toEqual({ code: pct.code, valid: true, message: "Coupon applied successfully." });
        expect(cents(typed.checkout.coupon_discount)).toBeGreaterThan(0);
      } finally {
        await t.dbh.db.updateTable("settings").set({ value: "true" }).where("key", "=", "multi_vendor").execute();
        invalidateSettings({ dbh: t.dbh });
      }
      expect((await apply(pct.code)).apply_coupon?.message).toBe("Collect this voucher before using it.");

      expect((await http.post("/api/vouchers-collect", { coupon_id: pct.id }, tok)).status).toBe(200);
      const ok = await apply(pct.code);
      expect(ok.apply_coupon).toEqual({ code: pct.code, valid: true, message: "Coupon applied successfully." });
      const expected = Math.min(
        Math.round((subtotalA * pct.discount) / 10_000),
        pct.max_discount ?? Number.MAX_SAFE_INTEGER,
      );
      expect(cents(ok.checkout.coupon_discount)).toBe(expected);
      const c = ok.checkout;
      expect(cents(c.payable_amount)).toBe(
        cents(c.total_amount) - cents(c.coupon_discount) + cents(c.delivery_charge) + cents(c.order_tax_amount),
      );

      // The minimum order is checked against the coupon shop's subtotal.
      expect((await http.post("/api/vouchers-collect", { coupon_id: fixed.id }, tok)).status).toBe(200);
      await t.dbh.db
        .updateTable("coupons")
        .set({ min_order_amount: subtotalA + 1 })
        .where("id", "=", fixed.id)
        .execute();
      expect((await apply(fixed.code)).apply_coupon?.message).toBe(
        "Your order has not reached this coupon's minimum order amount.",
      );
      await t.dbh.db
        .updateTable("coupons")
        .set({ min_order_amount: 0, used_count: fixed.usage_limit ?? 0 })
        .where("id", "=", fixed.id)
        .execute();
      expect((await apply(fixed.code)).apply_coupon?.message).toBe("This coupon has reached its usage limit.");
      await t.dbh.db.updateTable("coupons").set({ used_count: 0 }).where("id", "=", fixed.id).execute();
      const fixedOk = await apply(fixed.code);
      expect(fixedOk.apply_coupon?.valid).toBe(true);
      expect(cents(fixedOk.checkout.coupon_discount)).toBe(Math.min(fixed.discount, subtotalA));

      const me = await t.dbh.db
        .selectFrom("coupon_collections")
        .select("user_id")
        .where("coupon_id", "=", pct.id)
        .executeTakeFirstOrThrow();
      await t.dbh.db
        .insertInto("coupon_usages")
        .values({ coupon_id: pct.id, user_id: me.user_id, created_at: clock.iso() })
        .execute();
      expect((await apply(pct.code)).apply_coupon?.message).toBe("You have already used this coupon.");

      const future = clock.ms() - 400 * 86_400_000;
      clock.set(() => future);
      try {
        expect((await apply(pct.code)).apply_coupon?.message).toBe("This coupon is not active yet.");
      } finally {
        clock.reset();
      }
    });
  });

  it("the demo shopper can sign in and use the cart", async () => {
    const login = await http.post("/api/login", { phone: "shopper@example.com", password: "password" });
    expect(login.status).toBe(200);
    const res = await http.get("/api/carts", login.body.data.access.token);
    expect(res.status).toBe(200);
    expect(cartOf(res.body).total).toBeGreaterThanOrEqual(0);
  });
});
