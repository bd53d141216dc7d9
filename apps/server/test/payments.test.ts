import http from "node:http";
import type { AddressInfo } from "node:net";
import { envelope, master, orderDetailData, PAYMENT_RETURN_PATH } from "@market/contract";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import {
  addToCart,
  client,
  placedOf,
  type Shopper,
  setStock,
  shoppersWithAddress,
  type Variant,
  variants,
} from "./order-helpers.ts";

const APP_URL = "http://localhost:3000";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const localPath = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Places an order of one unit of `v` paid with `method`; answers the place-order data. */
async function placeWith(t: TestApp, me: Shopper, v: Variant, method: string) {
  await addToCart(() => t.app, me.token, v, 1);
  const res = await api(() => t.app).post(
    "/api/place-order",
    { shop_ids: [v.shop_id], address_id: me.addressId, payment_method: method },
    me.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return placedOf(res.body);
}

const paymentRow = (t: TestApp, id: number) =>
  t.dbh.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const refundRows = (t: TestApp, orderIds: number[]) =>
  t.dbh.db.selectFrom("refunds").selectAll().where("order_id", "in", orderIds).orderBy("id").execute();
const orderOf = async (t: TestApp, me: Shopper, id: number) =>
  envelope(orderDetailData).parse((await api(() => t.app).get(`/api/orders/${id}`, me.token)).body).data.order;
const minor = (major: number) => Math.round(major * 100);

/** One unit of each variant (from different shops) placed at once: one payment, one order per shop. */
async function placeFromShops(t: TestApp, me: Shopper, vs: Variant[], method: string) {
  for (const v of vs) await addToCart(() => t.app, me.token, v, 1);
  const res = await api(() => t.app).post(
    "/api/place-order",
    { shop_ids: vs.map((v) => v.shop_id), address_id: me.addressId, payment_method: method },
    me.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const placed = placedOf(res.body);
  expect(placed.orders).toHaveLength(vs.length);
  return placed;
}

/** Two variants of two different shops. */
async function twoShops(t: TestApp): Promise<[Variant, Variant]> {
  const all = await variants(t.dbh);
  const a = all[0] as Variant;
  const b = all.find((v) => v.shop_id !== a.shop_id) as Variant;
  for (const v of [a, b]) await setStock(t.dbh, v, 1000);
  return [a, b];
}

describe.each(dbKinds)("test payment gateway on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const raw = client(app);
  let v: Variant;

  beforeAll(async () => {
    t = await openTestApp(kind);
    v = (await variants(t.dbh))[0] as Variant;
    await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const charge = (paymentId: number, sig: string, card: Partial<Record<string, string>> = {}) =>
    raw.send(
      "POST",
      `/api/payments/${paymentId}/test-charge`,
      form({ sig, name: "Ada Lovelace", card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", ...card }),
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
    );

  it("the master offers the test gateway", async () => {
    const m = envelope(master).parse((await api(app).get("/api/master")).body).data;
    expect(m.payment_gateways.map((g) => g.name)).toEqual(["test"]);
  });

  it("answers the payment page's link; the page shows the amount, the orders and the test cards", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "test");
    expect(placed.order_payment_url).toMatch(
      new RegExp(`^${APP_URL}/api/payments/${placed.payment_id}/pay\\?sig=[\\w-]+$`),
    );
    const page = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const total = `$${placed.payable_amount.toFixed(2)}`;
    expect(page.text).toContain(`<h1>Pay ${total}</h1>`);
    expect(page.text).toContain(placed.orders[0]?.order_code);
    expect(page.text).toContain('<label for="card_number">Card number</label>');
    expect(page.text).toContain("4242 4242 4242 4242");
    const firstId = placed.orders[0]?.id as number;
    expect(page.text).toContain(`href="${APP_URL}${PAYMENT_RETURN_PATH(firstId, "cancel")}"`);
    // The order detail carries the same link while unpaid.
    const order = envelope(orderDetailData).parse((await api(app).get(`/api/orders/${firstId}`, me.token)).body).data
      .order;
    expect(order.order_payment_url).toBe(placed.order_payment_url);
    expect(order.payment_method).toBe("test");

    // A forged or re-aimed link opens nothing.
    const sig = new URL(placed.order_payment_url as string).searchParams.get("sig") as string;
    expect((await raw.send("GET", `/api/payments/${placed.payment_id}/pay?sig=forged`, undefined)).status).toBe(404);
    expect((await raw.send("GET", `/api/payments/${placed.payment_id + 1}/pay?sig=${sig}`, undefined)).status).toBe(
      404,
    );
    expect((await raw.send("GET", `/api/payments/${placed.payment_id}/pay`, undefined)).status).toBe(404);
  });

  it("a declined card or bad card details leave the payment Pending with a clear message", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "test");
    const sig = new URL(placed.order_payment_url as string).searchParams.get("sig") as string;
    const cases: [Record<string, string>, number, string][] = [
      [{ card_number: "4000 0000 0000 0002" }, 402, "Your card was declined."],
      [{ card_number: "4000000000009995" }, 402, "Your card has insufficient funds."],
      [{ card_number: "4242 4242 4242 4241" }, 422, "Your card number is invalid."],
      [{ card_number: "" }, 422, "Enter the card number."],
      [{ expiry: "01/20" }, 422, "Your card has expired."],
      [{ expiry: "13/30" }, 422, "Enter the expiry date as MM/YY."],
      [{ cvc: "12" }, 422, "The security code is 3 or 4 digits."],
    ];
    for (const [card, status, message] of cases) {
      const res = await charge(placed.payment_id, sig, card);
      expect(res.status, message).toBe(status);
      expect(res.text).toContain(message);
      expect(res.text).toContain('role="alert"');
    }
    expect((await paymentRow(t, placed.payment_id)).status).toBe("Pending");
    expect((await charge(placed.payment_id, "forged")).status).toBe(404);
    const tooLong = await charge(placed.payment_id, sig, { card_number: "4".repeat(41) });
    expect(tooLong.status).toBe(422);
  });

  it("a paid card goes through the signed callback, marks the payment and its orders Paid, and returns to the order", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "test");
    const sig = new URL(placed.order_payment_url as string).searchParams.get("sig") as string;
    const paid = await charge(placed.payment_id, sig);
    expect(paid.status).toBe(303);
    const callback = new URL(paid.headers.location as string);
    expect(callback.pathname).toBe("/api/payments/test/callback");
    expect(callback.searchParams.get("payment_id")).toBe(String(placed.payment_id));

    // A tampered callback changes nothing.
    const forged = new URL(callback);
    forged.searchParams.set("ref", "test_forged");
    const bad = await raw.send("GET", localPath(forged.toString()), undefined);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toBe("Invalid payment signature.");
    expect((await paymentRow(t, placed.payment_id)).status).toBe("Pending");

    const back = await raw.send("GET", localPath(callback.toString()), undefined);
    expect(back.status).toBe(303);
    const firstId = placed.orders[0]?.id as number;
    expect(back.headers.location).toBe(`${APP_URL}${PAYMENT_RETURN_PATH(firstId, "success")}`);
    const row = await paymentRow(t, placed.payment_id);
    expect(row).toMatchObject({ status: "Paid", provider_ref: callback.searchParams.get("ref") });
    const order = envelope(orderDetailData).parse((await api(app).get(`/api/orders/${firstId}`, me.token)).body).data
      .order;
    expect(order).toMatchObject({ payment_status: "Paid", order_payment_url: null });
    // The callback again, or the payment link again, only returns to the order.
    expect((await raw.send("GET", localPath(callback.toString()), undefined)).status).toBe(303);
    const again = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`${APP_URL}${PAYMENT_RETURN_PATH(firstId, "success")}`);
  });

  it("a payment whose orders were all cancelled has nothing to pay", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "test");
    const id = placed.orders[0]?.id as number;
    expect((await api(app).post(`/api/orders/${id}/cancel`, {}, me.token)).status).toBe(200);
    const page = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Nothing to pay");
    const sig = new URL(placed.order_payment_url as string).searchParams.get("sig") as string;
    await charge(placed.payment_id, sig);
    expect((await paymentRow(t, placed.payment_id)).status).toBe("Pending");
  });
});

