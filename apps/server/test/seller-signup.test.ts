import os from "node:os";
import path from "node:path";
import { adminShopPage, SELLER_SIGNUP_MESSAGES, shopRegisterData } from "@market/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { currentUser, requireSellerArea, sellerOf } from "../src/modules/auth/auth.plugin.ts";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { newRegistration } from "./auth-helpers.ts";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let shopSeq = 0;
const newShop = (overrides: Record<string, unknown> = {}) => {
  shopSeq += 1;
  return { ...newRegistration(), shop_name: `Signup Test Shop ${process.pid} ${shopSeq}`, ...overrides };
};

function form(fields: Record<string, unknown>, logo?: { name: string; type: string; bytes: Buffer }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
  if (logo) body.set("shop_logo", new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  return body;
}

describe.each(dbKinds)("seller registration on %s", (kind) => {
  let t: TestApp;
  // The same app plus one seller-area route, to see what `requireSellerArea` lets through.
  let withProbe: FastifyInstance;
  const http = api(() => t.app);
  let adminToken: string;

  const post = async (url: string, payload: unknown, token?: string) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      payload: payload as InjectOptions["payload"],
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const register = (payload: unknown) => post("/api/shop/register", payload);
  const login = async (email: string, password: string) =>
    (await http.post("/api/login", { phone: email, password })).body.data?.access.token as string;
  const probe = async (token: string) => {
    const res = await withProbe.inject({ url: "/api/seller/probe", headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
  const userByEmail = (email: string) =>
    t.dbh.db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  const setShopStatus = (id: number, status: "active" | "pending") =>
    t.dbh.db.updateTable("shops").set({ status }).where("id", "=", id).execute();

  beforeAll(async () => {
    t = await openTestApp(kind);
    const config = loadConfig({ APP_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "market-test-data") });
    withProbe = await buildApp({ config, dbh: t.dbh, serveWeb: false });
    withProbe.get("/api/seller/probe", { preHandler: requireSellerArea("orders") }, async (req) => ({
      message: "ok",
      data: { shop_id: sellerOf(req).shopId, user_id: currentUser(req).id },
    }));
    await withProbe.ready();
    adminToken = await login("admin@example.com", "password");
  }, 120_000);
  afterAll(async () => {
    await withProbe?.close();
    await t?.close();
  });

  it("creates a pending shop and its seller account in one go, with a logo checked by content", async () => {
    const fields = newShop();
    const res = await register(form(fields, { name: "logo.png", type: "image/png", bytes: PNG }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(SELLER_SIGNUP_MESSAGES.submitted);
    const data = shopRegisterData.parse(res.body.data);
    expect(data.shop).toMatchObject({ name: fields.shop_name, status: "pending" });
    expect(data.owner).toMatchObject({ name: fields.name, email: fields.email });
    expect(await userByEmail(fields.email)).toMatchObject({ role: "seller" });
    const row = await t.dbh.db.selectFrom("shops").selectAll().where("id", "=", data.shop.id).executeTakeFirstOrThrow();
    expect(row.logo).toMatch(/^\/uploads\/shops\/[0-9a-f-]{36}\.png$/);
    expect(row.user_id).toBe(data.owner.id);
    // The shop is reached as its owner applied: their number with its code, and their email.
    expect(row).toMatchObject({ phone: `+1${fields.phone}`, email: fields.email });
    // The owner signs in with the password given.
    expect(await login(fields.email, fields.password)).toBeTruthy();

    // JSON without a logo works too: the shop gets generated artwork.
    const plain = await register(newShop());
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  });

  it("draws a long name's artwork without cutting an emoji in two", async () => {
    // 79 letters and an emoji: cutting the label at 80 UTF-16 units would split the emoji.
    const name = `${"a".repeat(60)} ${process.pid} ${++shopSeq}`.padEnd(79, "a");
    const res = await register(newShop({ shop_name: `${name}😀 and more` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await t.dbh.db
      .selectFrom("shops")
      .select("logo")
      .where("id", "=", res.body.data.shop.id)
      .executeTakeFirstOrThrow();
    expect(decodeURIComponent(new URL(row.logo ?? "", "http://x").searchParams.get("t") ?? "")).toBe(`${name}😀`);
  });

  it("validates like registration and creates nothing on bad input", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ shop_name: "" }, "shop_name", "The shop name field is required."],
      [{ shop_name: "x" }, "shop_name", "The shop name field must be at least 2 characters."],
      [{ shop_name: "x".repeat(101) }, "shop_name", "The shop name field must not be greater than 100 characters."],
      [{ name: "" }, "name", "The name field is required."],
      [{ email: "nope" }, "email", "The email field must be a valid email address."],
      [{ email: "shopper@example.com" }, "email", "The email has already been taken."],
      [{ password: "short" }, "password", "The password field must be at least 8 characters."],
      [{ phone: "12ab" }, "phone", "The phone field must contain only digits."],
      [{ phone: "123" }, "phone", "The phone field must be between 9 and 16 digits."],
      [{ shop_name: "URBAN fashion hub" }, "shop_name", SELLER_SIGNUP_MESSAGES.shopNameTaken],
    ];
    const seeded = await t.dbh.db.selectFrom("shops").select("name").orderBy("id").executeTakeFirstOrThrow();
    for (const [overrides, field, message] of cases) {
      const fields = newShop(overrides);
      if (overrides.shop_name === "URBAN fashion hub") fields.shop_name = seeded.name.toUpperCase();
      const res = await register(form(fields));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.errors[field]?.[0]).toBe(message);
      if (field !== "email") expect(await userByEmail(String(fields.email))).toBeUndefined();
    }
    const forged = newShop();
    const fake = await register(form(forged, { name: "logo.png", type: "image/png", bytes: Buffer.from("just text") }));
    expect(fake.status).toBe(422);
    expect(fake.body.errors.shop_logo).toEqual([SELLER_SIGNUP_MESSAGES.logoBadType]);
    expect(await userByEmail(forged.email)).toBeUndefined();
    const big = newShop();
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await register(form(big, { name: "logo.png", type: "image/png", bytes: huge }));
    expect(tooBig.body.errors.shop_logo).toEqual([SELLER_SIGNUP_MESSAGES.logoTooLarge]);
    expect(await userByEmail(big.email)).toBeUndefined();
  });

  it("hides a pending shop and keeps its owner out of the seller area until an admin approves it", async () => {
    const fields = newShop({ shop_name: `Gatekeeper Goods ${process.pid}` });
    const { shop } = shopRegisterData.parse((await register(form(fields))).body.data);
    const listed = async () =>
      (await http.get(`/api/shops?search=${encodeURIComponent("Gatekeeper Goods")}&per_page=100`)).body.data.data.map(
        (s: { id: number }) => s.id,
      );
    expect(await listed()).not.toContain(shop.id);
    expect((await http.get(`/api/shops/${shop.id}`)).status).toBe(404);

    const owner = await login(fields.email, fields.password);
    const refused = await probe(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SELLER_SIGNUP_MESSAGES.awaitingApproval);
    // The seller area's own routes answer the same.
    const orders = await http.get("/api/seller/orders", owner);
    expect(orders.status).toBe(403);
    expect(orders.body.message).toBe(SELLER_SIGNUP_MESSAGES.awaitingApproval);

    const pending = adminShopPage.parse(
      (await http.get("/api/admin/shops?status=pending&per_page=100", adminToken)).body.data,
    );
    const entry = pending.data.find((s) => s.id === shop.id);
    expect(entry).toMatchObject({ name: fields.shop_name, status: "pending", owner: { email: fields.email } });
    expect(pending.data.every((s) => s.status === "pending")).toBe(true);
    expect((await http.get("/api/admin/shops", owner)).status).toBe(403);
    expect((await post(`/api/admin/shops/${shop.id}/approve`, {}, owner)).status).toBe(403);

    const approved = await post(`/api/admin/shops/${shop.id}/approve`, {}, adminToken);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: SELLER_SIGNUP_MESSAGES.approved, data: { status: "active" } });
    expect((await post(`/api/admin/shops/${shop.id}/approve`, {}, adminToken)).status).toBe(409);
    expect((await post("/api/admin/shops/99999999/approve", {}, adminToken)).status).toBe(404);

    expect(await listed()).toContain(shop.id);
    expect((await http.get(`/api/shops/${shop.id}`)).status).toBe(200);
    expect(await probe(owner)).toMatchObject({ status: 200, body: { data: { shop_id: shop.id } } });
    expect((await http.get("/api/seller/orders", owner)).status).toBe(200);
    const mail = await t.dbh.db.selectFrom("outbox").select("subject").where("recipient", "=", fields.email).execute();
    expect(mail.map((m) => m.subject)).toEqual([`Your shop ${fields.shop_name} is approved`]);
  });

  it("tells the owner of the approval in the language they signed up in, with a link to the Seller Centre", async () => {
    const fields = newShop({ shop_name: `متجر الورد ${process.pid}` });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shop/register",
      payload: fields,
      headers: { "accept-language": "ar" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const approved = await post(`/api/admin/shops/${res.json().data.shop.id}/approve`, {}, adminToken);
    expect(approved.status).toBe(200);
    const [mail] = await t.dbh.db
      .selectFrom("outbox")
      .select(["subject", "body"])
      .where("recipient", "=", fields.email)
      .execute();
    expect(mail?.subject).toBe(`تمت الموافقة على متجرك ${fields.shop_name}`);
    expect(mail?.body).toContain(`مركز البائع على ${t.app.config.appUrl}/seller لإضافة منتجاتك.`);
  });

  it("hides a pending shop's products from lists, search, details, categories and home", async () => {
    const shop = await t.dbh.db.selectFrom("shops").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const product = await t.dbh.db
      .selectFrom("products")
      .select(["id", "name", "category_id"])
      .where("shop_id", "=", shop.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const visible = async () => {
      const [byShop, search, details, shops, categories, home] = await Promise.all([
        http.get(`/api/products?shop_id=${shop.id}`),
        http.get(`/api/products?search=${encodeURIComponent(product.name)}&per_page=100`),
        http.get(`/api/products/${product.id}/details`),
        http.get("/api/shops?per_page=100"),
        http.get("/api/categories"),
        http.get("/api/home"),
      ]);
      const homeIds = JSON.stringify(home.body.data).match(/"shop":\{"id":(\d+)/g) ?? [];
      return {
        byShop: byShop.body.data.total as number,
        found: search.body.data.data.some((p: { id: number }) => p.id === product.id) as boolean,
        details: details.status,
        listed: shops.body.data.data.some((s: { id: number }) => s.id === shop.id) as boolean,
        categoryCount: categories.body.data.categories.find((c: { id: number }) => c.id === product.category_id)
          ?.total_products as number | undefined,
        onHome: homeIds.some((m) => m.endsWith(`:${shop.id}`)),
      };
    };
    const before = await visible();
    expect(before).toMatchObject({ found: true, details: 200, listed: true, onHome: true });
    expect(before.byShop).toBeGreaterThan(0);
    try {
      await setShopStatus(shop.id, "pending");
      const hidden = await visible();
      expect(hidden).toMatchObject({ byShop: 0, found: false, details: 404, listed: false, onHome: false });
      if (before.categoryCount !== undefined) expect(hidden.categoryCount).toBeLessThan(before.categoryCount);
    } finally {
      await setShopStatus(shop.id, "active");
    }
    expect(await visible()).toEqual(before);
  });

  it("answers a clear 403 and creates nothing while multi-vendor mode is off, and links to it go", async () => {
    const fields = newShop();
    type Link = { url: string | null };
    const links = async () => {
      const master = (await http.get("/api/master")).body.data as { menus: Link[]; footers: { items: Link[] }[] };
      return [...master.menus, ...master.footers.flatMap((f) => f.items)].map((l) => l.url);
    };
    expect(await links()).toContain("/shop/register");
    await t.dbh.db.updateTable("settings").set({ value: "false" }).where("key", "=", "multi_vendor").execute();
    invalidateSettings({ dbh: t.dbh });
    try {
      const res = await register(form(fields, { name: "logo.png", type: "image/png", bytes: PNG }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SELLER_SIGNUP_MESSAGES.closed);
      expect(await userByEmail(fields.email)).toBeUndefined();
      // The footer's "Become a Seller" (operator's content) is not offered; the rest stays.
      const shown = await links();
      expect(shown).not.toContain("/shop/register");
      expect(shown).toContain("/shops");
    } finally {
      await t.dbh.db.updateTable("settings").set({ value: "true" }).where("key", "=", "multi_vendor").execute();
      invalidateSettings({ dbh: t.dbh });
    }
    expect((await register(form(fields))).status).toBe(200);
  });
});
