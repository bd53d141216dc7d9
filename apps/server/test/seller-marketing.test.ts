import {
  checkoutData,
  envelope,
  SELLER_MARKETING_MESSAGES as M,
  paginated,
  productDetailsAnswer,
  SELLER_PRODUCT_MESSAGES,
  sellerFlashSale,
  sellerFlashSaleData,
  sellerVoucher,
  sellerVoucherData,
  vouchersData,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { addToCart, type Variant, variants } from "./order-helpers.ts";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(clock.ms() + offsetMs).toISOString();

describe.each(dbKinds)("seller vouchers and flash sales on %s", (kind) => {
  let t: TestApp;
  let owner1: string;
  let owner2: string;
  let shop1: number;
  let shop2: number;
  /** In-stock products outside any sale: two of shop 1, one of shop 2. */
  let mine: Variant[];
  let theirs: Variant;

  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const ok = async (...args: Parameters<typeof call>) => {
    const res = await call(...args);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const voucherOf = (body: unknown) => envelope(sellerVoucherData).parse(body).data.voucher;
  const saleOf = (body: unknown) => envelope(sellerFlashSaleData).parse(body).data.flash_sale;

  const login = async (email: string) =>
    (await ok("POST", "/login", undefined, { phone: email, password: "password" })).data.access.token as string;
  const shopOf = async (email: string) =>
    (
      await t.dbh.db
        .selectFrom("shops as s")
        .innerJoin("users as u", "u.id", "s.user_id")
        .select("s.id")
        .where("u.email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;

  let seq = 0;
  const newVoucher = (over: Record<string, unknown> = {}) => ({
    code: `test-${kind}-${++seq}`,
    discount_type: "Percentage",
    discount: 15,
    min_order_amount: 20,
    max_discount: 10,
    start_date: iso(-DAY),
    end_date: iso(30 * DAY),
    usage_limit: 50,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = owner1) =>
    voucherOf(await ok("POST", "/seller/vouchers", token, newVoucher(over)));

  beforeAll(async () => {
    // The visitors' catalogue cache is on, as in production: a sale change must show at once anyway.
    t = await openTestApp(kind, { env: { CATALOG_CACHE_SECONDS: "60" } });
    [shop1, shop2] = [await shopOf("owner1@example.com"), await shopOf("owner2@example.com")];
    [owner1, owner2] = [await login("owner1@example.com"), await login("owner2@example.com")];
    const all = await variants(t.dbh, 20);
    mine = all.filter((v) => v.shop_id === shop1).slice(0, 3);
    theirs = all.find((v) => v.shop_id === shop2) as Variant;
    expect(mine.length).toBe(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("vouchers", () => {
    it("needs a seller of the products area: 401 without a token, 403 for a shopper", async () => {
      const [shopper] = await newShoppers(t.dbh, 1);
      expect((await call("GET", "/seller/vouchers")).status).toBe(401);
      expect((await call("GET", "/seller/vouchers", shopper?.token)).status).toBe(403);
    });

    it("creates a voucher: upper-cased code, money in major units, stored in minor units and basis points", async () => {
      const v = await create({ code: "summer-sale-2026", discount: 12.5 });
      expect(v).toMatchObject({
        code: "SUMMER-SALE-2026",
        discount_type: "Percentage",
        discount: 12.5,
        min_order_amount: 20,
        max_discount: 10,
        usage_limit: 50,
        used_count: 0,
        collected_count: 0,
        is_active: true,
        status: "active",
        code_locked: false,
      });
      const row = await t.dbh.db.selectFrom("coupons").selectAll().where("id", "=", v.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ shop_id: shop1, discount: 1250, min_order_amount: 2000, max_discount: 1000 });

      const fixed = await create({ discount_type: "Fixed", discount: 7.25, max_discount: null, usage_limit: null });
      expect(fixed).toMatchObject({ discount: 7.25, max_discount: null, usage_limit: null });
      const fixedRow = await t.dbh.db
        .selectFrom("coupons")
        .select("discount")
        .where("id", "=", fixed.id)
        .executeTakeFirst();
      expect(fixedRow?.discount).toBe(725);

      const scheduled = await create({ start_date: iso(2 * DAY) });
      expect(scheduled.status).toBe("scheduled");
    });

    it("lists the shop's vouchers, paged, newest first, with status and used and collected counts", async () => {
      const v = await create();
      const [a, b] = await newShoppers(t.dbh, 2);
      for (const s of [a, b]) await ok("POST", "/vouchers-collect", s?.token, { coupon_id: v.id });
      const page = envelope(paginated(sellerVoucher)).parse(
        await ok("GET", "/seller/vouchers?per_page=2", owner1),
      ).data;
      expect(page.per_page).toBe(2);
      expect(page.data).toHaveLength(2);
      expect(page.data[0]).toMatchObject({ id: v.id, collected_count: 2, used_count: 0, status: "active" });
      const total = await t.dbh.db.selectFrom("coupons").select("id").where("shop_id", "=", shop1).execute();
      expect(page.total).toBe(total.length);
      // The seeded expired voucher says so.
      const all = envelope(paginated(sellerVoucher)).parse(
        await ok("GET", "/seller/vouchers?per_page=100", owner1),
      ).data;
      expect(all.data.some((x) => x.status === "expired")).toBe(true);
      expect(voucherOf(await ok("GET", `/seller/vouchers/${v.id}`, owner1)).collected_count).toBe(2);
    });

    it("refuses a code used anywhere in the marketplace, a bad code, end before start and other bad terms", async () => {
      const theirs = await t.dbh.db
        .selectFrom("coupons")
        .select("code")
        .where("shop_id", "=", shop2)
        .executeTakeFirstOrThrow();
      const taken = await call("POST", "/seller/vouchers", owner1, newVoucher({ code: theirs.code.toLowerCase() }));
      expect(taken.status).toBe(422);
      expect(taken.body.errors.code).toEqual([M.codeTaken]);

      const bad = await call("POST", "/seller/vouchers", owner1, newVoucher({ code: "no spaces!" }));
      expect(bad.body.errors.code).toEqual([M.codeFormat]);

      const backwards = await call(
        "POST",
        "/seller/vouchers",
        owner1,
        newVoucher({ start_date: iso(DAY), end_date: iso(0) }),
      );
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors.end_date).toEqual([M.endAfterStart]);
      const voucherCount = () =>
        t.dbh.db
          .selectFrom("coupons")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow();
      const before = await voucherCount();
      const past = await call(
        "POST",
        "/seller/vouchers",
        owner1,
        newVoucher({ start_date: iso(-3 * DAY), end_date: iso(-DAY) }),
      );
      expect(past.status).toBe(422);
      expect(past.body.errors.end_date).toEqual([M.endInFuture]);
      expect(await voucherCount()).toEqual(before);

      const pct = await call("POST", "/seller/vouchers", owner1, newVoucher({ discount: 101 }));
      expect(pct.body.errors.discount).toEqual([M.percentRange]);
      const cap = await call("POST", "/seller/vouchers", owner1, newVoucher({ discount_type: "Fixed", discount: 5 }));
      expect(cap.body.errors.max_discount).toEqual([M.maxDiscountPercentOnly]);
      // $500 off orders from $10 (a typo for 5.00) would give such orders away: refused, nothing saved.
      const typo = { discount_type: "Fixed", discount: 500, min_order_amount: 10, max_discount: null };
      const free = await call("POST", "/seller/vouchers", owner1, newVoucher(typo));
      expect(free.status).toBe(422);
      expect(free.body.errors.min_order_amount).toEqual([M.minOrderAboveFixed]);
      const noMinimum = await call("POST", "/seller/vouchers", owner1, newVoucher({ ...typo, min_order_amount: 0 }));
      expect(noMinimum.body.errors.min_order_amount).toEqual([M.minOrderAboveFixed]);
      expect(await voucherCount()).toEqual(before);
      const limit = await call("POST", "/seller/vouchers", owner1, newVoucher({ usage_limit: 0 }));
      expect(limit.status).toBe(422);
      expect(limit.body.errors.usage_limit).toBeDefined();
    });

    it("edits a voucher and keeps its counts; a used voucher keeps its code and its limit stays at or above its uses", async () => {
      const v = await create({ usage_limit: 10 });
      const edited = voucherOf(
        await ok(
          "PUT",
          `/seller/vouchers/${v.id}`,
          owner1,
          newVoucher({ code: "renamed-ok", discount: 30, usage_limit: 20 }),
        ),
      );
      expect(edited).toMatchObject({ id: v.id, code: "RENAMED-OK", discount: 30, usage_limit: 20 });

      // Three shoppers used it.
      await t.dbh.db.updateTable("coupons").set({ used_count: 3 }).where("id", "=", v.id).execute();
      const body = (over: Record<string, unknown>) => newVoucher({ code: "RENAMED-OK", discount: 30, ...over });
      const below = await call("PUT", `/seller/vouchers/${v.id}`, owner1, body({ usage_limit: 2 }));
      expect(below.status).toBe(422);
      expect(below.body.errors.usage_limit).toEqual([M.limitBelowUsed]);
      const rename = await call("PUT", `/seller/vouchers/${v.id}`, owner1, body({ code: "NEW-NAME" }));
      expect(rename.status).toBe(422);
      expect(rename.body.errors.code).toEqual([M.codeLocked]);

      const saved = voucherOf(
        await ok("PUT", `/seller/vouchers/${v.id}`, owner1, body({ usage_limit: 3, discount: 40 })),
      );
      expect(saved).toMatchObject({
        code: "RENAMED-OK",
        discount: 40,
        usage_limit: 3,
        used_count: 3,
        status: "used_up",
      });
      expect(saved.code_locked).toBe(true);
    });

    it("a paused voucher leaves the storefront's list, cannot be collected and is refused at checkout; resuming brings it back", async () => {
      const v = await create({ min_order_amount: 0, max_discount: null, usage_limit: null });
      const [early, late] = await newShoppers(t.dbh, 2);
      if (!early || !late) throw new Error("no shoppers");
      const listed = async (token: string) =>
        envelope(vouchersData)
          .parse(await ok("GET", `/get-vouchers?shop_id=${shop1}`, token))
          .data.coupons.map((c) => c.code);
      expect(await listed(late.token)).toContain(v.code);
      await ok("POST", "/vouchers-collect", early.token, { coupon_id: v.id });

      const paused = voucherOf(await ok("POST", `/seller/vouchers/${v.id}/pause`, owner1));
      expect(paused).toMatchObject({ is_active: false, status: "paused" });
      expect(await listed(late.token)).not.toContain(v.code);
      expect(await listed(early.token)).not.toContain(v.code);
      const collect = await call("POST", "/vouchers-collect", late.token, { coupon_id: v.id });
      expect(collect.status).toBe(422);
      expect(collect.body.message).toBe("This voucher is no longer available.");

      await addToCart(() => t.app, early.token, mine[0] as Variant, 1);
      const checkout = async () =>
        envelope(checkoutData).parse(
          await ok("POST", "/cart/checkout", early.token, { shop_ids: [shop1], coupon_code: v.code }),
        ).data;
      const refused = await checkout();
      expect(refused.apply_coupon).toEqual({
        code: v.code,
        valid: false,
        message: "This coupon is paused by the shop.",
      });
      expect(refused.checkout.coupon_discount).toBe(0);

      expect(voucherOf(await ok("POST", `/seller/vouchers/${v.id}/resume`, owner1)).status).toBe("active");
      expect(await listed(late.token)).toContain(v.code);
      const applied = await checkout();
      expect(applied.apply_coupon?.valid).toBe(true);
      expect(applied.checkout.coupon_discount).toBeGreaterThan(0);
    });

    it("another shop's voucher answers 404 on every route and stays as it was", async () => {
      const theirs = await create({}, owner2);
      const before = await t.dbh.db.selectFrom("coupons").selectAll().where("id", "=", theirs.id).executeTakeFirst();
      for (const [method, url, payload] of [
        ["GET", `/seller/vouchers/${theirs.id}`],
        ["PUT", `/seller/vouchers/${theirs.id}`, newVoucher()],
        ["POST", `/seller/vouchers/${theirs.id}/pause`],
        ["POST", `/seller/vouchers/${theirs.id}/resume`],
      ] as const) {
        const res = await call(method, url, owner1, payload);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.code).toBe("not_found");
      }
      const list = envelope(paginated(sellerVoucher)).parse(await ok("GET", "/seller/vouchers?per_page=100", owner1));
      expect(list.data.data.map((v) => v.id)).not.toContain(theirs.id);
      const after = await t.dbh.db.selectFrom("coupons").selectAll().where("id", "=", theirs.id).executeTakeFirst();
      expect(after).toEqual(before);
    });
  });

  describe("flash sales", () => {
    const sales = async (token = owner1) =>
      envelope(paginated(sellerFlashSale)).parse(await ok("GET", "/seller/flash-sales", token)).data.data;
    const priceOf = async (productId: number) =>
      envelope(productDetailsAnswer).parse(await ok("GET", `/products/${productId}/details`)).data.product;
    const productRow = (id: number) =>
      t.dbh.db
        .selectFrom("products")
        .select(["price", "discount_price"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    /** The product's edit form as the Seller Centre sends it back: its detail without what the form does not send. */
    const productForm = async (id: number) => {
      const {
        id: _id,
        slug: _slug,
        url: _url,
        moderation: _m,
        moderation_reason: _r,
        ...form
      } = (await ok("GET", `/seller/products/${id}`, owner1)).data.product;
      return form;
    };
    const currentMajor = async (id: number) => {
      const p = await productRow(id);
      return (p.discount_price > 0 ? p.discount_price : p.price) / 100;
    };

    it("lists the running and upcoming sales with only this shop's entries", async () => {
      const list = await sales();
      const now = clock.iso();
      expect(list.map((s) => s.state)).toEqual(["running", "upcoming"]);
      for (const s of list) expect(s.end_date > now).toBe(true);
      const shop1Products = await t.dbh.db.selectFrom("products").select("id").where("shop_id", "=", shop1).execute();
      const ids = new Set(shop1Products.map((p) => p.id));
      for (const e of list.flatMap((s) => s.entries)) expect(ids.has(e.product_id)).toBe(true);
    });

    it("joins a running sale: the storefront sells the product at the sale price at once", async () => {
      const [running] = await sales();
      if (!running) throw new Error("no running sale");
      const product = mine[0] as Variant;
      // A visitor saw the product before the sale entry (the answer is now in the visitors' cache).
      expect((await priceOf(product.id)).flash_sale).toBeNull();
      const salePrice = Math.floor((await currentMajor(product.id)) * 50) / 100;
      const sale = saleOf(
        await ok("POST", `/seller/flash-sales/${running.id}/entries`, owner1, {
          items: [{ product_id: product.id, sale_price: salePrice, quantity: 5 }],
        }),
      );
      const entry = sale.entries.find((e) => e.product_id === product.id);
      expect(entry).toMatchObject({ sale_price: salePrice, quantity: 5, sold: 0 });
      const details = await priceOf(product.id);
      expect(details.discount_price).toBe(salePrice);
      expect(details.flash_sale?.id).toBe(running.id);

      // One product once per sale, in one request or across two.
      const again = await call("POST", `/seller/flash-sales/${running.id}/entries`, owner1, {
        items: [{ product_id: product.id, sale_price: salePrice, quantity: 1 }],
      });
      expect(again.status).toBe(422);
      expect(again.body.errors["items.0.product_id"]).toEqual([M.productTwice]);
      const twice = await call("POST", `/seller/flash-sales/${running.id}/entries`, owner1, {
        items: [
          { product_id: (mine[1] as Variant).id, sale_price: 1, quantity: 1 },
          { product_id: (mine[1] as Variant).id, sale_price: 1, quantity: 1 },
        ],
      });
      expect(twice.status).toBe(422);
      expect(twice.body.errors["items.1.product_id"]).toEqual([M.productTwice]);
    });

    it("keeps a product in a sale priced above its sale price, so the sale never charges more", async () => {
      const product = mine[0] as Variant;
      const salePrice = (await priceOf(product.id)).discount_price;
      const form = await productForm(product.id);
      const field = form.discount_price > 0 ? "discount_price" : "price";
      const before = await productRow(product.id);
      for (const price of [salePrice, salePrice - 1]) {
        const res = await call("PUT", `/seller/products/${product.id}`, owner1, { ...form, [field]: price });
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.errors[field]).toEqual([SELLER_PRODUCT_MESSAGES.priceAboveSalePrice]);
      }
      expect(await productRow(product.id)).toEqual(before);
      const arabic = await t.app.inject({
        method: "PUT",
        url: `/api/seller/products/${product.id}`,
        payload: { ...form, [field]: salePrice },
        headers: { authorization: `Bearer ${owner1}`, "accept-language": "ar" },
      });
      expect(arabic.json().errors[field]).toEqual([
        "ما دام المنتج في تخفيض سريع، يجب أن يبقى سعره أعلى من سعر التخفيض.",
      ]);
      // Above the sale price it saves, and the sale still sells below it.
      await ok("PUT", `/seller/products/${product.id}`, owner1, { ...form, [field]: salePrice + 1 });
      const details = await priceOf(product.id);
      expect(details.discount_price).toBe(salePrice);
      expect(details.discount_price).toBeLessThan(details.price);
      await ok("PUT", `/seller/products/${product.id}`, owner1, form);
    });

    it("a price saved while the product joins a sale never ends below the sale price (race)", async () => {
      const [running] = await sales();
      if (!running) throw new Error("no running sale");
      const product = mine[1] as Variant;
      const original = await productRow(product.id);
      const reset = async () => {
        await t.dbh.db.deleteFrom("flash_sale_items").where("product_id", "=", product.id).execute();
        await t.dbh.db
          .updateTable("products")
          .set({ price: 10_000, discount_price: 0 })
          .where("id", "=", product.id)
          .execute();
      };
      await reset();
      const form = await productForm(product.id);
      for (let round = 0; round < 8; round++) {
        await reset();
        const [joined, saved] = await Promise.all([
          call("POST", `/seller/flash-sales/${running.id}/entries`, owner1, {
            items: [{ product_id: product.id, sale_price: 50, quantity: 1 }],
          }),
          call("PUT", `/seller/products/${product.id}`, owner1, { ...form, price: 40 }),
        ]);
        // One of the two is refused, whichever came second.
        expect([joined.status, saved.status].sort(), `${joined.body.message} / ${saved.body.message}`).toEqual([
          200, 422,
        ]);
        const entry = await t.dbh.db
          .selectFrom("flash_sale_items")
          .select("sale_price")
          .where("product_id", "=", product.id)
          .executeTakeFirst();
        if (entry) expect(entry.sale_price).toBeLessThan((await productRow(product.id)).price);
      }
      await t.dbh.db.deleteFrom("flash_sale_items").where("product_id", "=", product.id).execute();
      await t.dbh.db.updateTable("products").set(original).where("id", "=", product.id).execute();
    });

    it("refuses another shop's product, a sale price not below the current price, and a cap below 1", async () => {
      const [running] = await sales();
      if (!running) throw new Error("no running sale");
      const join = (item: Record<string, unknown>) =>
        call("POST", `/seller/flash-sales/${running.id}/entries`, owner1, { items: [item] });
      const other = await join({ product_id: theirs.id, sale_price: 1, quantity: 1 });
      expect(other.status).toBe(422);
      expect(other.body.errors["items.0.product_id"]).toEqual([M.productInvalid]);
      const p = mine[1] as Variant;
      const high = await join({ product_id: p.id, sale_price: await currentMajor(p.id), quantity: 1 });
      expect(high.status).toBe(422);
      expect(high.body.errors["items.0.sale_price"]).toEqual([M.salePriceBelowPrice]);
      const zero = await join({ product_id: p.id, sale_price: 0, quantity: 1 });
      expect(zero.body.errors["items.0.sale_price"]).toEqual([M.salePricePositive]);
      const cap = await join({ product_id: p.id, sale_price: 1, quantity: 0 });
      expect(cap.status).toBe(422);
      expect(cap.body.errors["items.0.quantity"]).toBeDefined();
      expect(
        (
          await call("POST", "/seller/flash-sales/999999/entries", owner1, {
            items: [{ product_id: p.id, sale_price: 1, quantity: 1 }],
          })
        ).status,
      ).toBe(404);
      const inSale = await t.dbh.db
        .selectFrom("flash_sale_items")
        .select("id")
        .where("product_id", "in", [theirs.id, p.id])
        .execute();
      expect(inSale).toEqual([]);
    });

    it("during a running sale: the cap may change but not below sold, the price is fixed, and a sold entry stays", async () => {
      const running = (await sales())[0];
      const entry = running?.entries.find((e) => e.product_id === (mine[0] as Variant).id);
      if (!entry) throw new Error("no entry");
      const put = (body: unknown) => call("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, body);

      const price = await put({ sale_price: entry.sale_price - 0.01, quantity: entry.quantity });
      expect(price.status).toBe(422);
      expect(price.body.errors.sale_price).toEqual([M.priceLockedRunning]);

      // Three units went at the sale price.
      await t.dbh.db.updateTable("flash_sale_items").set({ sold: 3 }).where("id", "=", entry.id).execute();
      const below = await put({ sale_price: entry.sale_price, quantity: 2 });
      expect(below.status).toBe(422);
      expect(below.body.errors.quantity).toEqual([M.capBelowSold]);
      const raised = saleOf(
        await ok("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, {
          sale_price: entry.sale_price,
          quantity: 40,
        }),
      );
      expect(raised.entries.find((e) => e.id === entry.id)).toMatchObject({ quantity: 40, sold: 3 });
      const atSold = saleOf(
        await ok("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, {
          sale_price: entry.sale_price,
          quantity: 3,
        }),
      );
      expect(atSold.entries.find((e) => e.id === entry.id)?.quantity).toBe(3);

      const leave = await call("DELETE", `/seller/flash-sales/entries/${entry.id}`, owner1);
      expect(leave.status).toBe(422);
      expect(leave.body.message).toBe(M.leaveAfterSold);

      // Sold out at the sale price: the storefront is back to the regular price.
      expect((await priceOf((mine[0] as Variant).id)).flash_sale).toBeNull();
    });

    it("before an upcoming sale starts: price and cap change freely and the product may leave", async () => {
      const upcoming = (await sales()).find((s) => s.state === "upcoming");
      if (!upcoming) throw new Error("no upcoming sale");
      const p = mine[2] as Variant;
      const current = await currentMajor(p.id);
      const joined = saleOf(
        await ok("POST", `/seller/flash-sales/${upcoming.id}/entries`, owner1, {
          items: [{ product_id: p.id, sale_price: Math.floor(current * 80) / 100, quantity: 10 }],
        }),
      );
      const entry = joined.entries.find((e) => e.product_id === p.id);
      if (!entry) throw new Error("not joined");
      // Not running yet: the storefront does not sell at the sale price.
      expect((await priceOf(p.id)).flash_sale).toBeNull();

      const newPrice = Math.floor(current * 60) / 100;
      const edited = saleOf(
        await ok("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, { sale_price: newPrice, quantity: 2 }),
      );
      expect(edited.entries.find((e) => e.id === entry.id)).toMatchObject({ sale_price: newPrice, quantity: 2 });
      const tooHigh = await call("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, {
        sale_price: current,
        quantity: 2,
      });
      expect(tooHigh.body.errors.sale_price).toEqual([M.salePriceBelowPrice]);

      const left = saleOf(await ok("DELETE", `/seller/flash-sales/entries/${entry.id}`, owner1));
      expect(left.entries.map((e) => e.id)).not.toContain(entry.id);
    });

    it("an ended sale is read-only", async () => {
      const sale = await t.dbh.db
        .insertInto("flash_sales")
        .values({ name: "Past", thumbnail: "x.webp", start_date: iso(-3 * DAY), end_date: iso(-DAY) })
        .returning("id")
        .executeTakeFirstOrThrow();
      const p = mine[1] as Variant;
      const item = await t.dbh.db
        .insertInto("flash_sale_items")
        .values({ flash_sale_id: sale.id, product_id: p.id, sale_price: 100, quantity: 5 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const join = await call("POST", `/seller/flash-sales/${sale.id}/entries`, owner1, {
        items: [{ product_id: (mine[2] as Variant).id, sale_price: 1, quantity: 1 }],
      });
      expect(join.status).toBe(422);
      expect(join.body.message).toBe(M.saleEnded);
      expect(
        (await call("PUT", `/seller/flash-sales/entries/${item.id}`, owner1, { sale_price: 1, quantity: 9 })).status,
      ).toBe(422);
      expect((await call("DELETE", `/seller/flash-sales/entries/${item.id}`, owner1)).status).toBe(422);
      expect((await sales()).map((s) => s.id)).not.toContain(sale.id);
      const row = await t.dbh.db
        .selectFrom("flash_sale_items")
        .selectAll()
        .where("id", "=", item.id)
        .executeTakeFirst();
      expect(row).toMatchObject({ sale_price: 100, quantity: 5 });
    });

    it("another shop's entry answers 404 and stays as it was; its entries are not listed", async () => {
      const [running] = await sales(owner2);
      if (!running) throw new Error("no running sale");
      const theirSale = saleOf(
        await ok("POST", `/seller/flash-sales/${running.id}/entries`, owner2, {
          items: [{ product_id: theirs.id, sale_price: 0.5, quantity: 4 }],
        }),
      );
      const entry = theirSale.entries.find((e) => e.product_id === theirs.id);
      if (!entry) throw new Error("not joined");
      const put = await call("PUT", `/seller/flash-sales/entries/${entry.id}`, owner1, {
        sale_price: 0.5,
        quantity: 99,
      });
      expect(put.status).toBe(404);
      const del = await call("DELETE", `/seller/flash-sales/entries/${entry.id}`, owner1);
      expect(del.status).toBe(404);
      const row = await t.dbh.db
        .selectFrom("flash_sale_items")
        .selectAll()
        .where("id", "=", entry.id)
        .executeTakeFirst();
      expect(row).toMatchObject({ quantity: 4, sale_price: 50 });
      const mineListed = (await sales()).flatMap((s) => s.entries.map((e) => e.id));
      expect(mineListed).not.toContain(entry.id);
    });
  });

  it("one code created by two shops at once: one voucher, the other told the code is taken", async () => {
    const body = newVoucher();
    const answers = await Promise.all([
      call("POST", "/seller/vouchers", owner1, body),
      call("POST", "/seller/vouchers", owner2, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.body.errors.code).toBeDefined();
    const rows = await t.dbh.db
      .selectFrom("coupons")
      .select("id")
      .where("code", "=", body.code.toUpperCase())
      .execute();
    expect(rows).toHaveLength(1);
  });
});
