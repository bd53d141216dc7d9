import { createHash } from "node:crypto";
import { authUser, dashboardData, envelope, guestLoginData, loginData } from "@market/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { LOGIN_FAILURES_PER_IP } from "../src/modules/auth/auth.service.ts";
import { client, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const BAD_CREDENTIALS = "These credentials do not match our records.";
const DAY = 24 * 3600 * 1000;

// A real 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function multipartBody(fields: Record<string, string>, file?: { filename: string; type: string; bytes: Buffer }) {
  const boundary = `----auth-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_photo"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbKinds)("accounts on %s", (kind) => {
  let t: TestApp;
  const api = client(() => t.app);

  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => clock.reset());

  const register = async (overrides: Record<string, unknown> = {}) => {
    const body = newRegistration(overrides);
    const res = await api.post("/api/registration", body, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    return { body, data: envelope(loginData).parse(res.json()).data };
  };
  const login = async (phone: string, password: string, ip = nextIp()) =>
    api.post("/api/login", { phone, password }, { ip });
  const tokenOf = async (phone: string, password: string) => {
    const res = await login(phone, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.access.token as string;
  };
  const countUsers = async () =>
    Number(
      (
        await t.dbh.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("registration", () => {
    it("creates the user, signs them in and stores only hashes", async () => {
      const before = clock.ms();
      const { body, data } = await register();
      expect(data.user).toMatchObject({
        name: body.name,
        email: body.email,
        phone: body.phone,
        phone_code: "+1",
        country: "United States",
        profile_photo: null,
        is_guest: false,
        is_verified: false,
      });
      expect(data.access.auth_type).toBe("Bearer");
      expect(Buffer.from(data.access.token, "base64url")).toHaveLength(32);
      const expires = Date.parse(data.access.expires_at) - before;
      expect(expires).toBeGreaterThanOrEqual(30 * DAY - 5000);
      expect(expires).toBeLessThanOrEqual(30 * DAY + 5000);

      const me = await api.get("/api/user", { token: data.access.token });
      expect(me.statusCode).toBe(200);
      expect(authUser.parse(me.json().data.user)).toEqual(data.user);

      const user = await t.dbh.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", data.user.id)
        .executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const tokens = await t.dbh.db
        .selectFrom("access_tokens")
        .selectAll()
        .where("user_id", "=", data.user.id)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.token_hash).toBe(createHash("sha256").update(data.access.token).digest("hex"));
      expect(JSON.stringify(tokens)).not.toContain(data.access.token);
    });

    it("remembers the language one registers in, for the mails that come later", async () => {
      const body = newRegistration();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/registration",
        payload: body,
        headers: { "accept-language": "fr" },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.dbh.db
        .selectFrom("users")
        .select("locale")
        .where("email", "=", body.email)
        .executeTakeFirst();
      expect(row?.locale).toBe("fr");
    });

    it("refuses a taken email (in any case) and a taken phone, writing nothing", async () => {
      const { body } = await register();
      const users = await countUsers();
      const dupEmail = await api.post("/api/registration", newRegistration({ email: body.email.toUpperCase() }));
      expect(dupEmail.statusCode).toBe(422);
      expect(dupEmail.json()).toEqual({
        message: "The email has already been taken.",
        code: "validation_failed",
        errors: { email: ["The email has already been taken."] },
      });
      const dupPhone = await api.post("/api/registration", newRegistration({ phone: body.phone }));
      expect(dupPhone.statusCode).toBe(422);
      expect(dupPhone.json().errors).toEqual({ phone: ["The phone has already been taken."] });
      const both = await api.post("/api/registration", newRegistration({ phone: body.phone, email: body.email }));
      expect(Object.keys(both.json().errors).sort()).toEqual(["email", "phone"]);
      expect(await countUsers()).toBe(users);
    });

    it.each([
      ["name", { name: undefined }, "The name field is required."],
      ["name", { name: "   " }, "The name field is required."],
      ["name", { name: "x".repeat(101) }, "The name field must not be greater than 100 characters."],
      ["phone", { phone: undefined }, "The phone field is required."],
      ["phone", { phone: "555-0101" }, "The phone field must contain only digits."],
      ["phone", { phone: "12345678" }, "The phone field must be between 9 and 16 digits."],
      ["phone", { phone: "12345678901234567" }, "The phone field must be between 9 and 16 digits."],
      ["email", { email: undefined }, "The email field is required."],
      ["email", { email: "not-an-email" }, "The email field must be a valid email address."],
      ["email", { email: 42 }, "The email field must be a string."],
      ["password", { password: undefined }, "The password field is required."],
      ["password", { password: "seven77" }, "The password field must be at least 8 characters."],
      ["password", { password: "p".repeat(65) }, "The password field must not be greater than 64 characters."],
      ["country", { country: undefined }, "The country field is required."],
      ["phone_code", { phone_code: "one" }, "The phone code field must be a dialling code like +1."],
    ])("answers 422 for a bad %s: %j", async (field, change, message) => {
      const users = await countUsers();
      const res = await api.post("/api/registration", newRegistration(change));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      expect(res.json().message).toBe(message);
      expect(await countUsers()).toBe(users);
    });

    it("accepts a 64-character password and refuses unknown fields", async () => {
      await register({ password: "p".repeat(64) });
      const extra = await api.post("/api/registration", { ...newRegistration(), role: "admin" });
      expect(extra.statusCode).toBe(422);
    });
  });

  describe("login", () => {
    it("signs in by email (any case) and by phone", async () => {
      const byEmail = await login("SHOPPER@example.com", "password");
      expect(byEmail.statusCode).toBe(200);
      const data = envelope(loginData).parse(byEmail.json()).data;
      expect(data.user).toMatchObject({ email: "shopper@example.com", is_guest: false, is_verified: true });
      const byPhone = await login(data.user.phone as string, "password");
      expect(byPhone.statusCode).toBe(200);
      expect(byPhone.json().data.user.id).toBe(data.user.id);
      expect(byPhone.json().data.access.token).not.toBe(data.access.token);
    });

    it("finds a phone account however its number is typed: with its code, 00, a trunk zero, spaces", async () => {
      const local = newRegistration().phone.slice(3); // seven digits no other test holds
      const { body, data } = await register({ phone: `050${local}`, phone_code: "+966", country: "Saudi Arabia" });
      // Kept as dialled from abroad: Saudi Arabia's trunk 0 goes.
      expect(data.user).toMatchObject({ phone: `50${local}`, phone_code: "+966" });
      const [a, b] = [local.slice(0, 3), local.slice(3)];
      for (const typed of [
        `+966 50 ${a} ${b}`,
        `+966050${local}`,
        `00966 50${local}`,
        `050${local}`,
        `50${local}`,
        `(050) ${a}-${b}`,
        // Typed on an Arabic or Persian keyboard.
        `+966 50 ${a} ${b}`.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))),
        `050${local}`.replace(/\d/g, (d) => String.fromCharCode(0x6f0 + Number(d))),
      ]) {
        const res = await login(typed, body.password);
        expect(res.statusCode, typed).toBe(200);
        expect(res.json().data.user.id, typed).toBe(data.user.id);
      }
      // Another country's number with the same digits is not this account.
      const abroad = await login(`+44 50${local}`, body.password);
      expect(abroad.statusCode).toBe(422);
      expect(abroad.json().errors).toEqual({ phone: [BAD_CREDENTIALS] });

      // The number with or without its trunk 0 is one number.
      const again = await api.post("/api/registration", newRegistration({ phone: `50${local}`, phone_code: "+966" }), {
        ip: nextIp(),
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ phone: ["The phone has already been taken."] });
      // Saving the profile with the trunk 0 keeps the same number, not "taken" by itself.
      const saved = await api.post(
        "/api/profile",
        { name: body.name, email: body.email, phone: `050${local}` },
        { token: data.access.token },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.user).toMatchObject({ phone: `50${local}`, phone_code: "+966" });

      // Italy keeps its leading 0 when dialled from abroad.
      const rome = await register({ phone: `06${local}`, phone_code: "+39", country: "Italy" });
      expect(rome.data.user.phone).toBe(`06${local}`);
      const byCode = await login(`+39 06 ${local}`, rome.body.password);
      expect(byCode.statusCode).toBe(200);
      expect(byCode.json().data.user.id).toBe(rome.data.user.id);
    });

    it("answers a wrong password and an unknown account identically", async () => {
      const wrong = await login("shopper@example.com", "not-the-password");
      const unknown = await login("nobody@example.com", "not-the-password");
      const badPhone = await login("5550000000", "password");
      for (const res of [wrong, unknown, badPhone]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: BAD_CREDENTIALS,
          code: "validation_failed",
          errors: { phone: [BAD_CREDENTIALS] },
        });
      }
    });

    it("validates the login body", async () => {
      const res = await api.post("/api/login", { phone: "", password: "x".repeat(65) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        phone: ["The phone field is required."],
        password: ["The password field must not be greater than 64 characters."],
      });
    });

    it("locks an account after 5 failures, for 60 s and then doubling", async () => {
      const { body } = await register();
      const start = Date.now();
      clock.set(() => start);
      for (let i = 0; i < 5; i++) expect((await login(body.email, "wrong password")).statusCode).toBe(422);
      // Locked even with the right password, and from another address.
      const locked = await login(body.email, body.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe("Too many login attempts. Please try again in 60 seconds.");
      expect(locked.headers["retry-after"]).toBe("60");
      clock.set(() => start + 30_000);
      expect((await login(body.email, body.password)).json().message).toBe(
        "Too many login attempts. Please try again in 30 seconds.",
      );
      clock.set(() => start + 61_000);
      expect((await login(body.email, "wrong again")).statusCode).toBe(422);
      expect((await login(body.email, body.password)).json().message).toBe(
        "Too many login attempts. Please try again in 2 minutes.",
      );
      clock.set(() => start + 61_000 + 121_000);
      expect((await login(body.email, body.password)).statusCode).toBe(200);
      // Success clears the account's failures.
      expect((await login(body.email, "wrong once more")).statusCode).toBe(422);
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });

    it("locks an unknown account the same way (no hint that it does not exist)", async () => {
      for (let i = 0; i < 5; i++) await login("ghost@example.com", "whatever1");
      const res = await login("ghost@example.com", "whatever1");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe("Too many login attempts. Please try again in 60 seconds.");
    });

    it(`locks an address after ${LOGIN_FAILURES_PER_IP} failures across accounts, sent at once`, async () => {
      const ip = nextIp();
      const spray = await Promise.all(
        Array.from({ length: LOGIN_FAILURES_PER_IP + 10 }, (_, i) => login(`spray${i}@example.com`, "guess-123", ip)),
      );
      expect(spray.filter((r) => r.statusCode === 422)).toHaveLength(LOGIN_FAILURES_PER_IP);
      expect(spray.filter((r) => r.statusCode === 429)).toHaveLength(10);
      const res = await login("shopper@example.com", "password", ip);
      expect(res.statusCode).toBe(429);
      expect((await login("shopper@example.com", "password", nextIp())).statusCode).toBe(200);
    });
  });

  describe("tokens", () => {
    it("answers 401 without a token, with a malformed or an unknown one", async () => {
      for (const headers of [
        {},
        { authorization: "Bearer" },
        { authorization: "Basic abc" },
        { authorization: `Bearer ${"A".repeat(43)}` },
      ]) {
        const res = await t.app.inject({ method: "GET", url: "/api/user", headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated.", code: "unauthenticated" });
      }
    });

    it("logout revokes only the token used", async () => {
      const a = await tokenOf("shopper@example.com", "password");
      const b = await tokenOf("shopper@example.com", "password");
      const out = await api.get("/api/logout", { token: a });
      expect(out.statusCode).toBe(200);
      expect(out.json().message).toBe("Logout successfully");
      expect((await api.get("/api/user", { token: a })).statusCode).toBe(401);
      expect((await api.get("/api/logout", { token: a })).statusCode).toBe(401);
      expect((await api.get("/api/user", { token: b })).statusCode).toBe(200);
      const row = await t.dbh.db
        .selectFrom("access_tokens")
        .select("revoked_at")
        .where("token_hash", "=", createHash("sha256").update(a).digest("hex"))
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
    });

    it("expires 30 days after issue", async () => {
      const start = Date.now();
      clock.set(() => start);
      const token = await tokenOf("shopper@example.com", "password");
      clock.set(() => start + 30 * DAY - 60_000);
      expect((await api.get("/api/user", { token })).statusCode).toBe(200);
      clock.set(() => start + 30 * DAY + 1000);
      expect((await api.get("/api/user", { token })).statusCode).toBe(401);
    });
  });

  describe("change password", () => {
    it("requires the current password, then ends the other sessions only", async () => {
      const { body } = await register();
      const mine = await tokenOf(body.email, body.password);
      const other = await tokenOf(body.phone, body.password);

      const wrong = await api.post(
        "/api/change-password",
        { current_password: "not it at all", password: "brand new pass", password_confirmation: "brand new pass" },
        { token: mine },
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: ["The current password is incorrect."] });

      const mismatch = await api.post(
        "/api/change-password",
        { current_password: body.password, password: "brand new pass", password_confirmation: "brand new pas" },
        { token: mine },
      );
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({ password_confirmation: ["Confirm Password does not match."] });
      expect((await api.get("/api/user", { token: other })).statusCode).toBe(200);

      const anonymous = await api.post("/api/change-password", {
        current_password: body.password,
        password: "brand new pass",
        password_confirmation: "brand new pass",
      });
      expect(anonymous.statusCode).toBe(401);

      const ok = await api.post(
        "/api/change-password",
        { current_password: body.password, password: "brand new pass", password_confirmation: "brand new pass" },
        { token: mine },
      );
      expect(ok.statusCode).toBe(200);
      expect((await api.get("/api/user", { token: mine })).statusCode).toBe(200);
      expect((await api.get("/api/user", { token: other })).statusCode).toBe(401);
      expect((await login(body.email, body.password)).statusCode).toBe(422);
      expect((await login(body.email, "brand new pass")).statusCode).toBe(200);
    });
  });

  describe("guest login", () => {
    it("creates a guest once and resumes the same account with the stored credentials", async () => {
      const created = await api.post("/api/guest_login", {}, { ip: nextIp() });
      expect(created.statusCode).toBe(200);
      const guest = envelope(guestLoginData).parse(created.json()).data;
      expect(guest.user).toMatchObject({ name: "Guest", is_guest: true, email: guest.email });
      expect(guest.email).toMatch(/^guest_[0-9a-f]+@guest\.local$/);
      expect(guest.email).toContain(guest.temp_id);
      expect(guest.password?.length).toBeGreaterThanOrEqual(12);

      const again = await api.post(
        "/api/guest_login",
        { phone: guest.email, password: guest.password },
        { ip: nextIp() },
      );
      expect(again.statusCode).toBe(200);
      const resumed = envelope(guestLoginData).parse(again.json()).data;
      expect(resumed.user.id).toBe(guest.user.id);
      expect(resumed.temp_id).toBe(guest.temp_id);
      expect(resumed.password).toBeUndefined();
      expect((await api.get("/api/user", { token: resumed.access.token })).json().data.user.id).toBe(guest.user.id);

      // The normal login works with the guest's credentials too (the spec's stored-credential path).
      expect((await login(guest.email, guest.password as string)).json().data.user.id).toBe(guest.user.id);

      const wrong = await api.post("/api/guest_login", { phone: guest.email, password: "wrong-password" });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe(BAD_CREDENTIALS);
      // A regular account cannot be entered through the guest door.
      const regular = await api.post("/api/guest_login", { phone: "shopper@example.com", password: "password" });
      expect(regular.statusCode).toBe(422);

      const second = await api.post("/api/guest_login", { phone: null, password: null }, { ip: nextIp() });
      expect(second.json().data.user.id).not.toBe(guest.user.id);
    });

    it("limits guest creation per address", async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) expect((await api.post("/api/guest_login", {}, { ip })).statusCode).toBe(200);
      const res = await api.post("/api/guest_login", {}, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(
        "Too many guest accounts were created from your network. Please try again in 60 minutes.",
      );
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(3500);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(3600);
    });
  });

  describe("profile and dashboard", () => {
    const upload = (
      token: string,
      fields: Record<string, string>,
      file?: { filename: string; type: string; bytes: Buffer },
    ) => {
      const { payload, contentType } = multipartBody(fields, file);
      return t.app.inject({
        method: "POST",
        url: "/api/profile",
        payload,
        headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      });
    };

    it("reads and updates the profile as JSON", async () => {
      const { body, data } = await register();
      const token = data.access.token;
      const got = await api.get("/api/profile", { token });
      expect(got.json().data.user).toEqual(data.user);
      const res = await api.post(
        "/api/profile",
        {
          name: "  Renamed Shopper ",
          email: "Renamed@Example.org",
          phone: body.phone,
          phone_code: "+44",
          country: "United Kingdom",
          current_password: body.password,
        },
        { token },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({
        name: "Renamed Shopper",
        email: "renamed@example.org",
        phone_code: "+44",
        country: "United Kingdom",
      });
      expect((await api.get("/api/user", { token })).json().data.user.name).toBe("Renamed Shopper");

      const taken = await api.post(
        "/api/profile",
        { name: "X", email: "shopper@example.com", phone: body.phone, current_password: body.password },
        { token },
      );
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: ["The email has already been taken."] });
      // The site asks for a phone (phone_required): one kept on the account cannot be cleared.
      const cleared = await api.post("/api/profile", { name: "X", email: "renamed@example.org", phone: "" }, { token });
      expect(cleared.statusCode).toBe(422);
      expect(cleared.json().errors).toEqual({ phone: ["The phone field is required."] });
      expect((await api.get("/api/profile", { token })).json().data.user).toMatchObject({
        name: "Renamed Shopper",
        phone: body.phone,
      });
      const invalid = await api.post("/api/profile", { name: "", email: "bad" }, { token });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors).sort()).toEqual(["email", "name"]);
      expect((await api.post("/api/profile", { name: "A", email: "a@b.co" })).statusCode).toBe(401);
    });

    it("accepts a real PNG photo and serves it from /uploads", async () => {
      const { body, data } = await register();
      const res = await upload(
        data.access.token,
        { name: body.name, email: body.email, phone: body.phone },
        {
          filename: "me.png",
          type: "image/png",
          bytes: PNG,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const photo = res.json().data.user.profile_photo as string;
      expect(photo).toMatch(/^\/uploads\/profile\/[0-9a-f-]{36}\.png$/);
      const served = await t.app.inject({ method: "GET", url: photo });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.rawPayload.equals(PNG)).toBe(true);

      // A later form without a file keeps the photo.
      const keep = await upload(data.access.token, { name: "Still Me", email: body.email, phone: body.phone });
      expect(keep.json().data.user).toMatchObject({ name: "Still Me", profile_photo: photo, phone: body.phone });
    });

    it("judges the photo by content and size, not by name", async () => {
      const { body, data } = await register();
      const fields = { name: body.name, email: body.email, phone: body.phone };
      const text = await upload(data.access.token, fields, {
        filename: "photo.png",
        type: "image/png",
        bytes: Buffer.from("this is only text pretending to be an image"),
      });
      expect(text.statusCode).toBe(422);
      expect(text.json().errors).toEqual({
        profile_photo: ["The profile photo must be a file of type: jpg, png, webp."],
      });

      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
      const tooBig = await upload(data.access.token, fields, { filename: "big.png", type: "image/png", bytes: big });
      expect(tooBig.statusCode).toBe(422);
      expect(tooBig.json().errors).toEqual({
        profile_photo: ["The profile photo must not be greater than 2048 kilobytes."],
      });

      // Just under the limit is fine (more than the 1 MB JSON body limit).
      const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
      const ok = await upload(data.access.token, fields, { filename: "large.png", type: "image/png", bytes: large });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await api.get("/api/user", { token: data.access.token })).json().data.user.profile_photo).toMatch(
        /\.png$/,
      );
    });

    it("shows the dashboard counts to a signed-in user only", async () => {
      const token = await tokenOf("shopper@example.com", "password");
      const res = await api.get("/api/dashboard", { token });
      expect(res.statusCode).toBe(200);
      // The demo shopper's seeded history: two delivered orders and a pending one.
      const data = envelope(dashboardData).parse(res.json()).data;
      expect(data).toMatchObject({ total_orders: 3, pending: 1, delivered: 2, cancelled: 0 });
      expect(data.recent_orders).toHaveLength(3);
      expect((await api.get("/api/dashboard")).statusCode).toBe(401);
    });
  });
});
