import { ADDRESSES_MAX, addressData, addressesData, envelope } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { HOME_ADDRESS } from "./order-helpers.ts";

describe.each(dbKinds)("addresses API on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);

  beforeAll(async () => {
    t = await openTestApp(kind, { seed: false });
    // The phone rule reads the settings; without a seed they are the defaults (9 to 16 digits).
  });
  afterAll(async () => {
    await t?.close();
  });

  const fresh = async () => ((await newShoppers(t.dbh, 1))[0] as { token: string }).token;
  const list = async (tok: string) => {
    const res = await http.get("/api/addresses", tok);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(addressesData).parse(res.body).data.addresses;
  };
  const store = async (tok: string, body: Record<string, unknown> = {}) => {
    const res = await http.post("/api/address/store", { ...HOME_ADDRESS, ...body }, tok);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return envelope(addressData).parse(res.body).data.address;
  };
  const defaults = async (tok: string) => (await list(tok)).filter((a) => a.is_default).map((a) => a.id);

  it("every route needs the token", async () => {
    for (const res of await Promise.all([
      http.get("/api/addresses"),
      http.get("/api/address/1"),
      http.post("/api/address/store", HOME_ADDRESS),
      http.post("/api/address/1/update", HOME_ADDRESS),
      http.post("/api/address/1/delete", {}),
    ])) {
      expect(res.status).toBe(401);
    }
  });

  it("stores every field of an address and answers it in the list", async () => {
    const tok = await fresh();
    const full = {
      name: "  Grace Hopper ",
      phone: "+15550102030",
      area: "Navy Yard",
      flat_no: "3C",
      post_code: "20374",
      address_line: "1 Compiler Road",
      address_line2: "Building 7",
      address_type: "office",
      is_default: false,
      latitude: 38.8723,
      longitude: "-76.9955",
    };
    const res = await http.post("/api/address/store", full, tok);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Address added successfully");
    const saved = envelope(addressData).parse(res.body).data.address;
    expect(saved).toMatchObject({
      ...full,
      name: "Grace Hopper",
      longitude: -76.9955,
      // The first address is the default even when not asked for.
      is_default: true,
    });
    expect(await list(tok)).toEqual([saved]);
    expect(envelope(addressData).parse((await http.get(`/api/address/${saved.id}`, tok)).body).data.address).toEqual(
      saved,
    );
  });

  it("rejects bad fields with the field's message and saves nothing", async () => {
    const tok = await fresh();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, "name", "The name field is required."],
      [{ name: "   " }, "name", "The name field is required."],
      [{ name: "x".repeat(101) }, "name", "The name field must not be greater than 100 characters."],
      [{ phone: "555-0101" }, "phone", "The phone field must contain only digits."],
      [{ phone: "12345678" }, "phone", "The phone field must be between 9 and 16 digits."],
      [{ phone: "12345678901234567" }, "phone", "The phone field must be between 9 and 16 digits."],
      [{ address_line: "" }, "address_line", "The address field is required."],
      [{ address_line: "a".repeat(256) }, "address_line", "The address field must not be greater than 255 characters."],
      [{ address_type: "castle" }, "address_type", "The address type field must be one of home, office, other."],
      [{ address_type: undefined }, "address_type", "The address type field is required."],
      [{ post_code: "1".repeat(21) }, "post_code", "The post code field must not be greater than 20 characters."],
      [{ latitude: 91 }, "latitude", "The latitude field must be between -90 and 90."],
      [{ longitude: "east" }, "longitude", "The longitude field must be between -180 and 180."],
      [{ is_default: "yes" }, "is_default", "The is default field must be true or false."],
    ];
    for (const [patch, field, message] of cases) {
      const res = await http.post("/api/address/store", { ...HOME_ADDRESS, ...patch }, tok);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const extra = await http.post("/api/address/store", { ...HOME_ADDRESS, user_id: 1 }, tok);
    expect(extra.status).toBe(422);
    expect(await list(tok)).toEqual([]);
  });

  it("takes the phone lengths from the settings", async () => {
    const tok = await fresh();
    await t.dbh.db.insertInto("settings").values({ key: "phone_min_length", value: "11" }).execute();
    invalidateSettings({ dbh: t.dbh });
    try {
      const res = await http.post("/api/address/store", { ...HOME_ADDRESS, phone: "5550107788" }, tok);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("The phone field must be between 11 and 16 digits.");
      await store(tok, { phone: "15550107788" });
    } finally {
      await t.dbh.db.deleteFrom("settings").where("key", "=", "phone_min_length").execute();
      invalidateSettings({ dbh: t.dbh });
    }
  });

  it("keeps exactly one default: the first, then the one chosen; the default is listed first", async () => {
    const tok = await fresh();
    const a = await store(tok, { name: "First" });
    const b = await store(tok, { name: "Second" });
    expect(b.is_default).toBe(false);
    expect(await defaults(tok)).toEqual([a.id]);
    const c = await store(tok, { name: "Third", is_default: true });
    expect(await defaults(tok)).toEqual([c.id]);
    expect((await list(tok)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);

    // Updating another address with is_default moves the default; false on the default keeps it.
    const moved = await http.post(`/api/address/${a.id}/update`, { ...HOME_ADDRESS, is_default: 1 }, tok);
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe("Address updated successfully");
    expect(await defaults(tok)).toEqual([a.id]);
    await http.post(`/api/address/${a.id}/update`, { ...HOME_ADDRESS, is_default: false }, tok);
    expect(await defaults(tok)).toEqual([a.id]);
  });

  it("parallel first addresses still give one default", async () => {
    const tok = await fresh();
    await Promise.all(Array.from({ length: 5 }, (_, i) => store(tok, { name: `Parallel ${i}` })));
    expect(await defaults(tok)).toHaveLength(1);
  });

  it("updates the fields; an unknown or another user's address is 404 and unchanged", async () => {
    const [me, other] = [await fresh(), await fresh()];
    const mine = await store(me);
    const res = await http.post(
      `/api/address/${mine.id}/update`,
      { ...HOME_ADDRESS, name: "Ada King", address_type: "other", area: "Marylebone", flat_no: null },
      me,
    );
    expect(res.status).toBe(200);
    expect(envelope(addressData).parse(res.body).data.address).toMatchObject({
      id: mine.id,
      name: "Ada King",
      address_type: "other",
      area: "Marylebone",
      flat_no: null,
      is_default: true,
    });
    for (const call of [
      http.post(`/api/address/${mine.id}/update`, { ...HOME_ADDRESS, name: "Thief" }, other),
      http.post(`/api/address/${mine.id}/delete`, {}, other),
      http.get(`/api/address/${mine.id}`, other),
      http.post("/api/address/999999/update", HOME_ADDRESS, me),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("Address not found");
    }
    expect((await list(me))[0]?.name).toBe("Ada King");
    expect((await http.get("/api/address/abc", me)).status).toBe(422);
  });

  it("deleting the default promotes the newest remaining address", async () => {
    const tok = await fresh();
    const a = await store(tok, { name: "A" });
    const b = await store(tok, { name: "B" });
    const c = await store(tok, { name: "C" });
    const res = await http.post(`/api/address/${a.id}/delete`, {}, tok);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Address deleted successfully");
    const left = envelope(addressesData).parse(res.body).data.addresses;
    expect(left.map((x) => [x.id, x.is_default])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    await http.post(`/api/address/${b.id}/delete`, {}, tok);
    expect(await defaults(tok)).toEqual([c.id]);
    await http.post(`/api/address/${c.id}/delete`, {}, tok);
    expect(await list(tok)).toEqual([]);
  });

  it(`keeps at most ${ADDRESSES_MAX} addresses`, async () => {
    const tok = await fresh();
    for (let i = 0; i < ADDRESSES_MAX; i++) await store(tok, { name: `Address ${i}` });
    const res = await http.post("/api/address/store", HOME_ADDRESS, tok);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`You can save at most ${ADDRESSES_MAX} addresses.`);
    expect(await list(tok)).toHaveLength(ADDRESSES_MAX);
  });
});
