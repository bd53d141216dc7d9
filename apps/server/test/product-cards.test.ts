import { CARDS_MAX, cardsAnswer, envelope } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

// GET /products/cards: the cards of a shopper's recently viewed products, asked by id.
describe.each(dbKinds)("product cards by id on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let ids: number[];

  beforeAll(async () => {
    t = await openTestApp(kind);
    ids = (
      await t.dbh.db.selectFrom("products").select("id").where("is_active", "=", 1).orderBy("id").limit(4).execute()
    ).map((p) => p.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cards = async (query: string, language = "en") => {
    const res = await http.send("GET", `/api/products/cards?ids=${query}`, undefined, undefined, {
      "accept-language": language,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(cardsAnswer).parse(res.body).data.products;
  };
  const nameOf = async (id: number, language: string) => {
    const row = await t.dbh.db.selectFrom("products").select(["name", "i18n"]).where("id", "=", id).executeTakeFirst();
    const i18n = JSON.parse(row?.i18n ?? "{}") as Record<string, { name?: string }>;
    return i18n[language]?.name || row?.name;
  };

  it("answers the cards in the order asked, once each, named in the reader's language", async () => {
    const [a, b, c] = ids as [number, number, number];
    const answered = await cards(`${c},${a},${b},${a}`);
    expect(answered.map((p) => p.id)).toEqual([c, a, b]);
    expect(answered[0]?.name).toBe(await nameOf(c, "en"));
    expect(answered[0]?.price).toBeGreaterThan(0);

    const arabic = await cards(`${c},${a}`, "ar");
    const arabicName = await nameOf(c, "ar");
    expect(arabicName).not.toBe(await nameOf(c, "en"));
    expect(arabic[0]?.name).toBe(arabicName);
  });

  it("leaves out a product no longer on sale and one that does not exist", async () => {
    const [, , , hidden] = ids as [number, number, number, number];
    const [a] = ids as [number];
    await t.dbh.db.updateTable("products").set({ is_active: 0 }).where("id", "=", hidden).execute();
    try {
      expect((await cards(`${hidden},${a},999999999`)).map((p) => p.id)).toEqual([a]);
    } finally {
      await t.dbh.db.updateTable("products").set({ is_active: 1 }).where("id", "=", hidden).execute();
    }
    expect((await cards(`${hidden},${a}`)).map((p) => p.id)).toEqual([hidden, a]);
  });

  it("refuses a list that is not ids, is empty or is too long, with a message", async () => {
    const tooMany = Array.from({ length: CARDS_MAX + 1 }, (_, i) => i + 1).join(",");
    for (const query of ["", "abc", "1,,2", "0", "-1", "1.5", "1,2,", "1234567890", tooMany, "1&extra=1"]) {
      const res = await http.get(`/api/products/cards?ids=${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toBeTruthy();
    }
    expect((await http.get("/api/products/cards")).status).toBe(422);
    const arabic = await http.send("GET", "/api/products/cards?ids=abc", undefined, undefined, {
      "accept-language": "ar",
    });
    expect(arabic.body.message).toContain("معرّفات المنتجات");
    const most = Array.from({ length: CARDS_MAX }, (_, i) => i + 1).join(",");
    expect((await http.get(`/api/products/cards?ids=${most}`)).status).toBe(200);
  });

  it("may be kept by a browser or a CDN: an ETag, and 304 when it still matches", async () => {
    const url = `/api/products/cards?ids=${ids[0]},${ids[1]}`;
    const first = await t.app.inject({ url });
    expect(first.headers["cache-control"]).toContain("s-maxage");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });
});
