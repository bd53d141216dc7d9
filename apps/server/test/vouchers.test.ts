import { envelope, voucherCollectData, vouchersData } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

describe.each(dbKinds)("vouchers API on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let shopId: number;

  beforeAll(async () => {
    t = await openTestApp(kind);
    shopId = (await t.dbh.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const fresh = async () => ((await newShoppers(t.dbh, 1))[0] as { token: string }).token;
  const list = async (tok: string, id = shopId) => {
    const res = await http.get(`/api/get-vouchers?shop_id=${id}`, tok);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(vouchersData).parse(res.body).data.coupons;
  };
  const coupons = () =>
    t.dbh.db.selectFrom("coupons").selectAll().where("shop_id", "=", shopId).orderBy("id").execute();

  it("needs the token", async () => {
    expect((await http.get(`/api/get-vouchers?shop_id=${shopId}`)).status).toBe(401);
    expect((await http.post("/api/vouchers-collect", { coupon_id: 1 })).status).toBe(401);
  });

  it("lists the shop's running coupons with their terms, not expired ones", async () => {
    const tok = await fresh();
    const rows = await coupons();
    const now = clock.iso();
    const running = rows.filter((c) => c.start_date <= now && c.end_date > now);
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeGreaterThan(running.length);
    const listed = await list(tok);
    expect(listed.map((c) => c.id)).toEqual(running.map((c) => c.id));
    for (const c of listed) {
      const row = running.find((r) => r.id === c.id);
      if (!row) throw new Error("unreachable");
      expect(c).toMatchObject({
        shop_id: shopId,
        code: row.code,
        discount_type: row.discount_type,
        discount: row.discount / 100,
        min_order_amount: row.min_order_amount / 100,
        max_discount: row.max_discount === null ? null : row.max_discount / 100,
        start_date: row.start_date,
        end_date: row.end_date,
        is_collected: false,
      });
    }
    expect(listed.map((c) => c.discount_type).sort()).toEqual(["Fixed", "Percentage"]);
  });

  it("validates the shop and the coupon", async () => {
    const tok = await fresh();
    expect((await http.get("/api/get-vouchers", tok)).status).toBe(422);
    expect((await http.get("/api/get-vouchers?shop_id=abc", tok)).status).toBe(422);
    expect((await http.get("/api/get-vouchers?shop_id=999999", tok)).status).toBe(404);
    expect((await http.post("/api/vouchers-collect", { coupon_id: 999_999 }, tok)).status).toBe(404);
    expect((await http.post("/api/vouchers-collect", { coupon_id: "x" }, tok)).status).toBe(422);
    expect((await http.post("/api/vouchers-collect", {}, tok)).body.errors.coupon_id).toEqual([
      "The coupon_id field is required.",
    ]);
    const expired = (await coupons()).find((c) => c.end_date <= clock.iso());
    const res = await http.post("/api/vouchers-collect", { coupon_id: expired?.id }, tok);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("This voucher has expired.");
  });

  it("collecting marks the coupon collected for that shopper only; collecting twice is harmless", async () => {
    const [me, other] = [await fresh(), await fresh()];
    const [first] = await list(me);
    if (!first) throw new Error("no coupon");
    const res = await http.post("/api/vouchers-collect", { coupon_id: first.id }, me);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Voucher collected successfully");
    expect(envelope(voucherCollectData).parse(res.body).data.coupon).toMatchObject({
      id: first.id,
      is_collected: true,
    });
    const again = await http.post("/api/vouchers-collect", { coupon_id: first.id }, me);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Voucher already collected");
    expect((await list(me)).find((c) => c.id === first.id)?.is_collected).toBe(true);
    expect((await list(other)).find((c) => c.id === first.id)?.is_collected).toBe(false);
    const n = await t.dbh.db.selectFrom("coupon_collections").select("id").where("coupon_id", "=", first.id).execute();
    expect(n).toHaveLength(1);
  });

  it("50 parallel collects of a coupon limited to 10 shoppers give exactly 10", async () => {
    const row = (await coupons()).find((c) => c.usage_limit === null && c.end_date > clock.iso());
    if (!row) throw new Error("no unlimited coupon");
    await t.dbh.db.updateTable("coupons").set({ usage_limit: 10 }).where("id", "=", row.id).execute();
    const before = Number(
      (
        await t.dbh.db
          .selectFrom("coupon_collections")
          .select((e) => e.fn.countAll().as("n"))
          .where("coupon_id", "=", row.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const shoppers = await newShoppers(t.dbh, 50);
    const answers = await Promise.all(
      shoppers.map((s) => http.post("/api/vouchers-collect", { coupon_id: row.id }, s.token)),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10 - before);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toBe("This voucher is no longer available.");
    }
    const after = await t.dbh.db
      .selectFrom("coupon_collections")
      .select("id")
      .where("coupon_id", "=", row.id)
      .execute();
    expect(after).toHaveLength(10);
    // A full coupon is no longer offered to those who did not collect it, but still to those who did.
    const winner = shoppers[answers.findIndex((a) => a.status === 200)] as { token: string };
    const loser = shoppers[answers.findIndex((a) => a.status !== 200)] as { token: string };
    expect((await list(winner.token)).find((c) => c.id === row.id)?.is_collected).toBe(true);
    expect((await list(loser.token)).some((c) => c.id === row.id)).toBe(false);
  });

  it("one shopper collecting in parallel gets one collection", async () => {
    const tok = await fresh();
    const [c] = await list(tok);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => http.post("/api/vouchers-collect", { coupon_id: c?.id }, tok)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.message === "Voucher collected successfully")).toHaveLength(1);
  });
});
