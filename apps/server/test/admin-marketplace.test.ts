import {
  ADMIN_MARKETPLACE_MESSAGES,
  adminOverview,
  envelope,
  type ProductBody,
  SELLER_SIGNUP_MESSAGES,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { dayIn } from "../src/lib/days.ts";
import { toMajor } from "../src/lib/money.ts";
import { codeIn, newRegistration } from "./auth-helpers.ts";
import { dbKinds, openTestApp, shippedMail, type TestApp } from "./harness.ts";
import { addToCart, placedOf, type Shopper, shoppersWithAddress, variants } from "./order-helpers.ts";
import { tokenOf, userIdOf } from "./staff-helpers.ts";

// The admin console's marketplace: its overview, shops, product moderation, orders, users, flash
// sales and the audit log, as the operator and the people they act on notice it.

type Method = "GET" | "POST" | "PUT" | "DELETE";

function multipart(fields: Record<string, string>, file?: { field: string; bytes: Buffer }) {
  const boundary = `----admin-market-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbKinds)("admin marketplace on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let banner: Buffer;

  const send = async (method: Method, url: string, payload?: unknown, token?: string) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const asAdmin = (method: Method, url: string, payload?: unknown) => send(method, url, payload, admin);
  const ok = async (p: Promise<{ status: number; body: { data: unknown } }>) => {
    const r = await p;
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return r.body.data as any;
  };
  /** The shopper's cart of one shop placed as a cash-on-delivery order: its id. */
  const placeCashOrder = async (buyer: Shopper, shopId: number) => {
    const res = await send(
      "POST",
      "/place-order",
      { shop_ids: [shopId], address_id: buyer.addressId, payment_method: "cash" },
      buyer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return placedOf(res.body).orders[0]?.id as number;
  };
  const login = (email: string, password = "password") => send("POST", "/login", { phone: email, password });
  const tokenOfEmail = async (email: string) => tokenOf(t.dbh, await userIdOf(t.dbh, email));
  const mailsTo = (email: string) =>
    t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", email).orderBy("id", "desc").execute();
  const auditRows = async (query: string) => (await ok(asAdmin("GET", `/admin/audit?${query}`))).entries.data;
  const sendSale = async (method: "POST" | "PUT", url: string, fields: Record<string, string>, withBanner = true) => {
    const { payload, contentType } = multipart(fields, withBanner ? { field: "banner", bytes: banner } : undefined);
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      payload,
      headers: { authorization: `Bearer ${admin}`, "content-type": contentType },
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const searchIds = async (text: string) => {
    await t.app.jobs.idle(); // a product save's search rows are written by a background job
    return (
      (await ok(send("GET", `/products?search=${encodeURIComponent(text)}&per_page=100`))).data as { id: number }[]
    ).map((p) => p.id);
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
    admin = await tokenOfEmail("admin@example.com");
    banner = await sharp({ create: { width: 8, height: 4, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  // ---- shops ----

  it("rejects a shop with a reason mailed to its owner, whose Seller Centre then says why; audited", async () => {
    const owner = newRegistration();
    const reg = await send("POST", "/shop/register", { ...owner, shop_name: `Rejected Shop ${process.pid}` });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const shopId = reg.body.data.shop.id as number;
    // The mail is written in the owner's language, not the admin's page's.
    await t.dbh.db.updateTable("users").set({ locale: "fr" }).where("email", "=", owner.email).execute();

    expect((await asAdmin("POST", `/admin/shops/${shopId}/reject`, { reason: " " })).status).toBe(422);
    const shop = await ok(
      asAdmin("POST", `/admin/shops/${shopId}/reject`, { reason: "Photos of real products needed" }),
    );
    expect(shop).toMatchObject({ status: "rejected", status_reason: "Photos of real products needed" });
    const [mail] = await mailsTo(owner.email);
    const fr = (key: string) =>
      shippedMail("fr", key, { shop: `Rejected Shop ${process.pid}`, reason: "Photos of real products needed" });
    expect(mail).toMatchObject({
      subject: fr("shop_rejected_subject"),
      body: `${fr("shop_rejected_text")}\n\n${fr("shop_reason")}`,
    });

    const token = (await login(owner.email, owner.password)).body.data.access.token as string;
    const me = await send("GET", "/seller/me", undefined, token);
    expect(me.status).toBe(403);
    expect(me.body.message).toContain(SELLER_SIGNUP_MESSAGES.rejected);
    expect(me.body.message).toContain("Photos of real products needed");
    // Rejecting twice, or suspending a rejected shop, does not apply.
    expect((await asAdmin("POST", `/admin/shops/${shopId}/reject`, { reason: "again" })).status).toBe(409);
    expect((await asAdmin("POST", `/admin/shops/${shopId}/suspend`, { reason: "x" })).status).toBe(409);

    const [row] = await auditRows(`entity=shop&search=${encodeURIComponent("real products")}`);
    expect(row).toMatchObject({ action: "reject", entity: "shop", entity_id: String(shopId) });
    expect(row.before.status).toBe("pending");
    expect(row.after.status).toBe("rejected");
  });

  it("suspends a shop: its products leave search, lists, details and carts while its orders stay visible; reinstating restores them", async () => {
    const shop = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.id", "u.email"])
      .where("u.email", "=", "owner3@example.com")
      .executeTakeFirstOrThrow();
    const [v, w] = (await variants(t.dbh)).filter((x) => x.shop_id === shop.id);
    if (!v || !w) throw new Error("shop 3 has too few products");
    const product = await t.dbh.db
      .selectFrom("products")
      .select("name")
      .where("id", "=", v.id)
      .executeTakeFirstOrThrow();

    // One shopper ordered before the suspension; another has the product in the cart.
    const [buyer, later] = await shoppersWithAddress(() => t.app, t.dbh, 2);
    if (!buyer || !later) throw new Error("no shoppers");
    await addToCart(() => t.app, buyer.token, v);
    const orderId = await placeCashOrder(buyer, shop.id);
    await addToCart(() => t.app, later.token, w);
    expect(await searchIds(product.name)).toContain(v.id);

    const suspended = await ok(asAdmin("POST", `/admin/shops/${shop.id}/suspend`, { reason: "Unpaid fees" }));
    expect(suspended.status).toBe("suspended");
    expect((await mailsTo(shop.email as string))[0]?.body).toContain("Unpaid fees");

    expect(await searchIds(product.name)).not.toContain(v.id);
    const list = await ok(send("GET", `/products?shop_id=${shop.id}&per_page=100`));
    expect(list.data.map((p: { id: number }) => p.id)).not.toContain(v.id);
    expect((await send("GET", `/products/${v.id}/details`)).status).toBe(404);
    // The cart drops the line and the order cannot be placed.
    const order = await send(
      "POST",
      "/place-order",
      { shop_ids: [shop.id], address_id: later.addressId, payment_method: "cash" },
      later.token,
    );
    expect(order.status).not.toBe(200);
    expect((await send("POST", "/cart/store", { product_id: v.id, quantity: 1 }, later.token)).status).not.toBe(200);
    // The shopper still sees the order, the seller still handles it, and the seller is told why otherwise.
    expect((await send("GET", `/orders/${orderId}`, undefined, buyer.token)).status).toBe(200);
    const seller = await tokenOfEmail("owner3@example.com");
    expect((await send("GET", `/seller/orders/${orderId}`, undefined, seller)).status).toBe(200);
    // The Seller Centre keeps only orders and messages, and says why.
    const me = await send("GET", "/seller/me", undefined, seller);
    expect(me.status).toBe(200);
    expect(me.body.data.areas).toEqual(["orders"]);
    expect(me.body.data.notice).toContain("Unpaid fees");
    expect((await send("GET", "/seller/products", undefined, seller)).body.message).toContain("Unpaid fees");

    const back = await ok(asAdmin("POST", `/admin/shops/${shop.id}/reinstate`));
    expect(back).toMatchObject({ status: "active", status_reason: null });
    expect(await searchIds(product.name)).toContain(v.id);
    expect((await send("GET", `/products/${v.id}/details`)).status).toBe(200);
    expect((await send("GET", "/seller/me", undefined, seller)).status).toBe(200);
    const actions = (await auditRows(`entity=shop&search=${encodeURIComponent("Unpaid")}`)).map(
      (r: { action: string }) => r.action,
    );
    expect(actions).toContain("suspend");
    expect((await auditRows("entity=shop")).map((r: { action: string }) => r.action)).toContain("reinstate");
  });

  it("sets a shop's commission between 0 and 100 %, stored as basis points", async () => {
    const shopId = (await t.dbh.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    for (const bad of [-1, 100.5, 12.345]) {
      const res = await asAdmin("PUT", `/admin/shops/${shopId}/commission`, { commission_rate: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors.commission_rate).toBeDefined();
    }
    expect(
      (await ok(asAdmin("PUT", `/admin/shops/${shopId}/commission`, { commission_rate: 12.5 }))).commission_rate,
    ).toBe(12.5);
    const row = await t.dbh.db.selectFrom("shops").select("commission_bp").where("id", "=", shopId).executeTakeFirst();
    expect(row?.commission_bp).toBe(1250);
    expect(
      (await ok(asAdmin("PUT", `/admin/shops/${shopId}/commission`, { commission_rate: 100 }))).commission_rate,
    ).toBe(100);
    expect(
      (await ok(asAdmin("PUT", `/admin/shops/${shopId}/commission`, { commission_rate: 0 }))).commission_rate,
    ).toBe(0);
    const [entry] = await auditRows("entity=shop&search=%25");
    expect(entry).toBeDefined();
    const commission = (await auditRows("entity=shop")).find((r: { action: string }) => r.action === "commission");
    expect(commission.after.commission_rate).toBe(0);
    expect(commission.before.commission_rate).toBe(100);
  });

  // ---- products ----

  it("with moderation on, a seller's new product waits hidden until approved; a rejection hides it with the reason", async () => {
    const seller = await tokenOfEmail("owner2@example.com");
    const options = await ok(send("GET", "/seller/product-options", undefined, seller));
    const category = options.categories[0];
    const form = (name: string): ProductBody => ({
      name,
      description: "<p>A test product.</p>",
      category_id: category.id,
      sub_category_id: null,
      price: 20,
      discount_price: 0,
      sizes: [],
      colors: [],
      variants: [{ size_id: 0, color_id: 0, stock: 5, sku: null }],
      is_active: true,
    });
    expect((await ok(asAdmin("PUT", "/admin/products/moderation", { enabled: true }))).enabled).toBe(true);

    const created = await ok(send("POST", "/seller/products", form("Moderated Quokka Lamp"), seller));
    expect(created.product).toMatchObject({ moderation: "pending", moderation_reason: null });
    const id = created.product.id as number;
    expect(await searchIds("Quokka")).not.toContain(id);
    expect((await send("GET", `/products/${id}/details`)).status).toBe(404);
    const queue = await ok(asAdmin("GET", "/admin/products?moderation=pending"));
    expect(queue.moderation_on).toBe(true);
    expect(queue.products.data.map((p: { id: number }) => p.id)).toContain(id);

    expect((await ok(asAdmin("POST", `/admin/products/${id}/approve`))).listed).toBe(true);
    expect(await searchIds("Quokka")).toContain(id);
    expect((await asAdmin("POST", `/admin/products/${id}/approve`)).status).toBe(409);

    // An edit waits again while moderation is on.
    const edited = await ok(send("PUT", `/seller/products/${id}`, form("Moderated Quokka Lamp II"), seller));
    expect(edited.product.moderation).toBe("pending");
    expect(await searchIds("Quokka")).not.toContain(id);

    const refusal = await asAdmin("POST", `/admin/products/${id}/reject`, { reason: "Blurry photos" });
    expect((refusal.body as { message: string }).message).toBe(ADMIN_MARKETPLACE_MESSAGES.productRejected);
    const rejected = await ok(Promise.resolve(refusal));
    expect(rejected).toMatchObject({ moderation: "rejected", moderation_reason: "Blurry photos", listed: false });
    const mine = await ok(send("GET", "/seller/products?search=Quokka", undefined, seller));
    expect(mine.products.data[0]).toMatchObject({ id, moderation: "rejected", moderation_reason: "Blurry photos" });
    expect((await ok(send("GET", `/seller/products/${id}`, undefined, seller))).product.moderation_reason).toBe(
      "Blurry photos",
    );
    expect(await searchIds("Quokka")).not.toContain(id);

    // The shop was told of each decision under its bell, newest first, and nobody else was; each
    // notice names the product as it is called now (it was renamed between the two decisions).
    const told = (await ok(send("GET", "/seller/notifications?per_page=50", undefined, seller))).data.filter(
      (n: { kind: string }) => n.kind === "product_moderated",
    );
    expect(told.slice(0, 2)).toEqual([
      expect.objectContaining({
        params: { product: "Moderated Quokka Lamp II", product_id: id, decision: "rejected" },
        order_id: null,
        read: false,
      }),
      expect.objectContaining({
        params: { product: "Moderated Quokka Lamp II", product_id: id, decision: "approved" },
      }),
    ]);
    const otherShop = await tokenOfEmail("owner1@example.com");
    const theirs = (await ok(send("GET", "/seller/notifications?per_page=50", undefined, otherShop))).data;
    expect(theirs.filter((n: { params: { product_id?: number } }) => n.params.product_id === id)).toEqual([]);

    expect((await ok(asAdmin("PUT", "/admin/products/moderation", { enabled: false }))).enabled).toBe(false);
    // Moderation off: a new product is listed at once.
    const free = await ok(send("POST", "/seller/products", form("Unmoderated Wombat Lamp"), seller));
    expect(free.product.moderation).toBe("approved");
    expect(await searchIds("Wombat")).toContain(free.product.id);

    const actions = (await auditRows("entity=product")).map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["approve", "reject"]));
    expect((await auditRows("entity=setting&search=product_moderation")).length).toBeGreaterThanOrEqual(2);
  });

  it("the moderator previews a waiting product as its seller wrote it, in the admin's language where written", async () => {
    const seller = await tokenOfEmail("owner2@example.com");
    const options = await ok(send("GET", "/seller/product-options", undefined, seller));
    const [size] = options.sizes;
    const [red, blue] = options.colors;
    const body: ProductBody = {
      name: "Previewed Numbat Scarf",
      short_description: "Warm and soft",
      description: '<p>Knitted <strong>wool</strong>.</p><script>alert(1)</script><img src=x onerror="alert(1)">',
      translations: { ar: { name: "وشاح نمبات", short_description: null, description: "<p>صوف محبوك.</p>" } },
      category_id: options.categories[0].id,
      sub_category_id: null,
      brand_id: options.brands[0].id,
      price: 30,
      discount_price: 25,
      sizes: [{ id: size.id, surcharge: 0 }],
      colors: [
        { id: red.id, surcharge: 0 },
        { id: blue.id, surcharge: 0 },
      ],
      variants: [
        { size_id: size.id, color_id: red.id, stock: 4, sku: "NUM-R" },
        { size_id: size.id, color_id: blue.id, stock: 0, sku: null },
      ],
      is_active: true,
    };
    await ok(asAdmin("PUT", "/admin/products/moderation", { enabled: true }));
    try {
      const id = (await ok(send("POST", "/seller/products", body, seller))).product.id as number;
      // Waiting, so the storefront does not show it; the moderator sees all of it.
      expect((await send("GET", `/products/${id}/details`)).status).toBe(404);
      const { product } = await ok(asAdmin("GET", `/admin/products/${id}`));
      expect(product).toMatchObject({
        id,
        name: "Previewed Numbat Scarf",
        moderation: "pending",
        listed: false,
        price: 30,
        discount_price: 25,
        category: options.categories[0].name,
        sub_category: null,
        brand: options.brands[0].name,
        short_description: "Warm and soft",
        shop: { name: "Step Up Shoes" },
      });
      expect(product.description).toContain("<strong>wool</strong>");
      expect(product.description).not.toMatch(/script|onerror/);
      expect(product.images[0]).toBe(product.thumbnail);
      expect(product.variants).toEqual([
        { size: size.name, color: red.name, stock: 4, sku: "NUM-R" },
        { size: size.name, color: blue.name, stock: 0, sku: null },
      ]);
      // In Arabic: the seller's Arabic texts, and English where they wrote none.
      const res = await t.app.inject({
        url: `/api/admin/products/${id}`,
        headers: { authorization: `Bearer ${admin}`, "accept-language": "ar" },
      });
      expect(res.json().data.product).toMatchObject({
        name: "وشاح نمبات",
        short_description: "Warm and soft",
        description: "<p>صوف محبوك.</p>",
      });
      // Only the admin: a seller (even its own) and a shopper are refused; an unknown id is not found.
      expect((await send("GET", `/admin/products/${id}`, undefined, seller)).status).toBe(403);
      const shopper = await tokenOfEmail("shopper@example.com");
      expect((await send("GET", `/admin/products/${id}`, undefined, shopper)).status).toBe(403);
      expect((await asAdmin("GET", "/admin/products/99999999")).status).toBe(404);
      expect((await asAdmin("GET", "/admin/products/abc")).status).toBe(422);
    } finally {
      await ok(asAdmin("PUT", "/admin/products/moderation", { enabled: false }));
    }
  });

  it("unpublishes any listed product with a reason its seller sees; the admin list searches by name and shop", async () => {
    const [v] = await variants(t.dbh);
    if (!v) throw new Error("no product");
    const product = await t.dbh.db
      .selectFrom("products as p")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["p.id", "p.name", "s.name as shop", "u.email"])
      .where("p.id", "=", v.id)
      .executeTakeFirstOrThrow();
    const byName = await ok(asAdmin("GET", `/admin/products?search=${encodeURIComponent(product.name)}`));
    expect(byName.products.data.map((p: { id: number }) => p.id)).toContain(product.id);
    const byShop = await ok(asAdmin("GET", `/admin/products?search=${encodeURIComponent(product.shop)}&per_page=100`));
    expect(byShop.products.data.every((p: { shop: { name: string } }) => p.shop.name === product.shop)).toBe(true);

    expect((await asAdmin("POST", `/admin/products/${product.id}/reject`, {})).status).toBe(422);
    // A product the storefront showed is unpublished, and the answer says so.
    const taken = await asAdmin("POST", `/admin/products/${product.id}/reject`, { reason: "Counterfeit brand" });
    expect((taken.body as { message: string }).message).toBe(ADMIN_MARKETPLACE_MESSAGES.productUnpublished);
    const res = await ok(Promise.resolve(taken));
    expect(res.listed).toBe(false);
    expect((await send("GET", `/products/${product.id}/details`)).status).toBe(404);
    const seller = await tokenOfEmail(product.email as string);
    const detail = await ok(send("GET", `/seller/products/${product.id}`, undefined, seller));
    expect(detail.product).toMatchObject({ moderation: "rejected", moderation_reason: "Counterfeit brand" });
    const [entry] = await auditRows("search=Counterfeit");
    expect(entry).toMatchObject({ action: "unpublish", entity: "product" });
    // Approving puts it back.
    await ok(asAdmin("POST", `/admin/products/${product.id}/approve`));
    expect((await send("GET", `/products/${product.id}/details`)).status).toBe(200);
  });

  // ---- orders ----

  it("searches every order by number, shopper name or email, and shop name, filtered by status and paged", async () => {
    const row = await t.dbh.db
      .selectFrom("orders as o")
      .innerJoin("users as u", "u.id", "o.user_id")
      .innerJoin("shops as s", "s.id", "o.shop_id")
      .select(["o.id", "o.order_code", "o.order_status", "u.name", "u.email", "s.name as shop"])
      .orderBy("o.id")
      .executeTakeFirstOrThrow();
    const ids = async (query: string) =>
      ((await ok(asAdmin("GET", `/admin/orders?per_page=100&${query}`))).data as { id: number }[]).map((o) => o.id);
    expect(await ids(`search=${encodeURIComponent(row.order_code)}`)).toEqual([row.id]);
    expect(await ids(`search=${encodeURIComponent(row.name)}`)).toContain(row.id);
    expect(await ids(`search=${encodeURIComponent(row.email as string)}`)).toContain(row.id);
    expect(await ids(`search=${encodeURIComponent(row.shop)}`)).toContain(row.id);
    expect(await ids(`order_status=${encodeURIComponent(row.order_status)}`)).toContain(row.id);
    const other = row.order_status === "Cancelled" ? "Delivered" : "Cancelled";
    expect(await ids(`order_status=${other}&search=${encodeURIComponent(row.order_code)}`)).toEqual([]);
    const page = await ok(asAdmin("GET", "/admin/orders?per_page=2"));
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.per_page).toBe(2);

    const detail = await ok(asAdmin("GET", `/admin/orders/${row.id}`));
    expect(detail).toMatchObject({ id: row.id, order_code: row.order_code, customer: { email: row.email } });
    expect(detail.products.length).toBeGreaterThan(0);
    expect((await asAdmin("GET", "/admin/orders/99999999")).status).toBe(404);
  });

  // ---- users ----

  it("finds a user by their phone as it is typed: with the country code, or with a trunk zero", async () => {
    const local = newRegistration().phone.slice(3);
    const person = newRegistration({ phone: `050${local}`, phone_code: "+966", country: "Saudi Arabia" });
    expect((await send("POST", "/registration", person)).status).toBe(200);
    for (const typed of [`+966 50 ${local}`, `050${local}`, `50${local}`]) {
      const found = await ok(asAdmin("GET", `/admin/users?search=${encodeURIComponent(typed)}`));
      expect(
        found.data.map((u: { email: string }) => u.email),
        typed,
      ).toEqual([person.email]);
    }
  });

  it("blocks a user: the live session ends at once and login is refused; unblocking lets them in again", async () => {
    const person = newRegistration();
    const reg = await send("POST", "/registration", person);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const live = reg.body.data.access.token as string;
    expect((await send("GET", "/user", undefined, live)).status).toBe(200);
    const found = await ok(asAdmin("GET", `/admin/users?search=${encodeURIComponent(person.email)}`));
    expect(found.data).toHaveLength(1);
    const id = found.data[0].id as number;

    const blocked = await ok(asAdmin("POST", `/admin/users/${id}/block`));
    expect(blocked.blocked_at).not.toBeNull();
    expect((await send("GET", "/user", undefined, live)).status).toBe(401);
    const refused = await login(person.email, person.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ADMIN_MARKETPLACE_MESSAGES.accountBlocked);
    // A wrong password still says only that the credentials are wrong.
    expect((await login(person.email, "not the password")).status).toBe(422);
    const revoked = await t.dbh.db.selectFrom("access_tokens").select("revoked_at").where("user_id", "=", id).execute();
    expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);
    const blockedList = await ok(asAdmin("GET", "/admin/users?blocked=1&per_page=100"));
    expect(blockedList.data.map((u: { id: number }) => u.id)).toContain(id);

    expect((await ok(asAdmin("POST", `/admin/users/${id}/unblock`))).blocked_at).toBeNull();
    expect((await login(person.email, person.password)).status).toBe(200);
    const adminId = await userIdOf(t.dbh, "admin@example.com");
    expect((await asAdmin("POST", `/admin/users/${adminId}/block`)).status).toBe(422);
    const actions = (await auditRows(`entity=user&search=${encodeURIComponent(person.email)}`)).map(
      (r: { action: string }) => r.action,
    );
    expect(actions).toEqual(["unblock", "block"]);
  });

  it("sends a user the password-reset code, which resets the password through forgot-password", async () => {
    const person = newRegistration();
    expect((await send("POST", "/registration", person)).status).toBe(200);
    const id = await userIdOf(t.dbh, person.email);
    expect((await ok(asAdmin("POST", `/admin/users/${id}/password-reset`))).channel).toBe("email");
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toContain("password reset code");
    const verified = await ok(send("POST", "/verify-otp", { phone: person.email, otp: codeIn(mail?.body ?? "") }));
    expect(
      (
        await send("POST", "/reset-password", {
          token: verified.token,
          password: "new password 1",
          password_confirmation: "new password 1",
        })
      ).status,
    ).toBe(200);
    expect((await login(person.email, "new password 1")).status).toBe(200);
    const [entry] = await auditRows(`entity=user&search=${encodeURIComponent(person.email)}`);
    expect(entry).toMatchObject({ action: "password_reset", entity_id: String(id) });
  });

  it("writes the password-reset code in the account's language, not the admin's page's", async () => {
    const person = newRegistration();
    expect((await send("POST", "/registration", person)).status).toBe(200);
    const id = await userIdOf(t.dbh, person.email);
    await t.dbh.db.updateTable("users").set({ locale: "fr" }).where("id", "=", id).execute();
    await ok(asAdmin("POST", `/admin/users/${id}/password-reset`));
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toMatch(/^Votre code de réinitialisation du mot de passe /);
    expect(mail?.body).toContain(`est ${codeIn(mail?.body ?? "")}.`);
  });

  // ---- flash sales ----

  it("creates, edits and deletes a flash sale with a banner checked by content; removes unsold entries only", async () => {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const fields = {
      name: "Admin Test Sale",
      translations: JSON.stringify({ ar: "تخفيضات" }),
      start_date: start,
      end_date: end,
    };
    expect((await sendSale("POST", "/admin/flash-sales", fields, false)).status).toBe(422);
    const backwards = await sendSale("POST", "/admin/flash-sales", { ...fields, end_date: start, start_date: end });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_date).toEqual([ADMIN_MARKETPLACE_MESSAGES.endBeforeStart]);
    // A new sale that is over already (a year ago) is refused; nothing is made.
    const yearAgo = (d: string) => new Date(Date.parse(d) - 365 * 86_400_000).toISOString();
    const past = await sendSale("POST", "/admin/flash-sales", {
      ...fields,
      name: "Past Sale",
      start_date: yearAgo(start),
      end_date: yearAgo(end),
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.end_date).toEqual([ADMIN_MARKETPLACE_MESSAGES.endInFuture]);
    expect(await t.dbh.db.selectFrom("flash_sales").where("name", "=", "Past Sale").select("id").execute()).toEqual([]);
    const notImage = multipart(fields, { field: "banner", bytes: Buffer.from("not an image at all") });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/flash-sales",
      payload: notImage.payload,
      headers: { authorization: `Bearer ${admin}`, "content-type": notImage.contentType },
    });
    expect(bad.statusCode).toBe(422);

    const created = await sendSale("POST", "/admin/flash-sales", fields);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sale = created.body.data;
    expect(sale).toMatchObject({
      name: "Admin Test Sale",
      translations: { ar: "تخفيضات" },
      state: "scheduled",
      entries: 0,
    });
    expect(sale.thumbnail).toMatch(/^\/uploads\/flash-sales\//);

    const edited = await sendSale(
      "PUT",
      `/admin/flash-sales/${sale.id}`,
      { ...fields, name: "Admin Test Sale 2" },
      false,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: "Admin Test Sale 2", thumbnail: sale.thumbnail });
    const list = await ok(asAdmin("GET", "/admin/flash-sales?per_page=100"));
    expect(list.data.map((s: { id: number }) => s.id)).toContain(sale.id);

    // A seeded sale with entries: a sold entry stays, an unsold one can be removed.
    const seeded = await t.dbh.db
      .selectFrom("flash_sale_items")
      .select(["id", "flash_sale_id"])
      .orderBy("id")
      .limit(2)
      .execute();
    const [sold, unsold] = seeded;
    if (!sold || !unsold) throw new Error("no seeded sale entries");
    await t.dbh.db.updateTable("flash_sale_items").set({ sold: 1 }).where("id", "=", sold.id).execute();
    await t.dbh.db.updateTable("flash_sale_items").set({ sold: 0 }).where("id", "=", unsold.id).execute();
    const entries = await ok(asAdmin("GET", `/admin/flash-sales/${sold.flash_sale_id}/entries?per_page=100`));
    const soldEntry = entries.data.find((e: { id: number }) => e.id === sold.id);
    expect(soldEntry).toMatchObject({
      sold: 1,
      shop: { name: expect.any(String) },
      product: { name: expect.any(String) },
    });
    expect((await asAdmin("DELETE", `/admin/flash-sales/${sold.flash_sale_id}/entries/${sold.id}`)).status).toBe(409);
    expect((await asAdmin("DELETE", `/admin/flash-sales/${sold.flash_sale_id}`)).status).toBe(409);
    expect((await asAdmin("DELETE", `/admin/flash-sales/${unsold.flash_sale_id}/entries/${unsold.id}`)).status).toBe(
      200,
    );
    expect(
      await t.dbh.db.selectFrom("flash_sale_items").select("id").where("id", "=", unsold.id).executeTakeFirst(),
    ).toBeUndefined();

    expect((await asAdmin("DELETE", `/admin/flash-sales/${sale.id}`)).status).toBe(200);
    expect((await asAdmin("DELETE", `/admin/flash-sales/${sale.id}`)).status).toBe(404);
    const actions = (await auditRows("entity=flash_sale")).map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["create", "update", "delete", "remove_entry"]));
    const update = (await auditRows("entity=flash_sale&search=Admin%20Test%20Sale%202")).find(
      (r: { action: string }) => r.action === "update",
    );
    expect(update.before.name).toBe("Admin Test Sale");
    expect(update.after.name).toBe("Admin Test Sale 2");
  });

  // ---- the audit log ----

  it("lists the audit log newest first, searchable by text, entity, admin and date range, paged", async () => {
    const all = await ok(asAdmin("GET", "/admin/audit?per_page=100"));
    expect(all.entries.total).toBeGreaterThan(5);
    const times = all.entries.data.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.entities).toEqual(expect.arrayContaining(["shop", "product", "user", "flash_sale", "setting"]));
    const adminId = await userIdOf(t.dbh, "admin@example.com");
    expect(all.admins).toEqual([{ id: adminId, name: expect.any(String) }]);
    expect((await auditRows(`admin_id=${adminId}&per_page=100`)).length).toBe(Math.min(100, all.entries.total));
    expect(await auditRows(`admin_id=${adminId + 100000}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditRows(`from=${today}&to=${today}&per_page=1`)).length).toBe(1);
    expect(await auditRows("to=2000-01-01")).toEqual([]);
    expect((await asAdmin("GET", "/admin/audit?from=yesterday")).status).toBe(422);
    expect((await asAdmin("GET", "/admin/audit?tz=Mars/Olympus")).status).toBe(422);
    // Days are the reader's: the newest change falls on different dates at UTC+14 and UTC-11.
    const newest = all.entries.data[0];
    const at = Date.parse(newest.created_at);
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const itsDay = dayIn(tz, at);
      const other = dayIn(tz === "Pacific/Kiritimati" ? "Pacific/Pago_Pago" : "Pacific/Kiritimati", at);
      const ids = async (d: string) =>
        (await auditRows(`from=${d}&to=${d}&tz=${tz}&per_page=100`)).map((e: { id: number }) => e.id);
      expect(await ids(itsDay)).toContain(newest.id);
      expect(await ids(other)).not.toContain(newest.id);
    }
    expect(await auditRows("search=no-such-change-anywhere")).toEqual([]);
    const paged = await ok(asAdmin("GET", "/admin/audit?per_page=2&page=2"));
    expect(paged.entries.data.map((e: { id: number }) => e.id)).toEqual(
      all.entries.data.slice(2, 4).map((e: { id: number }) => e.id),
    );
  });

  // ---- overview ----

  it("the overview sums every shop's sales by day, and counts each queue as its own list does", async () => {
    const day = 86_400_000;
    const today = Date.parse("2032-06-10T00:00:00.000Z");
    const [v1, v2] = (await variants(t.dbh)).filter((v, i, all) => all.findIndex((w) => w.shop_id === v.shop_id) === i);
    if (!v1 || !v2) throw new Error("two shops with stock needed");
    // Orders of two shops: one today, one three days ago, one 40 days ago (outside the 30 days).
    const placeAt = async (at: number, v: typeof v1) => {
      clock.set(() => at);
      const [buyer] = await shoppersWithAddress(() => t.app, t.dbh, 1);
      if (!buyer) throw new Error("no shopper");
      await addToCart(() => t.app, buyer.token, v);
      const id = await placeCashOrder(buyer, v.shop_id);
      const row = await t.dbh.db
        .selectFrom("orders")
        .select("payable_amount")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return Number(row.payable_amount);
    };
    try {
      await placeAt(today - 40 * day, v1);
      const threeDaysAgo = await placeAt(today - 3 * day + 5_000, v2);
      const now = await placeAt(today + 9 * 3_600_000, v1);
      clock.set(() => today + 10 * 3_600_000);
      const token = await tokenOfEmail("admin@example.com");
      const read = async () =>
        envelope(adminOverview).parse((await send("GET", "/admin/overview", undefined, token)).body).data;
      const o = await read();
      expect(o.sales).toEqual({
        today: toMajor(now),
        last_7_days: toMajor(now + threeDaysAgo),
        last_30_days: toMajor(now + threeDaysAgo),
      });
      expect(o.daily).toHaveLength(30);
      expect(o.daily[29]).toEqual({ date: "2032-06-10", amount: toMajor(now), orders: 1 });
      expect(o.daily[26]).toEqual({ date: "2032-06-07", amount: toMajor(threeDaysAgo), orders: 1 });
      expect(o.top_products.map((p) => p.product_id).sort()).toEqual([v1.id, v2.id].sort());
      expect(o.currency).toBe("USD");
      // Orders per status are all time, over every shop: they add up to the admin's order list.
      const orders = await ok(send("GET", "/admin/orders?per_page=1", undefined, token));
      expect(o.orders_by_status.reduce((n, s) => n + s.count, 0)).toBe(orders.total);

      // Each queue counts what its list shows.
      const total = async (url: string) => {
        const page = await ok(send("GET", url, undefined, token));
        return (page.products ?? page).total as number;
      };
      expect(o.waiting).toEqual({
        shops: await total("/admin/shops?status=pending&per_page=1"),
        products: await total("/admin/products?moderation=pending&per_page=1"),
        tickets: await total("/admin/support-tickets?status=pending&per_page=1"),
        reviews: await total("/admin/reviews?status=reported&per_page=1"),
        mail: await total("/admin/mail?status=failed&per_page=1"),
      });
      // A shop asks to sell and a product waits for moderation: both queues grow by one.
      const reg = await send("POST", "/shop/register", { ...newRegistration(), shop_name: `Waiting ${process.pid}` });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      await t.dbh.db.updateTable("products").set({ moderation: "pending" }).where("id", "=", v2.id).execute();
      const after = await read();
      expect(after.waiting).toEqual({ ...o.waiting, shops: o.waiting.shops + 1, products: o.waiting.products + 1 });
    } finally {
      clock.reset();
      await t.dbh.db.updateTable("products").set({ moderation: "approved" }).where("id", "=", v2.id).execute();
    }
  });
});
