import fs from "node:fs";
import path from "node:path";
import {
  cartData,
  envelope,
  lowStockData,
  PRODUCT_IMAGE_WIDTHS,
  PRODUCT_LIMITS,
  type ProductBody,
  productFormOptionsData,
  productImageData,
  SELLER_PRODUCT_MESSAGES,
  sellerBulkData,
  sellerProductData,
  sellerProductsData,
  stockMovement,
} from "@market/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  shoppersWithLine,
  stockOf,
  variants,
} from "./order-helpers.ts";
import { newStaff } from "./staff-helpers.ts";

type Options = z.infer<typeof productFormOptionsData>;
const movementsData = z.object({ data: z.array(stockMovement), total: z.number() });

/** A multipart body with one file under `field`. */
function multipart(field: string, bytes: Buffer, type = "image/png", filename = "photo.png") {
  const boundary = `----seller-products-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#cc3344" } })
    .png()
    .toBuffer();

describe.each(dbKinds)("seller products API on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = client(app);
  let owner1: string;
  let owner2: string;
  let shop1: number;
  let ownerName: string;
  let options: Options;
  /** a category with two sub-categories, and a sub-category of another category */
  let category: Options["categories"][number];
  let foreignSub: number;
  let created: number;

  const login = async (email: string) => {
    const res = await http.post("/api/login", { phone: email, password: "password" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.access.token as string;
  };
  const send = async (
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    token = owner1,
    locale = "en",
  ) => {
    const res = await app().inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as string }),
      headers: { authorization: `Bearer ${token}`, "accept-language": locale },
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const ok = async <S extends z.ZodTypeAny>(schema: S, res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    return (envelope(schema).parse(r.body) as { data: z.infer<S> }).data;
  };
  const upload = async (bytes: Buffer, token = owner1, type = "image/png") => {
    const { payload, contentType } = multipart("image", bytes, type);
    const res = await app().inject({
      method: "POST",
      url: "/api/seller/product-images",
      payload,
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const details = async (id: number) => (await http.get(`/api/products/${id}/details`)).body;
  const searchIds = async (text: string) => {
    await t.app.jobs.idle(); // a save's search rows are written by a background job
    return (
      (await http.get(`/api/products?search=${encodeURIComponent(text)}`)).body.data.data as { id: number }[]
    ).map((p) => p.id);
  };
  const movements = (query = "") =>
    ok(movementsData, send("GET", `/api/seller/stock/movements?per_page=100${query}`)).then((d) => d.data);

  /** A valid form: `sizes` × `colors` variants with the given stock. */
  const form = (over: Partial<ProductBody> = {}, sizes = 2, colors = 2, stock = 10): ProductBody => {
    const s = options.sizes.slice(0, sizes).map((z, i) => ({ id: z.id, surcharge: i }));
    const c = options.colors.slice(0, colors).map((k, i) => ({ id: k.id, surcharge: i * 0.5 }));
    const variants = (s.length ? s : [{ id: 0 }]).flatMap((z) =>
      (c.length ? c : [{ id: 0 }]).map((k) => ({ size_id: z.id, color_id: k.id, stock, sku: null })),
    );
    return {
      name: "Zanzibar Lantern",
      description: "<p>A lantern.</p>",
      category_id: category.id,
      sub_category_id: category.sub_categories[0]?.id ?? null,
      price: 40,
      discount_price: 30,
      sizes: s,
      colors: c,
      variants,
      is_active: true,
      ...over,
    };
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    [owner1, owner2] = [await login("owner1@example.com"), await login("owner2@example.com")];
    const owner = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.id", "u.name"])
      .where("u.email", "=", "owner1@example.com")
      .executeTakeFirstOrThrow();
    [shop1, ownerName] = [owner.id, owner.name];
    options = await ok(productFormOptionsData, send("GET", "/api/seller/product-options"));
    category = options.categories.find((c) => c.sub_categories.length >= 2) as Options["categories"][number];
    foreignSub = options.categories.find((c) => c.id !== category.id && c.sub_categories.length)?.sub_categories[0]
      ?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is for the shop's sellers only, and offers the form's choices", async () => {
    expect((await http.get("/api/seller/products")).status).toBe(401);
    const [shopper] = await shoppersWithAddress(app, t.dbh, 1);
    expect((await send("GET", "/api/seller/products", undefined, shopper?.token)).status).toBe(403);
    expect(options.sizes.length).toBeGreaterThanOrEqual(2);
    expect(options.colors.length).toBeGreaterThanOrEqual(2);
    expect(options.languages.map((l) => l.code)).not.toContain("en");
    expect(options.languages.find((l) => l.code === "ar")?.direction).toBe("rtl");
    expect(options.vat_taxes.every((v) => v.rate >= 0 && v.rate <= 100)).toBe(true);
    expect(foreignSub).toBeGreaterThan(0);
  });

  it("names the form's choices and the list's categories in the seller's language, each language by its own name", async () => {
    const i18nOf = async (table: "categories" | "sub_categories" | "units" | "colors" | "vat_taxes", id: number) => {
      const row = await t.dbh.db.selectFrom(table).select("i18n").where("id", "=", id).executeTakeFirstOrThrow();
      return JSON.parse(row.i18n).ar?.name as string;
    };
    const ar = await ok(productFormOptionsData, send("GET", "/api/seller/product-options", undefined, owner1, "ar"));
    const sub = category.sub_categories[0] as { id: number };
    const arCategory = ar.categories.find((c) => c.id === category.id);
    expect(arCategory?.name).toBe(await i18nOf("categories", category.id));
    expect(arCategory?.name).not.toBe(category.name);
    expect(arCategory?.sub_categories.find((s) => s.id === sub.id)?.name).toBe(await i18nOf("sub_categories", sub.id));
    const [unit, color] = [options.units[0], options.colors[0]] as [{ id: number }, { id: number }];
    expect(ar.units.find((u) => u.id === unit.id)?.name).toBe(await i18nOf("units", unit.id));
    expect(ar.colors.find((c) => c.id === color.id)?.name).toBe(await i18nOf("colors", color.id));
    const vat = options.vat_taxes[0] as { id: number };
    expect(ar.vat_taxes.find((v) => v.id === vat.id)?.name).toBe(await i18nOf("vat_taxes", vat.id));
    const titles = await t.dbh.db.selectFrom("languages").select(["locale", "title"]).execute();
    for (const l of ar.languages) expect(l.name).toBe(titles.find((x) => x.locale === l.code)?.title);
    expect(ar.languages.find((l) => l.code === "ar")?.name).toBe("العربية");

    const list = await send("GET", `/api/seller/products?category_id=${category.id}`, undefined, owner1, "ar");
    expect(list.status).toBe(200);
    expect(list.body.data.products.data.length).toBeGreaterThan(0);
    for (const p of list.body.data.products.data) expect(p.category).toBe(arCategory?.name);

    // Products too, as the shop's orders and dashboard name them; the seller finds one by that name.
    const products = await t.dbh.db.selectFrom("products").select(["id", "name", "i18n"]).execute();
    const inArabic = (id: number) => {
      const row = products.find((r) => r.id === id);
      return (JSON.parse(row?.i18n ?? "{}").ar?.name as string | undefined) || row?.name;
    };
    const listed = list.body.data.products.data as { id: number; name: string }[];
    for (const p of listed) expect(p.name).toBe(inArabic(p.id));
    const translatedOne = listed.find((p) => p.name !== products.find((r) => r.id === p.id)?.name);
    if (!translatedOne) throw new Error("no demo product of the category has an Arabic name");
    const found = await send(
      "GET",
      `/api/seller/products?search=${encodeURIComponent(translatedOne.name)}`,
      undefined,
      owner1,
      "ar",
    );
    expect(found.body.data.products.data.map((p: { id: number }) => p.id)).toContain(translatedOne.id);
    const lowAr = await ok(lowStockData, send("GET", "/api/seller/stock/low?per_page=100", undefined, owner1, "ar"));
    const movedAr = await ok(
      movementsData,
      send("GET", "/api/seller/stock/movements?per_page=100", undefined, owner1, "ar"),
    );
    expect(lowAr.rows.data.length + movedAr.data.length).toBeGreaterThan(0);
    for (const r of [...lowAr.rows.data, ...movedAr.data]) expect(r.product_name).toBe(inArabic(r.product_id));
  });

  it("uploads an image as WebP copies at each width, never enlarged", async () => {
    const big = await ok(productImageData, upload(await png(1000, 600)));
    expect(big.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}-800\.webp$/);
    expect(big.srcset.split(", ")).toHaveLength(PRODUCT_IMAGE_WIDTHS.length);
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      const res = await app().inject({ url: big.url.replace("-800.webp", `-${width}.webp`) });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(["webp", width]);
    }
    const small = await ok(productImageData, upload(await png(300, 300)));
    const res = await app().inject({ url: small.url });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);

    // Left to its job, an upload gets every width on disk, and the file as sent (which may carry
    // EXIF, such as where the photo was taken) is not kept.
    const third = await ok(productImageData, upload(await png(500, 500)));
    await t.app.jobs.idle();
    const id = third.url.match(/([0-9a-f-]{36})-800\.webp$/)?.[1] as string;
    const dir = t.app.config.dataDir;
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      expect(fs.existsSync(path.join(dir, "uploads", "products", `${id}-${width}.webp`))).toBe(true);
    }
    expect(fs.existsSync(path.join(dir, "private", "product-originals", id))).toBe(false);

    const text = await upload(Buffer.from("not an image at all"), owner1, "image/png");
    expect(text.status).toBe(422);
    expect(text.body.errors.image).toEqual([SELLER_PRODUCT_MESSAGES.imageType]);
    const huge = await upload(Buffer.alloc(8 * 1024 * 1024 + 10, 1));
    expect([413, 422]).toContain(huge.status);
    expect(huge.body.message).toBe(SELLER_PRODUCT_MESSAGES.imageTooLarge);
  });

  it("serves nothing outside the uploads and makes no copy at a width it does not keep", async () => {
    const first = await ok(productImageData, upload(await png(600, 600)));
    const id = first.url.match(/([0-9a-f-]{36})-800\.webp$/)?.[1] as string;
    const copies = () =>
      fs.readdirSync(path.join(t.app.config.dataDir, "uploads", "products")).filter((f) => f.startsWith(id));
    await t.app.jobs.idle();
    const kept = copies().length;
    expect(kept).toBe(PRODUCT_IMAGE_WIDTHS.length);
    for (const url of [
      "/uploads/../marketplace.db",
      "/uploads/%2e%2e/marketplace.db",
      "/uploads/products/..%2f..%2fmarketplace.db",
      `/uploads/..%2fprivate/product-originals/${id}`,
      `/uploads/products/${id}-123.webp`,
      `/uploads/products/${id}-99999.webp`,
      `/uploads/products/${id.replace(/-/g, "")}-400.webp`,
    ]) {
      const res = await app().inject({ url });
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain("SQLite format");
    }
    expect(copies()).toHaveLength(kept);
  });

  it("creates a product with a 2 × 2 grid that the storefront shows at once", async () => {
    const first = await ok(productImageData, upload(await png(900, 900)));
    const second = await ok(productImageData, upload(await png(500, 400)));
    const saved = await ok(
      sellerProductData,
      send(
        "POST",
        "/api/seller/products",
        form({
          images: [first.url, second.url],
          translations: { ar: { name: "فانوس زنجبار", description: "<p>فانوس</p>" } },
          variants: form().variants.map((v, i) => ({ ...v, sku: `ZL-${i}` })),
        }),
      ),
    );
    const p = saved.product;
    created = p.id;
    expect(p.url).toBe(`/products/${p.id}/details/zanzibar-lantern`);
    expect(p.images).toEqual([first.url, second.url]);
    expect(p.variants).toHaveLength(4);
    expect(p.translations.ar?.name).toBe("فانوس زنجبار");

    expect(await searchIds("zanzibar")).toContain(created);
    expect(await searchIds("زنجبار")).toContain(created);
    const d = (await details(created)).data.product;
    expect(d.name).toBe("Zanzibar Lantern");
    expect(d.thumbnail).toBe(first.url);
    expect(d.variants).toHaveLength(4);
    const [s0, s1] = options.sizes;
    const [c0, c1] = options.colors;
    const variant = (size: number, color: number) =>
      d.variants.find((v: { size_id: number; color_id: number }) => v.size_id === size && v.color_id === color);
    // 40 with a 30 discount; the second size costs 1 more and the second colour 0.5 more.
    expect(variant(s0?.id as number, c0?.id as number)).toMatchObject({ price: 40, discount_price: 30, stock: 10 });
    expect(variant(s1?.id as number, c1?.id as number)).toMatchObject({ price: 41.5, discount_price: 31.5 });
    const arabic = await app().inject({
      url: `/api/products/${created}/details`,
      headers: { "accept-language": "ar" },
    });
    expect(arabic.json().data.product.name).toBe("فانوس زنجبار");

    const inList = async (query: string) =>
      ((await http.get(`/api/products?per_page=100&sort=newest&${query}`)).body.data.data as { id: number }[]).some(
        (x) => x.id === created,
      );
    expect(await inList(`category_id=${category.id}`)).toBe(true);
    expect(await inList(`shop_id=${shop1}`)).toBe(true);
    // Its first stock is logged as the owner's edit.
    const logged = await movements(`&product_id=${created}`);
    expect(logged).toHaveLength(4);
    expect(logged.every((m) => m.reason === "edit" && m.change === 10 && m.user_name === ownerName)).toBe(true);
  });

  it("logs stock edits, and an order of the last unit and its cancelling", async () => {
    const before = (await ok(sellerProductData, send("GET", `/api/seller/products/${created}`))).product;
    const [first, ...rest] = before.variants;
    const body = form({
      images: before.images,
      variants: [{ ...(first as (typeof before.variants)[number]), stock: 1 }, ...rest],
    });
    await ok(sellerProductData, send("PUT", `/api/seller/products/${created}`, body));
    const [edit] = await movements(`&product_id=${created}`);
    expect(edit).toMatchObject({ reason: "edit", change: -9, stock_after: 1, user_name: ownerName });
    expect(edit?.size).toBe(options.sizes[0]?.name);
    expect(edit?.color).toBe(options.colors[0]?.name);

    const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as Shopper[];
    const v = { id: created, shop_id: shop1, size_id: first?.size_id ?? 0, color_id: first?.color_id ?? 0, stock: 1 };
    await addToCart(app, me?.token as string, v, 1);
    const placed = await http.post(
      "/api/place-order",
      { shop_ids: [shop1], address_id: me?.addressId, payment_method: "cash" },
      me?.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placedOf(placed.body).orders[0] as { id: number; order_code: string };
    const [taken] = await movements(`&product_id=${created}`);
    expect(taken).toMatchObject({ reason: "order", change: -1, stock_after: 0, ref: order.order_code });

    expect((await http.post(`/api/orders/${order.id}/cancel`, {}, me?.token)).status).toBe(200);
    const [back] = await movements(`&product_id=${created}&reason=cancel`);
    expect(back).toMatchObject({ reason: "cancel", change: 1, stock_after: 1, ref: order.order_code });
  });

  it("refuses invalid forms with the field's path", async () => {
    const fails = async (body: unknown, field: string) => {
      const res = await send("POST", "/api/seller/products", body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
      return res.body;
    };
    expect((await fails(form({ discount_price: 40 }), "discount_price")).message).toBe(
      SELLER_PRODUCT_MESSAGES.discountBelowPrice,
    );
    const full = form();
    await fails({ ...full, variants: full.variants.slice(0, 3) }, "variants");
    await fails(form({ sub_category_id: foreignSub }), "sub_category_id");
    await fails(form({ name: "Bad\u0000name" }), "name");
    await fails(form({ description: "<p>bell\u0007</p>" }), "description");
    await fails(form({ images: ["https://evil.example/x.webp"] }), "images.0");
    await fails(form({ translations: { xx: { name: "x", description: "" } } }), "translations.xx");
    const dupe = form();
    await fails(
      { ...dupe, variants: dupe.variants.map((v, i) => ({ ...v, sku: i === 2 ? "ZL-1" : null })) },
      "variants.2.sku",
    );
    // The same SKU on two sizes of one product is said as that, not as another product's.
    const twice = await fails(
      { ...dupe, variants: dupe.variants.map((v, i) => ({ ...v, sku: i < 2 ? "ZQ-SAME" : null })) },
      "variants.1.sku",
    );
    expect(twice.errors["variants.1.sku"]).toEqual([SELLER_PRODUCT_MESSAGES.skuRepeated]);
    expect(twice.message).toBe(SELLER_PRODUCT_MESSAGES.skuRepeated);
    await fails(form({ category_id: 999_999 }), "category_id");
  });

  it("stores the description sanitised, as the storefront shows it", async () => {
    const saved = await ok(
      sellerProductData,
      send(
        "POST",
        "/api/seller/products",
        form({ name: "Quokka Kettle", description: '<p onclick="x()">Hot<script>alert(1)</script></p>' }, 0, 0),
      ),
    );
    expect(saved.product.description).toBe("<p>Hot</p>");
    expect(saved.product.variants).toEqual([{ size_id: 0, color_id: 0, stock: 10, sku: null }]);
    expect(saved.product.images).toEqual([]);
    const row = await t.dbh.db
      .selectFrom("products")
      .select(["description", "thumbnail"])
      .where("id", "=", saved.product.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe("<p>Hot</p>");
    expect(row.thumbnail).toMatch(/^\/media\/product\//);
    expect((await details(saved.product.id)).data.product.description).toBe(row.description);
  });

  it("unpublishes in bulk: gone from search, and a cart line says it is no longer available", async () => {
    const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as Shopper[];
    const detail = (await ok(sellerProductData, send("GET", `/api/seller/products/${created}`))).product;
    const v = detail.variants[1] as (typeof detail.variants)[number];
    await addToCart(app, me?.token as string, {
      id: created,
      shop_id: shop1,
      size_id: v.size_id,
      color_id: v.color_id,
      stock: 1,
    });
    const res = await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created], action: "unpublish" }),
    );
    expect(res).toEqual({ changed: 1, skipped: [] });
    expect(await searchIds("zanzibar")).not.toContain(created);
    const cart = await http.get("/api/carts", me?.token);
    expect(cart.body.data.info).toBe("Zanzibar Lantern is no longer available and was removed from your cart.");
    expect(
      await t.dbh.db
        .selectFrom("carts")
        .select("id")
        .where("user_id", "=", me?.id as number)
        .execute(),
    ).toEqual([]);

    await ok(sellerBulkData, send("POST", "/api/seller/products/bulk", { ids: [created], action: "publish" }));
    expect(await searchIds("zanzibar")).toContain(created);
  });

  it("moves products to another category in bulk", async () => {
    const other = options.categories.find((c) => c.id !== category.id) as Options["categories"][number];
    const wrong = await send("POST", "/api/seller/products/bulk", {
      ids: [created],
      action: "category",
      category_id: other.id,
      sub_category_id: category.sub_categories[0]?.id,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.sub_category_id).toEqual([SELLER_PRODUCT_MESSAGES.subCategoryOfCategory]);
    await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created], action: "category", category_id: other.id }),
    );
    const p = (await ok(sellerProductData, send("GET", `/api/seller/products/${created}`))).product;
    expect([p.category_id, p.sub_category_id]).toEqual([other.id, null]);
  });

  it("a size taken off a product leaves the cart with a word naming the size and colour, the other lines kept", async () => {
    const tent = await ok(sellerProductData, send("POST", "/api/seller/products", form({ name: "Bilby Tent" })));
    const [me] = (await shoppersWithAddress(app, t.dbh, 1)) as Shopper[];
    const [s0, s1] = options.sizes;
    const c1 = options.colors[1];
    if (!s0 || !s1 || !c1) throw new Error("the demo has two sizes and two colours");
    for (const size of [s0, s1]) {
      await addToCart(app, me?.token as string, {
        id: tent.product.id,
        shop_id: shop1,
        size_id: size.id,
        color_id: c1.id,
        stock: 10,
      });
    }
    // The seller keeps only the first size.
    await ok(
      sellerProductData,
      send(
        "PUT",
        `/api/seller/products/${tent.product.id}`,
        form({ name: "Bilby Tent", images: tent.product.images }, 1),
      ),
    );
    const cart = await http.get("/api/carts", me?.token);
    expect(cart.body.data.info).toBe(
      `Bilby Tent (${s1.name}, ${c1.name}) is no longer available and was removed from your cart.`,
    );
    const lines = cartData.parse(cart.body.data).cart_items.flatMap((g) => g.products);
    expect(lines.map((l) => l.size?.id)).toEqual([s0.id]);
    // Told once: the line is gone.
    expect((await http.get("/api/carts", me?.token)).body.data.info).toBeUndefined();
    await ok(sellerBulkData, send("POST", "/api/seller/products/bulk", { ids: [tent.product.id], action: "delete" }));
  });

  it("deletes in bulk, skipping ordered products", async () => {
    const spare = await ok(
      sellerProductData,
      send("POST", "/api/seller/products", form({ name: "Wombat Whistle" }, 1, 1)),
    );
    const sid = spare.product.id;
    expect(await searchIds("wombat")).toContain(sid);
    const res = await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created, sid], action: "delete" }),
    );
    expect(res).toEqual({ changed: 1, skipped: [{ id: created, reason: SELLER_PRODUCT_MESSAGES.hasOrders }] });
    expect((await send("GET", `/api/seller/products/${sid}`)).status).toBe(404);
    expect((await http.get(`/api/products/${sid}/details`)).status).toBe(404);
    expect(await searchIds("wombat")).not.toContain(sid);
    expect((await send("GET", `/api/seller/products/${created}`)).status).toBe(200);
  });

  it("answers 404 for another shop's product and leaves it alone in bulk", async () => {
    expect((await send("GET", `/api/seller/products/${created}`, undefined, owner2)).status).toBe(404);
    const put = await send("PUT", `/api/seller/products/${created}`, form({ name: "Stolen" }), owner2);
    expect(put.status).toBe(404);
    const bulk = await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created], action: "delete" }, owner2),
    );
    expect(bulk).toEqual({ changed: 0, skipped: [{ id: created, reason: "Product not found" }] });
    // Said in the seller's language, as the answer's message is.
    const inArabic = await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created], action: "delete" }, owner2, "ar"),
    );
    expect(inArabic.skipped).toEqual([{ id: created, reason: "لم يتم العثور على المنتج" }]);
    await ok(
      sellerBulkData,
      send("POST", "/api/seller/products/bulk", { ids: [created], action: "unpublish" }, owner2),
    );
    const mine = (await ok(sellerProductData, send("GET", `/api/seller/products/${created}`))).product;
    expect([mine.name, mine.is_active]).toEqual(["Zanzibar Lantern", true]);
  });

  it("lists the shop's products with search, filters, sorting and pages", async () => {
    const list = (query: string) => ok(sellerProductsData, send("GET", `/api/seller/products?${query}`));
    const all = await list("per_page=100");
    expect(all.low_stock_threshold).toBe(5);
    const shopCount = await t.dbh.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("shop_id", "=", shop1)
      .executeTakeFirstOrThrow();
    expect(all.products.total).toBe(Number(shopCount.n));
    expect(all.products.data[0]?.name).toBe("Quokka Kettle"); // newest first

    expect((await list("search=zanzibar")).products.data.map((p) => p.id)).toEqual([created]);
    expect((await list("search=ZL-3")).products.data.map((p) => p.id)).toEqual([created]);
    const paged = await list("per_page=2&page=2&sort=name");
    expect([paged.products.current_page, paged.products.data.length]).toEqual([2, 2]);
    const byName = (await list("per_page=100&sort=name")).products.data.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byStock = (await list("per_page=100&sort=stock_asc")).products.data.map((p) => p.stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => a - b));
    // By the price shoppers pay: the discount price where there is one, not the crossed-out price.
    const paid = (p: { price: number; discount_price: number }) => (p.discount_price > 0 ? p.discount_price : p.price);
    const byPrice = (await list("per_page=100&sort=price_asc")).products.data;
    expect(byPrice.some((p) => p.discount_price > 0)).toBe(true);
    expect(byPrice.map(paid)).toEqual(byPrice.map(paid).sort((a, b) => a - b));
    const byPriceDown = (await list("per_page=100&sort=price_desc")).products.data.map(paid);
    expect(byPriceDown).toEqual([...byPriceDown].sort((a, b) => b - a));

    await ok(sellerBulkData, send("POST", "/api/seller/products/bulk", { ids: [created], action: "unpublish" }));
    expect((await list("status=draft")).products.data.map((p) => p.id)).toContain(created);
    expect((await list("status=published&per_page=100")).products.data.map((p) => p.id)).not.toContain(created);
    await ok(sellerBulkData, send("POST", "/api/seller/products/bulk", { ids: [created], action: "publish" }));

    // 1 + 10 + 10 + 10 units: in stock, not low; then 3 units in all: low; then none: out.
    const detail = (await ok(sellerProductData, send("GET", `/api/seller/products/${created}`))).product;
    const withStock = (stocks: number[]) =>
      send(
        "PUT",
        `/api/seller/products/${created}`,
        form({ images: detail.images, variants: detail.variants.map((v, i) => ({ ...v, stock: stocks[i] ?? 0 })) }),
      );
    const ids = async (stock: string) => (await list(`stock=${stock}&per_page=100`)).products.data.map((p) => p.id);
    expect(await ids("in")).toContain(created);
    expect(await ids("low")).not.toContain(created);
    await ok(sellerProductData, withStock([1, 2, 0, 0]));
    expect(await ids("low")).toContain(created);
    expect(await ids("out")).not.toContain(created);
    const low = await ok(lowStockData, send("GET", "/api/seller/stock/low?per_page=100"));
    expect(low.threshold).toBe(5);
    const stocks = low.rows.data.map((r) => r.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.every((s) => s <= 5)).toBe(true);
    expect(low.rows.data.filter((r) => r.product_id === created).map((r) => r.stock)).toEqual([0, 0, 1, 2]);
    // In Arabic the colours are named as the product form names them; sizes are the same everywhere.
    const arOptions = await ok(
      productFormOptionsData,
      send("GET", "/api/seller/product-options", undefined, owner1, "ar"),
    );
    const arColor = new Map(options.colors.map((c) => [c.name, arOptions.colors.find((a) => a.id === c.id)?.name]));
    const lowAr = await ok(lowStockData, send("GET", "/api/seller/stock/low?per_page=100", undefined, owner1, "ar"));
    const ours = (rows: typeof low.rows.data) => rows.filter((r) => r.product_id === created);
    expect(ours(lowAr.rows.data).map((r) => [r.size, r.color])).toEqual(
      ours(low.rows.data).map((r) => [r.size, r.color && arColor.get(r.color)]),
    );
    expect(ours(lowAr.rows.data).some((r) => r.color !== null && !options.colors.some((c) => c.name === r.color))).toBe(
      true,
    );
    const movedAr = await ok(
      movementsData,
      send("GET", `/api/seller/stock/movements?per_page=100&product_id=${created}`, undefined, owner1, "ar"),
    );
    const moved = await movements(`&product_id=${created}`);
    expect(movedAr.data.map((r) => r.color)).toEqual(moved.map((r) => r.color && arColor.get(r.color)));
    await ok(sellerProductData, withStock([0, 0, 0, 0]));
    expect(await ids("out")).toContain(created);
    expect(await ids("in")).not.toContain(created);
  });

  it("restocks a low variant from the stock page: the units received are added, logged as a restock, only in the seller's own shop", async () => {
    const low = await ok(lowStockData, send("GET", "/api/seller/stock/low?per_page=100"));
    const row = low.rows.data.find((r) => r.product_id === created) ?? low.rows.data[0];
    if (!row) throw new Error("no low variant");
    const variant = { product_id: row.product_id, size_id: row.size_id, color_id: row.color_id };
    const stockNow = () =>
      stockOf(t.dbh, { id: row.product_id, shop_id: shop1, size_id: row.size_id, color_id: row.color_id, stock: 0 });
    const put = (body: unknown, token = owner1) => send("PUT", "/api/seller/stock", body, token);

    // Another shop, a size the product lacks, a bad count and a staff member without products: nothing changes.
    expect((await put({ ...variant, add: 40 }, owner2)).status).toBe(404);
    expect((await put({ ...variant, size_id: variant.size_id + 999, add: 40 })).status).toBe(404);
    for (const [add, message] of [
      [0, "The add field must be at least 1."],
      [-1, "The add field must be at least 1."],
      [1.5, "The add field must be an integer."],
    ] as const) {
      const bad = await put({ ...variant, add });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.add).toEqual([message]);
    }
    expect((await put({ ...variant, stock: 40 })).status).toBe(422);
    expect((await put({ ...variant, add: 40 }, await newStaff(t.dbh, shop1, "orders"))).status).toBe(403);
    expect(await stockNow()).toBe(row.stock);

    // 40 units received: added to what is there.
    const res = await put({ ...variant, add: 40 }, await newStaff(t.dbh, shop1, "products"));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: SELLER_PRODUCT_MESSAGES.stockSaved, data: { stock: row.stock + 40 } });
    expect(await stockNow()).toBe(row.stock + 40);
    const after = await ok(lowStockData, send("GET", "/api/seller/stock/low?per_page=100"));
    expect(
      after.rows.data.some(
        (r) => r.product_id === row.product_id && r.size_id === row.size_id && r.color_id === row.color_id,
      ),
    ).toBe(false);
    const [logged] = await movements(`&product_id=${row.product_id}`);
    expect(logged).toMatchObject({ change: 40, stock_after: row.stock + 40, reason: "restock" });
  });

  it("restocks racing each other and orders keep the stock log exact: each change starts where the last ended", async () => {
    const v = (await variants(t.dbh)).find((r) => r.shop_id === shop1);
    if (!v) throw new Error("no variant of shop 1 in stock");
    const key = { product_id: v.id, size_id: v.size_id, color_id: v.color_id };
    const lines = async () => (await movements(`&product_id=${v.id}`)).sort((x, y) => x.id - y.id);
    const earlier = new Set((await lines()).map((m) => m.id));
    let at = await stockOf(t.dbh, v);
    const start = at;
    const buyers = await shoppersWithLine(app, t.dbh, 4, v);
    const answers = await Promise.all([
      ...[3, 1, 4, 1, 5, 9].map((add) => send("PUT", "/api/seller/stock", { ...key, add })),
      ...buyers.map((b) =>
        http.post("/api/place-order", { shop_ids: [shop1], address_id: b.addressId, payment_method: "cash" }, b.token),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const raced = (await lines()).filter((m) => !earlier.has(m.id));
    expect(raced.filter((m) => m.reason === "order")).toHaveLength(4);
    for (const m of raced) {
      expect(m.stock_after - m.change, `line ${m.id} (${m.reason})`).toBe(at);
      at = m.stock_after;
    }
    expect(await stockOf(t.dbh, v)).toBe(at);
    // Nothing received is lost to a sale made meanwhile: 23 units came in, 4 went out.
    expect(at).toBe(start + 23 - 4);
  });

  it("restocks never pass the stock's maximum, even when restocks race each other", async () => {
    const v = (await variants(t.dbh)).find((r) => r.shop_id === shop1);
    if (!v) throw new Error("no variant of shop 1 in stock");
    const key = { product_id: v.id, size_id: v.size_id, color_id: v.color_id };
    const max = PRODUCT_LIMITS.maxStock;
    await setStock(t.dbh, v, max - 10);
    // Two of these fit, the third would pass the maximum: whichever comes third is refused.
    const answers = await Promise.all([4, 4, 4].map((add) => send("PUT", "/api/seller/stock", { ...key, add })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422]);
    const refused = answers.find((a) => a.status === 422);
    expect(refused?.body.errors.add).toEqual([`With these units the stock would pass ${max}.`]);
    expect(await stockOf(t.dbh, v)).toBe(max - 2);
  });
});
