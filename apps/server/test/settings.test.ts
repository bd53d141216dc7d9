import { country, envelope, footerItemType, langMessages, master } from "@market/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { seedIfEmpty } from "../src/db/seed/index.ts";
import { loadUiMessages } from "../src/db/seed/ui-messages.ts";
import { clock } from "../src/lib/clock.ts";
import { hashPassword, verifyPassword } from "../src/lib/password.ts";
import { dbKinds, openTestApp, openTestDb, type TestApp } from "./harness.ts";

const count = async (t: TestApp, table: "shops" | "products" | "blog_posts" | "pages" | "settings") =>
  Number(
    (
      await t.dbh.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("passwords", () => {
  it("hashes with argon2id at m=19456,t=2,p=1 and verifies only the right password", async () => {
    const h = await hashPassword("correct horse");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, "correct horse")).toBe(true);
    expect(await verifyPassword(h, "wrong horse")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});

describe.each(dbKinds)("settings, seed and media on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("GET /api/master matches the contract with languages, currencies, theme, footers and menus", async () => {
    const res = await get("/api/master");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const { data } = envelope(master).parse(res.json());

    expect(data.languages.map((l) => l.name).sort()).toEqual(["ar", "en", "fr"]);
    expect(data.languages.filter((l) => l.direction === "rtl").map((l) => l.name)).toEqual(["ar"]);
    expect(data.languages.find((l) => l.is_default)?.name).toBe("en");

    expect(data.currencies).toHaveLength(4);
    expect(data.currency).toMatchObject({
      name: "USD",
      symbol: "$",
      position: "prefix",
      is_default: true,
      rate_from_default: 1,
    });
    expect(data.currencies.some((c) => c.position === "suffix")).toBe(true);
    const eur = data.currencies.find((c) => c.name === "EUR");
    expect(eur?.rate_from_default).toBeCloseTo(0.92);

    const shades = ["", "50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"].map(
      (s) => `primary${s}`,
    );
    expect(Object.keys(data.theme_colors).sort()).toEqual([...shades].sort());
    for (const value of Object.values(data.theme_colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/i);

    const types = new Set(data.footers.flatMap((f) => f.items.map((i) => i.type)));
    expect([...types].sort()).toEqual([...footerItemType.options].sort());

    expect(data.menus.some((m) => !m.is_external && m.url.startsWith("/") && m.target === "_self")).toBe(true);
    expect(data.menus.some((m) => m.is_external && /^https:\/\//.test(m.url) && m.target === "_blank")).toBe(true);

    expect(data).toMatchObject({
      multi_vendor: true,
      cash_on_delivery: true,
      online_payment: true,
      show_download_app: true,
      register_otp_verify: true,
      register_otp_type: "email",
      forgot_otp_type: "email",
      phone_min_length: 9,
      phone_max_length: 16,
      app_locale: "en",
      app_environment: "test",
      pusher_app_cluster: "mt1",
      pusher_host: "localhost",
      pusher_port: 3000,
      pusher_scheme: "http",
    });
    expect(data.mobile).not.toBe("");
    expect(data.payment_gateways.length).toBeGreaterThan(0);
    expect(data.social_links.length).toBeGreaterThan(0);
    expect(Object.values(data.social_auths).every((a) => !a.is_active && a.client_id === "")).toBe(true);
  });

  it("translates menu and footer titles and the gateway's title by Accept-Language, falling back to English", async () => {
    const en = envelope(master).parse((await get("/api/master")).json()).data;
    const ar = envelope(master).parse((await get("/api/master", { "accept-language": "ar-SA,ar;q=0.9" })).json()).data;
    const fr = envelope(master).parse((await get("/api/master", { "accept-language": "fr" })).json()).data;
    const de = envelope(master).parse((await get("/api/master", { "accept-language": "de" })).json()).data;
    const best = (d: typeof en) => d.menus.find((m) => m.url === "/best-deal")?.title;
    expect(best(en)).toBe("Best Deals");
    expect(best(ar)).toBe("أفضل العروض");
    expect(best(fr)).toBe("Meilleures offres");
    expect(best(de)).toBe("Best Deals");
    expect(ar.footers[0]?.title).not.toBe(en.footers[0]?.title);
    // The card gateway's title, which checkout and the order pages show.
    const card = (d: typeof en) => d.payment_gateways.find((g) => g.name === "test")?.title;
    expect(card(en)).toBe("Credit / Debit Card");
    expect(card(ar)).toBe("بطاقة ائتمان أو خصم");
    expect(card(fr)).toBe("Carte de crédit ou de débit");
    expect(card(de)).toBe("Credit / Debit Card");
  });

  it("GET /api/lang/{locale} serves the same keys for en, ar and fr, and each language's plural forms; unknown locale is 404", async () => {
    const sets: string[][] = [];
    const served: Record<string, string>[] = [];
    for (const locale of ["en", "ar", "fr"]) {
      const res = await get(`/api/lang/${locale}`);
      expect(res.statusCode).toBe(200);
      const data = envelope(langMessages).parse(res.json()).data;
      served.push(data);
      sets.push(Object.keys(data).sort());
    }
    // Apart from plural forms English has not (Arabic zero, two, few, many; French many).
    const english = new Set(sets[0]);
    const own = (keys: string[] | undefined) => (keys ?? []).filter((k) => english.has(k));
    expect(own(sets[1])).toEqual(sets[0]);
    expect(own(sets[2])).toEqual(sets[0]);
    for (const k of (sets[1] ?? []).filter((k) => !english.has(k))) expect(k).toMatch(/_(zero|two|few|many)$/);
    expect(served[1]?.["cart.items_count_few"]).toBe(loadUiMessages().ar?.["cart.items_count_few"]);
    expect(served[1]?.["cart.items_count_two"]).toBeTruthy();
    const files = loadUiMessages().en ?? {};
    expect(sets[0]).toEqual(Object.keys(files).sort());
    for (const key of sets[0] ?? []) expect(key).toMatch(/^[\w-]+\.[\w.-]+$/);
    if (files["catalog.add_to_cart"]) {
      const en = (await get("/api/lang/en")).json().data;
      expect(en["catalog.add_to_cart"]).toBe(files["catalog.add_to_cart"]);
    }

    const missing = await get("/api/lang/xx");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: expect.any(String), code: "not_found" });
  });

  it("GET /api/countries lists countries with phone codes", async () => {
    const res = await get("/api/countries");
    expect(res.statusCode).toBe(200);
    const { countries } = envelope(z.object({ countries: z.array(country) })).parse(res.json()).data;
    expect(countries.length).toBeGreaterThanOrEqual(30);
    const code = (c: string) => countries.find((x) => x.code === c)?.phone_code;
    expect([code("US"), code("SA"), code("FR"), code("GB"), code("BD"), code("IN"), code("AE"), code("EG")]).toEqual([
      "+1",
      "+966",
      "+33",
      "+44",
      "+880",
      "+91",
      "+971",
      "+20",
    ]);
  });

  it("seeds the demo marketplace: shops, products, categories, flash sales, posts, pages", async () => {
    const { db } = t.dbh;
    expect(await count(t, "shops")).toBeGreaterThanOrEqual(8);
    expect(await count(t, "products")).toBeGreaterThanOrEqual(250);
    expect(await count(t, "blog_posts")).toBe(8);
    const slugs = (await db.selectFrom("pages").select("slug").execute()).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["terms-and-conditions", "privacy-policy", "about-us", "contact-us"]));

    const categories = await db.selectFrom("categories").select("id").execute();
    expect(categories.length).toBeGreaterThanOrEqual(10);
    for (const c of categories) {
      const subs = await db.selectFrom("sub_categories").select("id").where("category_id", "=", c.id).execute();
      expect(subs.length).toBeGreaterThanOrEqual(2);
    }

    const now = clock.iso();
    const sales = await db.selectFrom("flash_sales").selectAll().execute();
    expect(sales.filter((s) => s.start_date <= now && s.end_date > now)).toHaveLength(1);
    expect(sales.filter((s) => s.start_date > now)).toHaveLength(1);
    const items = await db
      .selectFrom("flash_sale_items")
      .innerJoin("products", "products.id", "flash_sale_items.product_id")
      .select(["sale_price", "price", "quantity", "sold"])
      .execute();
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(i.sale_price).toBeLessThan(i.price);
      expect(i.sold).toBeLessThanOrEqual(i.quantity);
    }

    // Ratings agree with the reviews, and some variants are out of stock.
    const stats = await db
      .selectFrom("reviews")
      .select(["product_id", (eb) => eb.fn.avg<number>("rating").as("avg"), (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("product_id")
      .execute();
    const products = new Map(
      (await db.selectFrom("products").select(["id", "rating", "total_reviews"]).execute()).map((p) => [p.id, p]),
    );
    expect(stats.length).toBeGreaterThan(100);
    for (const s of stats) {
      const p = products.get(s.product_id);
      expect(p?.total_reviews).toBe(Number(s.n));
      expect(p?.rating).toBeCloseTo(Number(s.avg), 5);
    }
    const empty = await db.selectFrom("product_variants").select("id").where("stock", "=", 0).execute();
    expect(empty.length).toBeGreaterThan(0);

    const owners = await db
      .selectFrom("shops")
      .innerJoin("users", "users.id", "shops.user_id")
      .select(["users.email", "users.role"])
      .execute();
    expect(owners.map((o) => o.email)).toEqual(expect.arrayContaining(["owner1@example.com", "owner8@example.com"]));
    expect(owners.every((o) => o.role === "seller")).toBe(true);
    const shopper = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "shopper@example.com")
      .executeTakeFirstOrThrow();
    expect(shopper.name).toBe("Demo Shopper");
    expect(await verifyPassword(shopper.password_hash, "password")).toBe(true);

    const searchRows = await sql<{ n: string | number }>`select count(*) as n from product_search`.execute(db);
    expect(Number(searchRows.rows[0]?.n)).toBe(await count(t, "products"));
  });

  it("seedIfEmpty does not seed a seeded database twice", async () => {
    const before = await count(t, "products");
    expect(await seedIfEmpty(t.dbh)).toBe(false);
    expect(await count(t, "products")).toBe(before);
  });

  it("serves deterministic SVG placeholders with the label escaped", async () => {
    const res = await get("/media/shop/red-shirt-1.svg?t=%3Cscript%3Ealert(1)%3C%2Fscript%3E%20%26%20Co");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).not.toContain("<script");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
    expect(res.body.length).toBeLessThan(2000);
    expect((await get("/media/shop/red-shirt-1.svg?t=%3Cscript%3Ealert(1)%3C%2Fscript%3E%20%26%20Co")).body).toBe(
      res.body,
    );
    // a product's picture carries no label: its name, printed beside it, is in the reader's language
    const product = await get("/media/product/red-shirt-1.svg?t=Red%20Shirt");
    expect(product.statusCode).toBe(200);
    expect(product.body).not.toContain("Red Shirt");
    expect(product.body).not.toContain("<text");
    expect((await get("/media/qr/app.svg")).statusCode).toBe(200);
    expect((await get("/media/unknown/x.svg")).statusCode).toBe(422);
    expect((await get("/media/product/..%2Fx.svg")).statusCode).toBe(422);
  });
});

describe.each(dbKinds)("seedIfEmpty on an empty %s database", (kind) => {
  it("seeds once and then reports the database as seeded", async () => {
    const tdb = await openTestDb(kind);
    try {
      expect(await seedIfEmpty(tdb.dbh)).toBe(true);
      expect(await seedIfEmpty(tdb.dbh)).toBe(false);
      const n = await tdb.dbh.db
        .selectFrom("shops")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThanOrEqual(8);
    } finally {
      await tdb.close();
    }
  });
});
