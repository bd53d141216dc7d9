import { envelope, ordersData, sellerOrdersData } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  login,
  payWithTestCard,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  type Variant,
  variants,
} from "./order-helpers.ts";

const USD = { name: "USD", symbol: "$", position: "prefix", decimals: 2 };
const EUR = { name: "EUR", symbol: "€", position: "suffix", decimals: 2 };

// An order keeps the currency it was charged in: making another currency the default changes
// what new orders are charged in, not what the orders placed before say they cost.
describe.each(dbKinds)("the currency an order was charged in, on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const http = api(app);
  const raw = client(app);
  let v: Variant;
  let me: Shopper;
  let admin: string;
  let seller: string;

  beforeAll(async () => {
    t = await openTestApp(kind);
    v = (await variants(t.dbh))[0] as Variant;
    await setStock(t.dbh, v, 1000);
    me = (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
    admin = await login(app, "admin@example.com");
    const owner = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select("u.email")
      .where("s.id", "=", v.shop_id)
      .executeTakeFirstOrThrow();
    seller = await login(app, owner.email as string);
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = async (method: string) => {
    await addToCart(app, me.token, v, 1);
    const res = await http.post(
      "/api/place-order",
      { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: method },
      me.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return placedOf(res.body);
  };
  const currencyId = async (name: string) =>
    Number(
      (await t.dbh.db.selectFrom("currencies").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id,
    );
  const makeDefault = async (name: string) => {
    const res = await http.post(`/api/admin/currencies/${await currencyId(name)}/default`, {}, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const orderOf = async (id: number, token = me.token) => (await http.get(`/api/orders/${id}`, token)).body.data.order;
  const invoiceOf = async (id: number) => {
    const url = new URL((await orderOf(id)).invoice_url as string);
    const page = await raw.send("GET", `${url.pathname}${url.search}`, undefined);
    expect(page.status).toBe(200);
    return page.text;
  };

  it("keeps each order's currency when another one becomes the default: pages, invoice, payment page, mail", async () => {
    const cash = await place("cash");
    const card = await place("test");
    const cashId = cash.orders[0]?.id as number;
    const cardId = card.orders[0]?.id as number;
    const amount = cash.payable_amount.toFixed(2);
    expect((await orderOf(cashId)).currency).toEqual(USD);

    await makeDefault("EUR");
    try {
      // The shopper's order and list, the shop's and the operator's views all still say dollars.
      expect((await orderOf(cashId)).currency).toEqual(USD);
      const mine = envelope(ordersData).parse((await http.get("/api/orders?per_page=50", me.token)).body).data;
      expect(mine.orders.data.find((o) => o.id === cashId)?.currency).toEqual(USD);
      const shops = envelope(sellerOrdersData).parse(
        (await http.get("/api/seller/orders?per_page=50", seller)).body,
      ).data;
      expect(shops.orders.data.find((o) => o.id === cashId)?.currency).toEqual(USD);
      expect((await http.get(`/api/admin/orders/${cashId}`, admin)).body.data.currency).toEqual(USD);

      // The invoice writes its amounts in dollars and names the currency it is to be paid in.
      const invoice = await invoiceOf(cashId);
      expect(invoice).toContain(`$${amount}`);
      expect(invoice).toContain("To be paid in USD");
      expect(invoice).not.toContain("€");

      // The card order placed in dollars is asked for in dollars.
      const payUrl = new URL(card.order_payment_url as string);
      const page = await raw.send("GET", `${payUrl.pathname}${payUrl.search}`, undefined);
      expect(page.text).toContain(`<h1>Pay $${card.payable_amount.toFixed(2)}</h1>`);

      // Paid now, the card order's mail to its shop states the dollar total it was charged.
      await payWithTestCard(app, card);
      await t.app.jobs.idle();
      const mails = await t.dbh.db
        .selectFrom("outbox as m")
        .innerJoin("users as u", "u.email", "m.recipient")
        .innerJoin("shops as s", "s.user_id", "u.id")
        .select(["m.subject", "m.body"])
        .where("s.id", "=", v.shop_id)
        .orderBy("m.id")
        .execute();
      const mail = mails.find((m) => m.subject.includes(card.orders[0]?.order_code as string));
      expect(mail?.body).toContain(`$${card.payable_amount.toFixed(2)}`);
      expect(mail?.body).not.toContain("€");

      // A new order is charged in the new default, and says so.
      const later = await place("cash");
      const laterId = later.orders[0]?.id as number;
      expect((await orderOf(laterId)).currency).toEqual(EUR);
      expect(await invoiceOf(laterId)).toContain("To be paid in EUR");
      expect((await orderOf(cardId)).currency).toEqual(USD);
    } finally {
      await makeDefault("USD");
    }
  });

  it("the shop's dashboard adds up orders of a former default currency converted at today's rate", async () => {
    const dashboard = async () => (await http.get("/api/seller/dashboard", seller)).body.data;
    await place("cash");
    const before = await dashboard();
    expect(before.sales.today).toBeGreaterThan(0);
    await makeDefault("EUR");
    try {
      // The seeded rates: 1 USD, 0.92 EUR. Everything sold so far was charged in dollars.
      const after = await dashboard();
      expect(after.sales.today).toBeCloseTo(before.sales.today * 0.92, 1);
      expect(after.sales.last_30_days).toBeCloseTo(before.sales.last_30_days * 0.92, 1);
      expect(after.top_products[0].amount).toBeCloseTo(before.top_products[0].amount * 0.92, 1);
      expect(after.daily.at(-1).orders).toBe(before.daily.at(-1).orders);
      // An order charged in euros now counts as it is.
      const euros = await place("cash");
      const mixed = await dashboard();
      expect(mixed.sales.today).toBeCloseTo(after.sales.today + euros.payable_amount, 1);
    } finally {
      await makeDefault("USD");
    }
  });

  it("keeps the currency as it was written even once that currency is renamed or deleted", async () => {
    const placed = await place("cash");
    const id = placed.orders[0]?.id as number;
    await makeDefault("EUR");
    const usdId = await currencyId("USD");
    try {
      expect((await http.send("DELETE", `/api/admin/currencies/${usdId}`, undefined, admin)).status).toBe(200);
      expect((await orderOf(id)).currency).toEqual(USD);
      expect(await invoiceOf(id)).toContain(`$${placed.payable_amount.toFixed(2)}`);
    } finally {
      const back = await http.post(
        "/api/admin/currencies",
        { name: "USD", symbol: "$", position: "prefix", rate: 1.087, decimals: 2 },
        admin,
      );
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      await makeDefault("USD");
    }
  });
});
