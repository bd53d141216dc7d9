import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import {
  GUESTS_PER_IP_PER_HOUR,
  LOGIN_FAILURES_PER_ACCOUNT,
  OTP_SENDS_PER_IP_PER_HOUR,
} from "../src/modules/auth/auth.service.ts";
import { client, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

// Limits under parallel requests: each burst is sent at once, as an attacker (or a busy office) would.

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe.each(dbKinds)("limits under parallel requests on %s", (kind) => {
  let t: TestApp;
  const api = client(() => t.app);

  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => clock.reset());

  const register = async () => {
    const body = newRegistration();
    const res = await api.post("/api/registration", body, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    return body;
  };
  const login = (phone: string, password: string, ip = nextIp()) => api.post("/api/login", { phone, password }, { ip });
  const sendOtp = (phone: string, ip = nextIp()) => api.post("/api/send-otp", { phone, forgot_password: 1 }, { ip });
  const outboxFor = (recipients: string[]) =>
    t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "in", recipients).execute();

  describe("login", () => {
    // A 429 comes from the throttle before any password check; 422 and 200 are answers of a check.
    it("checks at most 5 passwords of a burst of 40, and the right one in it does not get in", async () => {
      const body = await register();
      const start = Date.now();
      clock.set(() => start);
      const burst = await Promise.all([
        ...Array.from({ length: 39 }, (_, i) => login(body.email, `wrong password ${i}`)),
        login(body.email, body.password),
      ]);
      expect(statuses(burst)).toEqual({ 422: LOGIN_FAILURES_PER_ACCOUNT, 429: 40 - LOGIN_FAILURES_PER_ACCOUNT });
      expect(burst.at(-1)?.statusCode).toBe(429);

      const locked = await login(body.email, body.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe("Too many login attempts. Please try again in 60 seconds.");
      clock.set(() => start + 61_000);
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });

    it("answers a burst on an unknown account exactly like one on a known account", async () => {
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login("nobody.at.all@example.com", `wrong password ${i}`)),
      );
      expect(statuses(burst)).toEqual({ 422: LOGIN_FAILURES_PER_ACCOUNT, 429: 40 - LOGIN_FAILURES_PER_ACCOUNT });
    });

    it("counts email and phone sign-ins of one account together", async () => {
      const body = await register();
      for (let i = 0; i < 3; i++) expect((await login(body.email, "wrong by email")).statusCode).toBe(422);
      for (let i = 0; i < 2; i++) expect((await login(body.phone, "wrong by phone")).statusCode).toBe(422);
      expect((await login(body.phone, body.password)).statusCode).toBe(429);
      expect((await login(body.email, body.password)).statusCode).toBe(429);
    });

    it("counts a parallel burst by email and by phone together", async () => {
      const body = await register();
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(i % 2 ? body.phone : body.email, `wrong password ${i}`)),
      );
      expect(statuses(burst)).toEqual({ 422: LOGIN_FAILURES_PER_ACCOUNT, 429: 40 - LOGIN_FAILURES_PER_ACCOUNT });
    });

    it("takes a successful sign-in's count back from the account and the IP", async () => {
      const body = await register();
      const ip = nextIp();
      let userId = 0;
      for (let i = 0; i < 2 * LOGIN_FAILURES_PER_ACCOUNT; i++) {
        const res = await login(i % 2 ? body.phone : body.email, body.password, ip);
        expect(res.statusCode).toBe(200);
        userId = res.json().data.user.id;
      }
      const left = await t.dbh.db
        .selectFrom("rate_events")
        .select("key")
        .where((eb) => eb.or([eb("key", "=", `login-ip:${ip}`), eb("key", "=", `login:user:${userId}`)]))
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe("one-time codes", () => {
    it("sends exactly one code for 30 parallel requests for one address", async () => {
      const body = await register();
      const burst = await Promise.all(Array.from({ length: 30 }, () => sendOtp(body.email)));
      expect(statuses(burst)).toEqual({ 200: 1, 429: 29 });
      expect(await outboxFor([body.email])).toHaveLength(1);
    });

    it("sends exactly one code for a parallel burst after a request from before the account existed", async () => {
      const person = newRegistration();
      // Asked for before the address had an account: kept, never sent, so it does not hold back
      // the account's first code; the burst must still get exactly one.
      expect((await sendOtp(person.email)).statusCode).toBe(200);
      expect((await api.post("/api/registration", person, { ip: nextIp() })).statusCode).toBe(200);
      const burst = await Promise.all(Array.from({ length: 30 }, () => sendOtp(person.email)));
      expect(statuses(burst)).toEqual({ 200: 1, 429: 29 });
      expect(burst.filter((r) => r.statusCode === 429).map((r) => r.json().code)).toEqual(
        Array(29).fill("code_recently_sent"),
      );
      expect(await outboxFor([person.email])).toHaveLength(1);
    });

    it(`sends codes to 30 addresses from one IP at once, and caps the IP at exactly ${OTP_SENDS_PER_IP_PER_HOUR} an hour`, async () => {
      const ip = nextIp();
      const accounts = await Promise.all(Array.from({ length: 30 }, register));
      const emails = accounts.map((a) => a.email);
      const office = await Promise.all(emails.map((email) => sendOtp(email, ip)));
      expect(statuses(office)).toEqual({ 200: 30 });
      expect(await outboxFor(emails)).toHaveLength(30);

      // Unknown addresses count like known ones (the answer does not tell them apart).
      const more = OTP_SENDS_PER_IP_PER_HOUR - 30 + 10;
      const flood = await Promise.all(
        Array.from({ length: more }, (_, i) => sendOtp(`flood.${i}.${ip}@example.com`, ip)),
      );
      expect(statuses(flood)).toEqual({ 200: OTP_SENDS_PER_IP_PER_HOUR - 30, 429: 10 });

      const late = await register();
      const refused = await sendOtp(late.email, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many codes were requested\. Please try again in \d+ minutes\.$/);
      expect(await outboxFor([late.email])).toHaveLength(0);
      expect((await sendOtp(late.email, nextIp())).statusCode).toBe(200);
    });
  });

  it(`creates exactly ${GUESTS_PER_IP_PER_HOUR} guests for a burst from one IP`, async () => {
    const ip = nextIp();
    const burst = await Promise.all(
      Array.from({ length: GUESTS_PER_IP_PER_HOUR + 10 }, () => api.post("/api/guest_login", {}, { ip })),
    );
    expect(statuses(burst)).toEqual({ 200: GUESTS_PER_IP_PER_HOUR, 429: 10 });
  });

  describe("new accounts from one IP", () => {
    const LIMIT = 3;
    let limited: TestApp;
    const post = (url: string, body: unknown, ip: string) => client(() => limited.app).post(url, body, { ip });
    const userCount = async () =>
      Number(
        (
          await limited.dbh.db
            .selectFrom("users")
            .select((e) => e.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      limited = await openTestApp(kind, { seed: false, env: { REGISTRATIONS_PER_IP_PER_HOUR: String(LIMIT) } });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it(`creates exactly ${LIMIT} accounts for a burst from one IP, says when to try again, and leaves other IPs alone`, async () => {
      const ip = nextIp();
      const before = await userCount();
      const burst = await Promise.all(
        Array.from({ length: LIMIT + 5 }, () => post("/api/registration", newRegistration(), ip)),
      );
      expect(statuses(burst)).toEqual({ 200: LIMIT, 429: 5 });
      const refused = burst.find((r) => r.statusCode === 429);
      expect(refused?.json().message).toBe(
        "Too many accounts were created from your network. Please try again in 60 minutes.",
      );
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(3500);
      expect(await userCount()).toBe(before + LIMIT);
      // A seller's signup makes an account too, so it waits as well.
      const shop = { ...newRegistration(), shop_name: `Limited Shop ${process.pid}` };
      expect((await post("/api/shop/register", shop, ip)).statusCode).toBe(429);
      expect((await post("/api/registration", newRegistration(), nextIp())).statusCode).toBe(200);
      // An hour after the first, the IP may make accounts again.
      const now = Date.now();
      clock.set(() => now + 61 * 60_000);
      expect((await post("/api/shop/register", shop, ip)).statusCode).toBe(200);
    });

    it("does not count a form the server refuses", async () => {
      const ip = nextIp();
      const taken = newRegistration();
      expect((await post("/api/registration", taken, ip)).statusCode).toBe(200);
      for (let i = 0; i < LIMIT; i++) {
        const again = await post("/api/registration", { ...newRegistration(), email: taken.email }, ip);
        expect(again.json().errors.email).toEqual(["The email has already been taken."]);
      }
      for (let i = 1; i < LIMIT; i++)
        expect((await post("/api/registration", newRegistration(), ip)).statusCode).toBe(200);
      expect((await post("/api/registration", newRegistration(), ip)).statusCode).toBe(429);
    });
  });
});
