import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

describe.each(dbKinds)("visitors' catalog cache on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { env: { CATALOG_CACHE_SECONDS: "60" } });
  });
  afterAll(() => t?.close());

  const productName = async (id: number, headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: `/api/products/${id}/details`, headers })).json().data.product.name as string;
  const views = async (id: number) =>
    (await t.dbh.db.selectFrom("products").select("views").where("id", "=", id).executeTakeFirstOrThrow()).views;

  it("serves visitors the kept answer, signed-in shoppers a fresh one, and counts every view", async () => {
    const id = 3;
    const before = await views(id);
    const original = await productName(id);
    await t.dbh.db.updateTable("products").set({ name: "Renamed Product" }).where("id", "=", id).execute();

    expect(await productName(id)).toBe(original);
    const [shopper] = await newShoppers(t.dbh, 1);
    expect(await productName(id, { authorization: `Bearer ${shopper?.token}` })).toBe("Renamed Product");
    // The cache is per language: an Arabic visitor's first request is answered fresh.
    expect(await productName(id, { "accept-language": "ar" })).not.toBe(original);

    await expect.poll(() => views(id)).toBe(before + 4);
  });

  it("answers visitors' settings from what was sent, and an admin's change at once", async () => {
    const appName = async () => (await t.app.inject({ url: "/api/master" })).json().data.app_name as string;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { phone: "admin@example.com", password: "password" },
    });
    const admin = { authorization: `Bearer ${login.json().data.access.token}` };
    const {
      logo: _logo,
      favicon: _favicon,
      ...form
    } = (await t.app.inject({ url: "/api/admin/settings", headers: admin })).json().data;
    const original = await appName();
    // Another instance's write, which no invalidation reaches: the kept answer stays.
    await t.dbh.db.updateTable("settings").set({ value: '"Elsewhere"' }).where("key", "=", "app_name").execute();
    expect(await appName()).toBe(original);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: admin,
      payload: { ...form, app_name: "Kept Answers Mart" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await appName()).toBe("Kept Answers Mart");
    const again = await t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: admin, payload: form });
    expect(again.statusCode).toBe(200);
    expect(await appName()).toBe(original);
  });

  it("counts each of many views of one product at the same moment exactly once", async () => {
    const id = 4;
    const before = await views(id);
    const [shopper] = await newShoppers(t.dbh, 1);
    const auth = { authorization: `Bearer ${shopper?.token}` };
    // Visitors (from the kept answer), signed-in shoppers (fresh) and 304s all count.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({ url: `/api/products/${id}/details`, headers: i % 3 === 0 ? auth : {} }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await expect.poll(() => views(id), { timeout: 3000 }).toBe(before + 60);
    // Written once: nothing more arrives later.
    await new Promise((r) => setTimeout(r, 500));
    expect(await views(id)).toBe(before + 60);
  });
});

describe("visitors' kept answers and the rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp("sqlite", { env: { CATALOG_CACHE_SECONDS: "60", RATE_LIMIT_MAX: "3" } });
  });
  afterAll(() => t?.close());

  it("count toward a visitor's limit like fresh ones", async () => {
    const ask = () => t.app.inject({ url: "/api/products/5/details", remoteAddress: "203.0.113.7" });
    const answers = [await ask(), await ask(), await ask(), await ask()];
    // The first is made afresh, the next two come from memory: all carry the limit's count.
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers["x-ratelimit-remaining"])).toEqual(["2", "1", "0", "0"]);
    expect(answers[1]?.body).toBe(answers[0]?.body);
  });
});

describe.each(dbKinds)("visitors' kept answers with the catalogue's version on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { env: { CATALOG_CACHE_SECONDS: "1" } });
  });
  afterAll(() => t?.close());

  it("keeps an answer read at the version for visitors' few seconds, as one just built", async () => {
    const id = 6;
    const name = async () =>
      (await t.app.inject({ url: `/api/products/${id}/details` })).json().data.product.name as string;
    const shown = await name(); // built: kept by the version and for visitors
    await new Promise((r) => setTimeout(r, 1100));
    // The visitors' second has passed: read at the version (unchanged), and kept for visitors again.
    expect(await name()).toBe(shown);
    await t.dbh.db.updateTable("products").set({ name: "Renamed Again" }).where("id", "=", id).execute();
    expect(await name()).toBe(shown);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await name()).toBe("Renamed Again");
  });
});
