import { AUTH_MESSAGES } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { client, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

// Changing the account's email or phone takes the current password, as do a new password and
// deleting the account; a wrong one counts like a failed login.

describe.each(dbKinds)("profile email change on %s", (kind) => {
  let t: TestApp;
  const api = client(() => t.app);

  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function registered() {
    const body = newRegistration();
    const res = await api.post("/api/registration", body, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    return { body, token: res.json().data.access.token as string, id: res.json().data.user.id as number };
  }
  const emailOf = async (id: number) =>
    (await t.dbh.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
  const profile = (r: Awaited<ReturnType<typeof registered>>, fields: Record<string, unknown>, ip = nextIp()) =>
    api.post("/api/profile", { name: r.body.name, phone: r.body.phone, ...fields }, { token: r.token, ip });

  it("refuses an email change without the current password, changing nothing", async () => {
    const me = await registered();
    const res = await profile(me, { name: "New Name", email: "moved.away@example.org" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [AUTH_MESSAGES.currentPasswordRequired] });
    expect(await emailOf(me.id)).toBe(me.body.email);
    expect((await api.get("/api/user", { token: me.token })).json().data.user.name).toBe(me.body.name);
  });

  it("refuses a wrong current password and accepts the right one", async () => {
    const me = await registered();
    const wrong = await profile(me, { email: "moved.wrong@example.org", current_password: "not my password" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [AUTH_MESSAGES.currentPasswordWrong] });
    expect(await emailOf(me.id)).toBe(me.body.email);

    const email = `moved.${me.id}@example.org`;
    const right = await profile(me, { email, current_password: me.body.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.user.email).toBe(email);
    expect(await emailOf(me.id)).toBe(email);
    // The new email signs in.
    const login = await api.post("/api/login", { phone: email, password: me.body.password }, { ip: nextIp() });
    expect(login.statusCode).toBe(200);
    // The old address is told, naming the new one; a refused change told it nothing.
    const told = await t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", me.body.email).execute();
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/email was changed$/)]);
    expect(told[0]?.body).toContain(`was changed to ${email}.`);
  });

  it("tells no made-up guest address of a guest's email change", async () => {
    const guest = (await api.post("/api/guest_login", {}, { ip: nextIp() })).json().data;
    const email = `guest.moved.${guest.user.id}@example.org`;
    const res = await api.post(
      "/api/profile",
      { name: "Gina", email, current_password: guest.password },
      { token: guest.access.token, ip: nextIp() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(guest.user.id)).toBe(email);
    const told = await t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", guest.email).execute();
    expect(told).toEqual([]);
  });

  it("does not ask for the password when the email stays (in any case)", async () => {
    const me = await registered();
    const res = await profile(me, { name: "Only The Name", email: me.body.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.name).toBe("Only The Name");
  });

  it("counts wrong passwords like failed logins: the account locks after five", async () => {
    const me = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await profile(me, { email: "moved.many@example.org", current_password: `wrong ${i}` });
      expect(res.statusCode).toBe(422);
    }
    const locked = await profile(me, { email: "moved.many@example.org", current_password: me.body.password });
    expect(locked.statusCode).toBe(429);
    expect(await emailOf(me.id)).toBe(me.body.email);
    // The login of the same account is locked too: one counter.
    const login = await api.post("/api/login", { phone: me.body.email, password: me.body.password }, { ip: nextIp() });
    expect(login.statusCode).toBe(429);
  });

  it("asks for the current password to change the phone, not to save the same number typed another way", async () => {
    const me = await registered();
    const phoneOf = async () =>
      (await t.dbh.db.selectFrom("users").select("phone").where("id", "=", me.id).executeTakeFirstOrThrow()).phone;
    const same = await profile(me, { email: me.body.email, phone: ` ${me.body.phone} ` });
    expect(same.statusCode, same.body).toBe(200);

    const newPhone = `55577${String(me.id).padStart(5, "0").slice(-5)}`;
    const asked = await profile(me, { email: me.body.email, phone: newPhone });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors).toEqual({ current_password: [AUTH_MESSAGES.currentPasswordRequired] });
    const otherCode = await profile(me, { email: me.body.email, phone_code: "+44" });
    expect(otherCode.statusCode).toBe(422);
    const wrong = await profile(me, { email: me.body.email, phone: newPhone, current_password: "not mine" });
    expect(wrong.json().errors).toEqual({ current_password: [AUTH_MESSAGES.currentPasswordWrong] });
    expect(await phoneOf()).toBe(me.body.phone);

    const right = await profile(me, { email: me.body.email, phone: newPhone, current_password: me.body.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(await phoneOf()).toBe(newPhone);
  });

  it.each([
    [
      "a new password",
      "/api/change-password",
      (current: string) => ({
        current_password: current,
        password: "brand new pass",
        password_confirmation: "brand new pass",
      }),
    ],
    ["deleting the account", "/api/profile/delete", (current: string) => ({ current_password: current })],
  ])("counts wrong current passwords for %s like failed logins", async (_, url, body) => {
    const me = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await api.post(url, body(`wrong ${i}`), { token: me.token, ip: nextIp() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ current_password: [AUTH_MESSAGES.currentPasswordWrong] });
    }
    const locked = await api.post(url, body(me.body.password), { token: me.token, ip: nextIp() });
    expect(locked.statusCode).toBe(429);
    // Nothing changed: the account is there and its password is the old one.
    expect((await api.get("/api/user", { token: me.token })).statusCode).toBe(200);
    const row = await t.dbh.db
      .selectFrom("users")
      .select("erased_at")
      .where("id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(row.erased_at).toBeNull();
  });

  it("marks the account unverified when a verification by email was of the old address", async () => {
    const me = await registered();
    await t.dbh.db
      .updateTable("users")
      .set({ verified_at: new Date().toISOString() })
      .where("id", "=", me.id)
      .execute();
    await t.dbh.db.updateTable("settings").set({ value: '"email"' }).where("key", "=", "register_otp_type").execute();
    invalidateSettings({ dbh: t.dbh });
    const res = await profile(me, { email: `verified.${me.id}@example.org`, current_password: me.body.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.is_verified).toBe(false);
  });
});
