import {
  envelope,
  notificationsData,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_MAX,
  stockAlertListData,
  stockAlertsData,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  stockOf,
  type Variant,
  variants,
} from "./order-helpers.ts";

describe.each(dbKinds)("back-in-stock alerts on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  let all: Variant[];

  beforeAll(async () => {
    t = await openTestApp(kind);
    all = await variants(t.dbh);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shoppers = (n: number) => shoppersWithAddress(app, t.dbh, n);
  const bodyOf = (v: Variant) => ({ size: v.size_id || null, color: v.color_id || null });
  const wait = (me: Shopper, v: Variant, headers: Record<string, string> = {}) =>
    app().inject({
      method: "POST",
      url: `/api/stock-alerts/${v.id}`,
      payload: bodyOf(v),
      headers: { authorization: `Bearer ${me.token}`, ...headers },
    });
  const waits = async (me: Shopper, v: Variant) =>
    envelope(stockAlertsData).parse((await http.get(`/api/stock-alerts/${v.id}`, me.token)).body).data.alerts;
  const bell = async (me: Shopper) =>
    envelope(notificationsData).parse((await http.get("/api/notifications?per_page=50", me.token)).body).data;
  /** A variant no other test of this file uses. */
  let next = 0;
  const soldOut = async () => {
    const v = all[next++] as Variant;
    await setStock(t.dbh, v, 0);
    return v;
  };

  it("waits for a sold-out variant only: a signed-in shopper, a variant that exists, none in stock", async () => {
    const [me] = await shoppers(1);
    if (!me) throw new Error("no shopper");
    const v = await soldOut();
    expect(
      (await app().inject({ method: "POST", url: `/api/stock-alerts/${v.id}`, payload: bodyOf(v) })).statusCode,
    ).toBe(401);

    const saved = await wait(me, v);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(STOCK_ALERT_MESSAGES.saved);
    expect(envelope(stockAlertsData).parse(saved.json()).data.alerts).toEqual([bodyOf(v)]);
    // Asking twice is one wait; in Arabic the answer says so in Arabic.
    const again = await wait(me, v, { "accept-language": "ar" });
    expect(again.json().message).toBe("سنخبرك عندما يتوفر من جديد.");
    expect(await waits(me, v)).toEqual([bodyOf(v)]);

    const inStock = all[next++] as Variant;
    const refused = await wait(me, inStock);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_ALERT_MESSAGES.inStock);
    const unknown = await app().inject({
      method: "POST",
      url: `/api/stock-alerts/${v.id}`,
      payload: { size: 999_999, color: null },
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{ size: "big" }, { ...bodyOf(v), extra: 1 }]) {
      const bad = await app().inject({
        method: "POST",
        url: `/api/stock-alerts/${v.id}`,
        payload,
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await waits(me, inStock)).toEqual([]);

    const stopped = await http.post(`/api/stock-alerts/${v.id}/delete`, bodyOf(v), me.token);
    expect(stopped.status).toBe(200);
    expect(stopped.body.message).toBe(STOCK_ALERT_MESSAGES.removed);
    expect(await waits(me, v)).toEqual([]);
  });

  it("lists a shopper's own waits, newest first, named in the reader's language; a product off sale is left out", async () => {
    const [me, other] = await shoppers(2);
    if (!me || !other) throw new Error("no shoppers");
    const list = async (who: Shopper, locale = "en") => {
      const res = await app().inject({
        url: "/api/stock-alerts",
        headers: { authorization: `Bearer ${who.token}`, "accept-language": locale },
      });
      expect(res.statusCode, res.body).toBe(200);
      return envelope(stockAlertListData).parse(res.json()).data.items;
    };
    expect((await app().inject({ url: "/api/stock-alerts" })).statusCode).toBe(401);
    const [first, second, hidden] = [await soldOut(), await soldOut(), await soldOut()];
    for (const v of [first, second, hidden]) expect((await wait(me, v)).statusCode).toBe(200);
    expect((await wait(other, first)).statusCode).toBe(200);
    await t.dbh.db.updateTable("products").set({ is_active: 0 }).where("id", "=", hidden.id).execute();

    const names = async (v: Variant, locale: string) => {
      const size = await t.dbh.db.selectFrom("sizes").select("name").where("id", "=", v.size_id).executeTakeFirst();
      const color = await t.dbh.db
        .selectFrom("colors")
        .select(["name", "i18n", "color_code"])
        .where("id", "=", v.color_id)
        .executeTakeFirst();
      const own = color && (JSON.parse(color.i18n) as Record<string, { name?: string }>)[locale]?.name;
      return {
        size: size ? { id: v.size_id, name: size.name } : null,
        color: color ? { id: v.color_id, name: own || color.name, color_code: color.color_code } : null,
      };
    };
    const mine = await list(me, "ar");
    expect(mine.map((i) => i.product.id)).toEqual([second.id, first.id]);
    expect(mine.map(({ size, color }) => ({ size, color }))).toEqual([
      await names(second, "ar"),
      await names(first, "ar"),
    ]);
    const product = await t.dbh.db
      .selectFrom("products")
      .select("i18n")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    const arabic = (JSON.parse(product.i18n) as Record<string, { name?: string }>).ar?.name;
    expect(arabic).toMatch(/\p{Script=Arabic}/u);
    expect(mine[1]?.product.name).toBe(arabic);
    expect((await list(other)).map((i) => i.product.id)).toEqual([first.id]);
    // Another shopper's "stop waiting" ends only their own wait.
    expect((await http.post(`/api/stock-alerts/${first.id}/delete`, bodyOf(first), other.token)).status).toBe(200);
    expect(await list(other)).toEqual([]);
    expect((await list(me)).map((i) => i.product.id)).toEqual([second.id, first.id]);

    // Listed again, its wait is back in the list; a stopped wait is gone from it.
    await t.dbh.db.updateTable("products").set({ is_active: 1 }).where("id", "=", hidden.id).execute();
    expect((await list(me)).map((i) => i.product.id)).toEqual([hidden.id, second.id, first.id]);
    expect((await http.post(`/api/stock-alerts/${second.id}/delete`, bodyOf(second), me.token)).status).toBe(200);
    expect((await list(me)).map((i) => i.product.id)).toEqual([hidden.id, first.id]);
  });

  it("tells each shopper waiting for the variant once, when a cancelled order puts it back", async () => {
    const [buyer, waiter, other, stranger, arabic, quiet] = await shoppers(6);
    if (!buyer || !waiter || !other || !stranger || !arabic || !quiet) throw new Error("no shoppers");
    const v = all[next++] as Variant;
    const elsewhere = await soldOut();
    await setStock(t.dbh, v, 1);
    await addToCart(app, buyer.token, v, 1);
    const placed = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: buyer.addressId, payment_method: "cash" },
      buyer.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placedOf(placed.body).orders[0] as { id: number };
    expect(await stockOf(t.dbh, v)).toBe(0);
    for (const w of [waiter, arabic, quiet]) expect((await wait(w, v)).statusCode).toBe(200);
    expect((await wait(other, elsewhere)).statusCode).toBe(200);
    await t.dbh.db.updateTable("users").set({ locale: "ar" }).where("id", "=", arabic.id).execute();
    const off = await app().inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      payload: { back_in_stock: false },
      headers: { authorization: `Bearer ${quiet.token}` },
    });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.jobs.idle();
    expect((await bell(waiter)).total).toBe(0);

    expect((await http.post(`/api/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
    await t.app.jobs.idle();
    const told = await bell(waiter);
    expect(told.data).toEqual([
      expect.objectContaining({
        kind: "back_in_stock",
        order_id: null,
        params: expect.objectContaining({ product_id: v.id, product: expect.any(String) }),
        read: false,
      }),
    ]);
    // Told once: the wait is over.
    expect(await waits(waiter, v)).toEqual([]);
    // Only those who waited for this variant.
    expect((await bell(other)).total).toBe(0);
    expect((await bell(stranger)).total).toBe(0);
    expect(await waits(other, elsewhere)).toEqual([bodyOf(elsewhere)]);

    // By mail too, in each shopper's language, unless turned off (the bell says it either way).
    const names = await t.dbh.db
      .selectFrom("products as p")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .select(["p.name", "p.i18n", "p.slug", "s.name as shop"])
      .where("p.id", "=", v.id)
      .executeTakeFirstOrThrow();
    const size = await t.dbh.db.selectFrom("sizes").select("name").where("id", "=", v.size_id).executeTakeFirst();
    const color = await t.dbh.db
      .selectFrom("colors")
      .select(["name", "i18n"])
      .where("id", "=", v.color_id)
      .executeTakeFirst();
    const arabicOf = (i18n: string | null) => (JSON.parse(i18n ?? "{}") as Record<string, { name?: string }>).ar?.name;
    const mailsTo = async (who: Shopper) => {
      const { email } = await t.dbh.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", who.id)
        .executeTakeFirstOrThrow();
      return t.dbh.db.selectFrom("outbox").select(["subject", "body"]).where("recipient", "=", String(email)).execute();
    };
    const options = [size?.name, color?.name].filter(Boolean).join(" / ");
    expect(options).not.toBe("");
    const [mail, ...more] = await mailsTo(waiter);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`${names.name} is back in stock`);
    expect(mail?.body).toContain(`Good news: ${names.name} (${options}) from ${names.shop} is back in stock`);
    expect(mail?.body).toContain(`/products/${v.id}/details/${names.slug}`);
    const [arabicMail] = await mailsTo(arabic);
    const arabicName = arabicOf(names.i18n);
    expect(arabicName).toMatch(/\p{Script=Arabic}/u);
    expect(arabicMail?.subject).toBe(`${arabicName} متوفر من جديد`);
    expect(arabicMail?.body).toContain(
      `(${[size?.name, color && (arabicOf(color.i18n) ?? color.name)].filter(Boolean).join(" / ")})`,
    );
    // The bell names the product in the reader's language too.
    const arabicBell = await app().inject({
      url: "/api/notifications",
      headers: { authorization: `Bearer ${arabic.token}`, "accept-language": "ar" },
    });
    expect(envelope(notificationsData).parse(arabicBell.json()).data.data[0]?.params.product).toBe(arabicName);
    expect((await bell(waiter)).data[0]?.params.product).toBe(names.name);
    expect(await mailsTo(quiet)).toEqual([]);
    expect((await bell(quiet)).total).toBe(1);
    for (const who of [other, stranger]) expect(await mailsTo(who)).toEqual([]);
  });

  it(`keeps each shopper to ${STOCK_ALERTS_MAX} waits, two requests at once included`, async () => {
    const [me] = await shoppers(1);
    if (!me) throw new Error("no shopper");
    const [a, b] = [await soldOut(), await soldOut()];
    const now = new Date().toISOString();
    // 99 waits for variants no one sells (the count is what is limited).
    await t.dbh.db
      .insertInto("stock_alerts")
      .values(
        Array.from({ length: STOCK_ALERTS_MAX - 1 }, (_, i) => ({
          user_id: me.id,
          product_id: 900_000 + i,
          size_id: 0,
          color_id: 0,
          created_at: now,
        })),
      )
      .execute();
    const answers = await Promise.all([wait(me, a), wait(me, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(STOCK_ALERT_MESSAGES.tooMany);
    const count = await t.dbh.db
      .selectFrom("stock_alerts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(STOCK_ALERTS_MAX);
  });
});