describe.each(dbKinds)("without the test gateway on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { seed: false, env: { PAYMENT_TEST_GATEWAY: "false" } });
    // The settings still list the test gateway and turn online payment on.
    await t.dbh.db
      .insertInto("settings")
      .values([
        { key: "online_payment", value: "true" },
        { key: "payment_gateways", value: JSON.stringify([{ id: 1, title: "Card", name: "test", logo: "/card.svg" }]) },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("offers no online gateway and refuses it at placing", async () => {
    const m = envelope(master).parse((await api(() => t.app).get("/api/master")).body).data;
    expect(m.online_payment).toBe(true);
    expect(m.payment_gateways).toEqual([]);
    const [me] = await newShoppers(t.dbh, 1);
    const res = await api(() => t.app).post(
      "/api/place-order",
      { shop_ids: [1], address_id: 1, payment_method: "test" },
      me?.token,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.payment_method).toEqual(["The selected payment method is not available."]);
  });
});

interface StandIn {
  url: string;
  creates: { form: URLSearchParams; headers: http.IncomingHttpHeaders }[];
  retrieves: string[];
  /** refunds made (one per idempotency key, as Stripe does), with what was sent */
  refunds: { form: URLSearchParams; headers: http.IncomingHttpHeaders; refund: Record<string, unknown> }[];
  /** while true, creating a session answers 500 */
  failing: boolean;
  /** while true, creating a refund answers 500 */
  failingRefunds: boolean;
  /** the shopper pays a session on Stripe's page: it completes and gets its PaymentIntent */
  pay(sessionId: string): void;
  close(): Promise<void>;
}

/**
 * A local stand-in of the part of Stripe's API the adapter uses: create and retrieve Checkout
 * Sessions, and refund a paid session's PaymentIntent (never more than it charged).
 */
async function stripeStandIn(): Promise<StandIn> {
  const sessions = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, Record<string, unknown>>();
  const state: Omit<StandIn, "url" | "close"> = {
    creates: [],
    retrieves: [],
    refunds: [],
    failing: false,
    failingRefunds: false,
    pay(sessionId) {
      const s = sessions.get(sessionId) as Record<string, unknown>;
      Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: `pi_test_${sessionId}` });
    },
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== "Bearer sk_test_standin") {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        if (state.failing) return send(500, { error: { type: "api_error", message: "Something went wrong" } });
        const f = new URLSearchParams(body);
        state.creates.push({ form: f, headers: req.headers });
        const id = `cs_test_${sessions.size + 1}`;
        const session = {
          id,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(f.get("line_items[0][price_data][unit_amount]")),
          currency: f.get("line_items[0][price_data][currency]"),
          metadata: { payment_id: f.get("metadata[payment_id]") },
          client_reference_id: f.get("client_reference_id"),
          payment_intent: null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        if (state.failingRefunds) return send(500, { error: { type: "api_error", message: "Something went wrong" } });
        const key = String(req.headers["idempotency-key"] ?? "");
        const earlier = byKey.get(key);
        if (key && earlier) return send(200, earlier);
        const f = new URLSearchParams(body);
        const intent = f.get("payment_intent");
        const charged = [...sessions.values()].find((s) => s.payment_intent === intent);
        if (!charged) return send(400, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        const refunded = state.refunds
          .filter((r) => r.refund.payment_intent === intent)
          .reduce((n, r) => n + Number(r.refund.amount), 0);
        const amount = Number(f.get("amount") ?? Number(charged.amount_total) - refunded);
        if (refunded + amount > Number(charged.amount_total)) {
          return send(400, {
            error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is too large" },
          });
        }
        const refund = {
          id: `re_test_${state.refunds.length + 1}`,
          object: "refund",
          amount,
          currency: charged.currency,
          payment_intent: intent,
          status: "pending",
          metadata: { refund_id: f.get("metadata[refund_id]"), order_id: f.get("metadata[order_id]") },
        };
        state.refunds.push({ form: f, headers: req.headers, refund });
        if (key) byKey.set(key, refund);
        return send(200, refund);
      }
      const m = req.url?.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
      if (req.method === "GET" && m) {
        state.retrieves.push(m[1] as string);
        const s = sessions.get(m[1] as string);
        return s ? send(200, s) : send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      }
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe.each(dbKinds)("Stripe Checkout adapter on %s", (kind) => {
  let t: TestApp;
  let stand: StandIn;
  const app = () => t.app;
  const raw = client(app);
  const WEBHOOK_SECRET = "whsec_standin_secret";
  const webhooks = new Stripe("sk_test_unused").webhooks;
  let v: Variant;

  beforeAll(async () => {
    stand = await stripeStandIn();
    t = await openTestApp(kind, {
      env: { STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.url },
    });
    v = (await variants(t.dbh))[0] as Variant;
    await setStock(t.dbh, v, 1000);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const completed = (paymentId: number, sessionId: string, paymentStatus = "paid") =>
    JSON.stringify({
      id: `evt_${sessionId}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          payment_status: paymentStatus,
          metadata: { payment_id: String(paymentId) },
          client_reference_id: String(paymentId),
        },
      },
    });
  const deliver = (payload: string, signature?: string) =>
    raw.send("POST", "/api/payments/stripe/webhook", payload, undefined, {
      "content-type": "application/json",
      ...(signature !== undefined && { "stripe-signature": signature }),
    });

  it("the master offers Stripe beside the test gateway", async () => {
    const m = envelope(master).parse((await api(app).get("/api/master")).body).data;
    expect(m.payment_gateways.map((g) => g.name)).toEqual(["test", "stripe"]);
  });

  it("the payment link opens a Checkout Session for the amount due and reuses it while open", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "stripe");
    const before = stand.creates.length;
    const res = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    expect(res.status, res.text).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(stand.creates).toHaveLength(before + 1);
    const sent = stand.creates.at(-1);
    const firstId = placed.orders[0]?.id as number;
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(Math.round(placed.payable_amount * 100)),
      "metadata[payment_id]": String(placed.payment_id),
      success_url: `${APP_URL}${PAYMENT_RETURN_PATH(firstId, "success")}`,
      cancel_url: `${APP_URL}${PAYMENT_RETURN_PATH(firstId, "cancel")}`,
    });
    expect(sent?.headers["idempotency-key"]).toBeTruthy();
    const sessionId = res.headers.location?.toString().split("/").at(-1) as string;
    expect((await paymentRow(t, placed.payment_id)).provider_ref).toBe(sessionId);

    const again = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    expect(again.headers.location).toBe(res.headers.location);
    expect(stand.creates).toHaveLength(before + 1);
    expect(stand.retrieves).toContain(sessionId);
  });

  it("when Stripe cannot be reached the link says so and the payment stays Pending", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "stripe");
    stand.failing = true;
    try {
      const res = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
      expect(res.status).toBe(502);
      expect(JSON.parse(res.text).message).toBe(
        "The payment service cannot be reached right now. Please try again in a moment.",
      );
    } finally {
      stand.failing = false;
    }
    expect(await paymentRow(t, placed.payment_id)).toMatchObject({ status: "Pending", provider_ref: null });
    expect((await raw.send("GET", localPath(placed.order_payment_url as string), undefined)).status).toBe(303);
  });

  it("a signed checkout.session.completed webhook marks the payment Paid; a bad signature changes nothing", async () => {
    const me = await shopper();
    const placed = await placeWith(t, me, v, "stripe");
    const res = await raw.send("GET", localPath(placed.order_payment_url as string), undefined);
    const sessionId = res.headers.location?.toString().split("/").at(-1) as string;
    const payload = completed(placed.payment_id, sessionId);

    const wrongSecret = webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    for (const signature of [wrongSecret, "t=1,v1=deadbeef", undefined]) {
      const bad = await deliver(payload, signature);
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).message).toBe("Invalid webhook signature.");
    }
    // Signed for another body: the payment id cannot be swapped.
    const other = webhooks.generateTestHeaderString({ payload: completed(999, sessionId), secret: WEBHOOK_SECRET });
    expect((await deliver(payload, other)).status).toBe(400);
    expect((await paymentRow(t, placed.payment_id)).status).toBe("Pending");

    // An unpaid completion (e.g. a delayed method) pays nothing yet.
    const unpaid = completed(placed.payment_id, sessionId, "unpaid");
    expect(
      (await deliver(unpaid, webhooks.generateTestHeaderString({ payload: unpaid, secret: WEBHOOK_SECRET }))).status,
    ).toBe(200);
    expect((await paymentRow(t, placed.payment_id)).status).toBe("Pending");

    const ok = await deliver(payload, webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(ok.status, ok.text).toBe(200);
    expect(await paymentRow(t, placed.payment_id)).toMatchObject({ status: "Paid", provider_ref: sessionId });
    const order = envelope(orderDetailData).parse(
      (await api(app).get(`/api/orders/${placed.orders[0]?.id}`, me.token)).body,
    ).data.order;
    expect(order.payment_status).toBe("Paid");
    // Stripe retries deliveries: a second one is harmless.
    expect(
      (await deliver(payload, webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).status,
    ).toBe(200);
  });
});

describe.each(dbKinds)("refunds through the test gateway on %s", (kind) => {
  let t: TestApp;
  const app = () => t.app;
  const raw = client(app);
  let a: Variant;
  let b: Variant;

  beforeAll(async () => {
    t = await openTestApp(kind);
    [a, b] = await twoShops(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  /** Pays the whole payment with the accepted test card, through the signed callback. */
  const pay = async (url: string | null) => {
    expect((await raw.send("GET", localPath(await charged(url)), undefined)).status).toBe(303);
  };
  /** The accepted test card's charge: the gateway's signed callback, not yet opened. */
  const charged = async (url: string | null) => {
    const u = new URL(url as string);
    const id = u.pathname.split("/")[3] as string;
    const answer = await raw.send(
      "POST",
      `/api/payments/${id}/test-charge`,
      form({
        sig: u.searchParams.get("sig") as string,
        card_number: "4242 4242 4242 4242",
        expiry: "12/39",
        cvc: "123",
      }),
      undefined,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(answer.status).toBe(303);
    return answer.headers.location as string;
  };

  it("cancelling one paid order of a two-shop payment refunds that order's amount only, once", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a, b], "test");
    const [first, second] = placed.orders as [(typeof placed.orders)[0], (typeof placed.orders)[0]];
    expect((await orderOf(t, me, first.id)).refund_on_cancel).toBeNull();
    await pay(placed.order_payment_url);
    const before = await orderOf(t, me, first.id);
    expect(before).toMatchObject({ payment_status: "Paid", refund_on_cancel: first.payable_amount });

    const res = await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cancelled = envelope(orderDetailData).parse(res.body).data.order;
    expect(cancelled).toMatchObject({ order_status: "Cancelled", payment_status: "Refunded", refund_on_cancel: null });
    expect((await orderOf(t, me, second.id)).payment_status).toBe("Paid");

    const refunds = await refundRows(t, [first.id, second.id]);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      order_id: first.id,
      payment_id: placed.payment_id,
      amount: minor(first.payable_amount),
      method: "test",
      status: "Succeeded",
    });
    expect(refunds[0]?.provider_ref).toMatch(/^test_re_[0-9a-f]{16}$/);
    expect(minor(first.payable_amount)).toBeLessThan(minor(placed.payable_amount));

    // A second cancel is refused and refunds nothing more.
    const again = await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token);
    expect(again.status).toBe(409);
    expect(await refundRows(t, [first.id, second.id])).toHaveLength(1);
  });

  it("a card charged before an order was cancelled refunds that order's share when its callback returns", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a, b], "test");
    const [first, second] = placed.orders as [(typeof placed.orders)[0], (typeof placed.orders)[0]];
    const callback = await charged(placed.order_payment_url);
    // The shopper cancels one order in another tab before the gateway's return arrives.
    expect((await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token)).status).toBe(200);
    expect(await refundRows(t, [first.id])).toEqual([]);
    const forged = new URL(callback);
    forged.searchParams.set("amount", second.payable_amount.toFixed(2));
    expect((await raw.send("GET", localPath(forged.toString()), undefined)).status).toBe(400);

    expect((await raw.send("GET", localPath(callback), undefined)).status).toBe(303);
    expect((await orderOf(t, me, second.id)).payment_status).toBe("Paid");
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Refunded");
    const refunds = await refundRows(t, [first.id, second.id]);
    expect(refunds.map((r) => [r.order_id, r.amount, r.status])).toEqual([
      [first.id, minor(first.payable_amount), "Succeeded"],
    ]);
  });

  it("two cancels at once refund once", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "test");
    await pay(placed.order_payment_url);
    const id = placed.orders[0]?.id as number;
    const answers = await Promise.all([1, 2, 3].map(() => api(app).post(`/api/orders/${id}/cancel`, {}, me.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refunds = await refundRows(t, [id]);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(minor(placed.payable_amount));
    expect((await orderOf(t, me, id)).payment_status).toBe("Refunded");
  });

  it("cancelling an unpaid order refunds nothing", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "test");
    const id = placed.orders[0]?.id as number;
    const res = await api(app).post(`/api/orders/${id}/cancel`, {}, me.token);
    expect(res.status).toBe(200);
    expect(envelope(orderDetailData).parse(res.body).data.order).toMatchObject({
      order_status: "Cancelled",
      payment_status: "Pending",
    });
    expect(await refundRows(t, [id])).toEqual([]);
    // Paying the cancelled order's link afterwards takes nothing and marks nothing paid.
    expect((await orderOf(t, me, id)).payment_status).toBe("Pending");
  });

  it("a cash-on-delivery order cancelled before delivery needs no refund", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "cash");
    const id = placed.orders[0]?.id as number;
    expect((await orderOf(t, me, id)).refund_on_cancel).toBeNull();
    expect((await api(app).post(`/api/orders/${id}/cancel`, {}, me.token)).status).toBe(200);
    expect(await refundRows(t, [id])).toEqual([]);
    expect((await orderOf(t, me, id)).payment_status).toBe("Pending");
  });

  it("the seller's cancel of a paid order refunds it too; the seller's view shows Refunded", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "test");
    await pay(placed.order_payment_url);
    const id = placed.orders[0]?.id as number;
    const owner = await t.dbh.db
      .selectFrom("shops as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select("u.email")
      .where("s.id", "=", a.shop_id)
      .executeTakeFirstOrThrow();
    const login = await api(app).post("/api/login", { phone: owner.email, password: "password" });
    expect(login.status).toBe(200);
    const seller = login.body.data.access.token as string;
    const view = await api(app).get(`/api/seller/orders/${id}`, seller);
    expect(view.body.data.order.refund_on_cancel).toBe(placed.payable_amount);
    const res = await api(app).post(`/api/seller/orders/${id}/status`, { status: "Cancelled" }, seller);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.order).toMatchObject({ order_status: "Cancelled", payment_status: "Refunded" });
    const refunds = await refundRows(t, [id]);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[minor(placed.payable_amount), "Succeeded"]]);
    expect((await orderOf(t, me, id)).payment_status).toBe("Refunded");
  });
});

describe.each(dbKinds)("refunds through Stripe on %s", (kind) => {
  let t: TestApp;
  let stand: StandIn;
  const app = () => t.app;
  const raw = client(app);
  const WEBHOOK_SECRET = "whsec_standin_secret";
  const webhooks = new Stripe("sk_test_unused").webhooks;
  let a: Variant;
  let b: Variant;

  beforeAll(async () => {
    stand = await stripeStandIn();
    t = await openTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stand.url,
        JOB_RETRY_SECONDS: "1",
      },
    });
    [a, b] = await twoShops(t);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const shopper = async () => (await shoppersWithAddress(app, t.dbh, 1))[0] as Shopper;
  const deliver = (event: Record<string, unknown>) => {
    const payload = JSON.stringify({ object: "event", ...event });
    return raw.send("POST", "/api/payments/stripe/webhook", payload, undefined, {
      "content-type": "application/json",
      "stripe-signature": webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
  };
  const openSession = async (url: string | null) => {
    const res = await raw.send("GET", localPath(url as string), undefined);
    expect(res.status).toBe(303);
    return res.headers.location?.toString().split("/").at(-1) as string;
  };
  /** Pays the session on "Stripe" and delivers the completed event (with what it charged). */
  const completeSession = async (paymentId: number, sessionId: string, amountTotal?: number) => {
    stand.pay(sessionId);
    const done = await deliver({
      id: `evt_paid_${sessionId}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          payment_status: "paid",
          metadata: { payment_id: String(paymentId) },
          client_reference_id: String(paymentId),
          ...(amountTotal !== undefined && { amount_total: amountTotal }),
        },
      },
    });
    expect(done.status).toBe(200);
    return sessionId;
  };
  /** Opens the payment's Checkout Session, pays it on "Stripe" and delivers the completed event. */
  const payWithStripe = async (paymentId: number, url: string | null) =>
    completeSession(paymentId, await openSession(url));
  const refundEvent = (type: string, refund: Record<string, unknown>, status: string) => ({
    id: `evt_${type}_${String(refund.id)}_${status}`,
    type,
    data: { object: { ...refund, status } },
  });

  it("cancelling a paid order refunds its amount of the PaymentIntent; the webhook confirms it", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a, b], "stripe");
    const [first, second] = placed.orders as [(typeof placed.orders)[0], (typeof placed.orders)[0]];
    const sessionId = await payWithStripe(placed.payment_id, placed.order_payment_url);
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Paid");

    const before = stand.refunds.length;
    const res = await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Taken by Stripe, not yet confirmed.
    expect(envelope(orderDetailData).parse(res.body).data.order).toMatchObject({
      order_status: "Cancelled",
      payment_status: "Refunding",
    });
    expect(stand.refunds).toHaveLength(before + 1);
    const sent = stand.refunds.at(-1) as StandIn["refunds"][number];
    const [row] = await refundRows(t, [first.id]);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      payment_intent: `pi_test_${sessionId}`,
      amount: String(minor(first.payable_amount)),
      "metadata[refund_id]": String(row?.id),
      "metadata[order_id]": String(first.id),
    });
    expect(sent.headers["idempotency-key"]).toBe(row?.idempotency_key);
    expect(row).toMatchObject({ status: "Sent", provider_ref: sent.refund.id, amount: minor(first.payable_amount) });

    // An event for a refund Stripe has not finished changes nothing; its success settles it.
    expect((await deliver(refundEvent("refund.created", sent.refund, "pending"))).status).toBe(200);
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Refunding");
    const ok = await deliver(refundEvent("refund.updated", sent.refund, "succeeded"));
    expect(ok.status, ok.text).toBe(200);
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Refunded");
    expect((await orderOf(t, me, second.id)).payment_status).toBe("Paid");
    expect((await refundRows(t, [first.id]))[0]).toMatchObject({ status: "Succeeded" });
    // Stripe delivers again: harmless. Cancelling again refunds nothing more.
    expect((await deliver(refundEvent("refund.updated", sent.refund, "succeeded"))).status).toBe(200);
    expect((await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token)).status).toBe(409);
    expect(stand.refunds).toHaveLength(before + 1);
    expect(await refundRows(t, [first.id, second.id])).toHaveLength(1);
  });

  it("a refund event for a refund of someone else's id changes nothing", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "stripe");
    await payWithStripe(placed.payment_id, placed.order_payment_url);
    const id = placed.orders[0]?.id as number;
    expect((await api(app).post(`/api/orders/${id}/cancel`, {}, me.token)).status).toBe(200);
    const [row] = await refundRows(t, [id]);
    const forged = { id: "re_someone_else", object: "refund", metadata: { refund_id: String(row?.id) } };
    expect((await deliver(refundEvent("refund.updated", forged, "succeeded"))).status).toBe(200);
    expect((await orderOf(t, me, id)).payment_status).toBe("Refunding");
  });

  it("when Stripe cannot be reached the cancel holds, the refund stays owed and a retry sends it once", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a], "stripe");
    await payWithStripe(placed.payment_id, placed.order_payment_url);
    const id = placed.orders[0]?.id as number;
    const before = stand.refunds.length;
    stand.failingRefunds = true;
    try {
      const res = await api(app).post(`/api/orders/${id}/cancel`, {}, me.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.order).toMatchObject({ order_status: "Cancelled", payment_status: "Refunding" });
    } finally {
      stand.failingRefunds = false;
    }
    const [owed] = await refundRows(t, [id]);
    expect(owed).toMatchObject({ status: "Pending", provider_ref: null, attempts: 1 });
    expect(owed?.last_error).toBeTruthy();
    expect(stand.refunds).toHaveLength(before);

    // A background job asks Stripe again a moment later, once.
    await expect.poll(() => stand.refunds.length, { timeout: 10_000 }).toBe(before + 1);
    expect(stand.refunds.at(-1)?.refund.amount).toBe(minor(placed.payable_amount));
    await expect
      .poll(async () => (await refundRows(t, [id]))[0])
      .toMatchObject({ status: "Sent", provider_ref: stand.refunds.at(-1)?.refund.id });
    // A Sent refund is not sent again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(stand.refunds).toHaveLength(before + 1);
  });

  it("a session opened before an order was cancelled and paid afterwards refunds that order's share", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a, b], "stripe");
    const [first, second] = placed.orders as [(typeof placed.orders)[0], (typeof placed.orders)[0]];
    const sessionId = await openSession(placed.order_payment_url);
    // The shopper cancels one order in another tab (nothing is paid yet), then pays the open session.
    expect((await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token)).status).toBe(200);
    expect(await refundRows(t, [first.id])).toEqual([]);
    const before = stand.refunds.length;
    await completeSession(placed.payment_id, sessionId, minor(placed.payable_amount));
    expect((await orderOf(t, me, second.id)).payment_status).toBe("Paid");
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Refunding");
    expect(stand.refunds).toHaveLength(before + 1);
    expect(stand.refunds.at(-1)?.refund).toMatchObject({
      amount: minor(first.payable_amount),
      payment_intent: `pi_test_${sessionId}`,
    });
  });

  it("a session paid for only what is left after a cancel refunds nothing", async () => {
    const me = await shopper();
    const placed = await placeFromShops(t, me, [a, b], "stripe");
    const [first, second] = placed.orders as [(typeof placed.orders)[0], (typeof placed.orders)[0]];
    expect((await api(app).post(`/api/orders/${first.id}/cancel`, {}, me.token)).status).toBe(200);
    const before = stand.refunds.length;
    await completeSession(placed.payment_id, await openSession(placed.order_payment_url), minor(second.payable_amount));
    expect((await orderOf(t, me, second.id)).payment_status).toBe("Paid");
    expect((await orderOf(t, me, first.id)).payment_status).toBe("Pending");
    expect(stand.refunds).toHaveLength(before);
  });
});
