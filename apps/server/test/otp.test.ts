import type { AddressInfo } from "node:net";
import { envelope, sendOtpData, verifyOtpData } from "@market/contract";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import {
  OTP_SENDS_PER_DAY,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_WRONG_CODES_PER_IP_PER_DAY,
} from "../src/modules/auth/auth.service.ts";
import { client, codeIn, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, shippedMail, type TestApp } from "./harness.ts";

const MINUTE = 60_000;
describe.each(dbKinds)("one-time codes and password reset on %s", (kind) => {
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
    return { body, token: res.json().data.access.token as string, id: res.json().data.user.id as number };
  };
  const sendOtp = (phone: string, forgot: boolean, ip = nextIp()) =>
    api.post("/api/send-otp", { phone, phone_code: "+1", forgot_password: forgot ? 1 : null }, { ip });
  const verify = (phone: string, otp: string, ip?: string) => api.post("/api/verify-otp", { phone, otp }, { ip });
  const outboxFor = (recipient: string) =>
    t.dbh.db.selectFrom("outbox").selectAll().where("recipient", "=", recipient).orderBy("id", "desc").execute();
  const latestCode = async (recipient: string) => {
    const [mail] = await outboxFor(recipient);
    if (!mail) throw new Error(`no message to ${recipient}`);
    return codeIn(mail.body);
  };
  /** Runs `fn` with forgot_otp_type set to phone, as an operator would set it. */
  const forgotByText = async (fn: () => Promise<void>) => {
    const set = (value: string) =>
      t.dbh.db
        .updateTable("settings")
        .set({ value: JSON.stringify(value) })
        .where("key", "=", "forgot_otp_type")
        .execute();
    await set("phone");
    try {
      await fn();
    } finally {
      await set("email");
    }
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

  it("resets a forgotten password: send, read the mail, verify, reset, sign in", async () => {
    const { body, token } = await register();
    const sent = await sendOtp(body.email, true);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(envelope(sendOtpData).parse(sent.json()).data).toEqual({ email_or_phone: body.email, channel: "email" });

    const [mail] = await outboxFor(body.email);
    expect(mail).toMatchObject({ channel: "email", subject: expect.stringContaining("password reset code") });
    const code = codeIn(mail?.body ?? "");
    const stored = await t.dbh.db
      .selectFrom("otp_codes")
      .selectAll()
      .where("identity", "=", `email:${body.email}`)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);

    const verified = await verify(body.email, code);
    expect(verified.statusCode, verified.body).toBe(200);
    const resetToken = envelope(verifyOtpData).parse(verified.json()).data.token as string;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mismatch = await api.post("/api/reset-password", {
      password: "a fresh password",
      password_confirmation: "a fresh passw0rd",
      token: resetToken,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["Confirm Password does not match."] });

    const reset = await api.post("/api/reset-password", {
      password: "a fresh password",
      password_confirmation: "a fresh password",
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe("Your password has been reset.");
    // Every session of the account ends; the old password is dead, the new one works.
    expect((await api.get("/api/user", { token })).statusCode).toBe(401);
    expect(
      (await api.post("/api/login", { phone: body.email, password: body.password }, { ip: nextIp() })).statusCode,
    ).toBe(422);
    expect(
      (await api.post("/api/login", { phone: body.email, password: "a fresh password" }, { ip: nextIp() })).statusCode,
    ).toBe(200);

    const again = await api.post("/api/reset-password", {
      password: "another password",
      password_confirmation: "another password",
      token: resetToken,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ["This password reset token is invalid or has expired."] });
  });

  it("refuses a reset token after 15 minutes", async () => {
    const { body } = await register();
    const start = Date.now();
    clock.set(() => start);
    await sendOtp(body.email, true);
    const resetToken = (await verify(body.email, await latestCode(body.email))).json().data.token;
    clock.set(() => start + 16 * MINUTE);
    const res = await api.post("/api/reset-password", {
      password: "new password!",
      password_confirmation: "new password!",
      token: resetToken,
    });
    expect(res.statusCode).toBe(422);
  });

  it("verifies a registration code and marks the account verified", async () => {
    const { body, token } = await register();
    expect((await api.get("/api/user", { token })).json().data.user.is_verified).toBe(false);
    const sent = await sendOtp(body.phone, false);
    expect(sent.statusCode, sent.body).toBe(200);
    // register_otp_type is email in the seed: the code goes to the account's email even when asked by phone.
    expect(sent.json().data).toEqual({ email_or_phone: body.phone, channel: "email" });
    const [mail] = await outboxFor(body.email);
    expect(mail?.subject).toContain("verification code");
    const res = await verify(body.phone, codeIn(mail?.body ?? ""));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Your account is verified.", data: { token: null } });
    expect((await api.get("/api/user", { token })).json().data.user.is_verified).toBe(true);
  });

  it("refuses a wrong code and kills the code after 5 tries", async () => {
    const { body } = await register();
    await sendOtp(body.email, true);
    const code = await latestCode(body.email);
    for (let i = 0; i < 5; i++) {
      const res = await verify(body.email, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: "The code is incorrect.",
        code: "validation_failed",
        errors: { otp: ["The code is incorrect."] },
      });
    }
    const sixth = await verify(body.email, code);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().errors).toEqual({ otp: ["Too many wrong codes. Please request a new one."] });
  });

  it("refuses an expired code and a reused one", async () => {
    const { body } = await register();
    const start = Date.now();
    clock.set(() => start);
    await sendOtp(body.email, true);
    const code = await latestCode(body.email);
    clock.set(() => start + 11 * MINUTE);
    const expired = await verify(body.email, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ otp: ["The code has expired. Please request a new one."] });

    await sendOtp(body.email, true);
    const fresh = await latestCode(body.email);
    expect((await verify(body.email, fresh)).statusCode).toBe(200);
    const reused = await verify(body.email, fresh);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ otp: ["The code is invalid. Please request a new one."] });
  });

  it("lets only the newest code work", async () => {
    const { body } = await register();
    const start = Date.now();
    clock.set(() => start);
    await sendOtp(body.email, true);
    const first = await latestCode(body.email);
    clock.set(() => start + MINUTE + 1000);
    await sendOtp(body.email, true);
    const second = await latestCode(body.email);
    if (first !== second) expect((await verify(body.email, first)).statusCode).toBe(422);
    expect((await verify(body.email, second)).statusCode).toBe(200);
  });

  it("refuses a resend within 60 s and a sixth send in an hour", async () => {
    const { body } = await register();
    const start = Date.now();
    clock.set(() => start);
    expect((await sendOtp(body.email, true)).statusCode).toBe(200);
    clock.set(() => start + 30_000);
    const early = await sendOtp(body.email, true);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe("A code was sent less than a minute ago. Please try again in 30 seconds.");
    // The code sent still works: the client waits for it and counts down to the resend.
    expect(early.json().code).toBe("code_recently_sent");
    expect(early.headers["retry-after"]).toBe("30");
    for (let i = 1; i < 5; i++) {
      clock.set(() => start + i * 61_000);
      expect((await sendOtp(body.email, true)).statusCode).toBe(200);
    }
    clock.set(() => start + 5 * 61_000);
    const sixth = await sendOtp(body.email, true);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe("Too many codes were requested. Please try again in 55 minutes.");
    expect(sixth.json().code).toBe("too_many_requests");
    // The hour runs from the first send: 3600 s less the 5 × 61 s gone.
    expect(sixth.headers["retry-after"]).toBe(String(3600 - 5 * 61));
    expect(await outboxFor(body.email)).toHaveLength(5);
    clock.set(() => start + 61 * MINUTE);
    expect((await sendOtp(body.email, true)).statusCode).toBe(200);
  });

  it(`sends an address at most ${OTP_SENDS_PER_DAY} codes a day, however they are spread`, async () => {
    const { body } = await register();
    const start = Date.now();
    // Five an hour at most: one every 13 minutes stays under the hour's limit.
    for (let i = 0; i < OTP_SENDS_PER_DAY; i++) {
      clock.set(() => start + i * 13 * MINUTE);
      expect((await sendOtp(body.email, true)).statusCode).toBe(200);
    }
    clock.set(() => start + OTP_SENDS_PER_DAY * 13 * MINUTE);
    const next = await sendOtp(body.email, true);
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe("Too many codes were requested. Please try again in 22 hours.");
    expect(await outboxFor(body.email)).toHaveLength(OTP_SENDS_PER_DAY);
    clock.set(() => start + 24 * 60 * MINUTE + 1000);
    expect((await sendOtp(body.email, true)).statusCode).toBe(200);
  });

  it(`stops guesses from one IP after ${OTP_WRONG_CODES_PER_IP_PER_DAY} wrong codes a day, across accounts, even in parallel`, async () => {
    const ip = nextIp();
    // One account for a right code, enough to guess past the cap five times each, and one untouched.
    const guessers = Math.ceil(OTP_WRONG_CODES_PER_IP_PER_DAY / 5) + 1;
    const accounts = await Promise.all(Array.from({ length: guessers + 2 }, () => register()));
    const codes: string[] = [];
    for (const a of accounts) {
      expect((await sendOtp(a.body.email, true)).statusCode).toBe(200);
      codes.push(await latestCode(a.body.email));
    }
    // A right code does not count against the IP.
    expect((await verify(accounts[0]?.body.email ?? "", codes[0] ?? "", ip)).statusCode).toBe(200);
    // Every guess at once: the cap is counted in one locked step, so exactly the cap's worth are checked.
    const statuses = await Promise.all(
      accounts
        .slice(1, -1)
        .flatMap((a, i) => Array.from({ length: 5 }, () => verify(a.body.email, wrongCode(codes[i + 1] ?? ""), ip)))
        .map(async (res) => (await res).statusCode),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(OTP_WRONG_CODES_PER_IP_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guessers * 5 - OTP_WRONG_CODES_PER_IP_PER_DAY);
    const last = accounts.at(-1);
    const refused = await verify(last?.body.email ?? "", codes.at(-1) ?? "", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Too many wrong codes were entered from your network. Please try again in 24 hours.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    // The same code from another network still works.
    expect((await verify(last?.body.email ?? "", codes.at(-1) ?? "", nextIp())).statusCode).toBe(200);
  });

  it(`limits sends per IP to ${OTP_SENDS_PER_IP_PER_HOUR} an hour across identities`, async () => {
    const ip = nextIp();
    for (let i = 0; i < OTP_SENDS_PER_IP_PER_HOUR; i++) {
      expect((await sendOtp(`from.one.ip.${i}@example.com`, true, ip)).statusCode).toBe(200);
    }
    const { body } = await register();
    const res = await sendOtp(body.email, true, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many codes were requested\. Please try again in \d+ minutes\.$/);
    expect(await outboxFor(body.email)).toHaveLength(0);
  });

  it("answers an unknown account like a known one and sends nothing", async () => {
    const res = await sendOtp("nobody.here@example.com", true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email_or_phone: "nobody.here@example.com", channel: "email" });
    expect(await outboxFor("nobody.here@example.com")).toHaveLength(0);
    expect((await verify("nobody.here@example.com", "0000")).statusCode).toBe(422);
  });

  it("sends an account's first code at once after a send to its address from before it existed", async () => {
    const person = newRegistration();
    const start = Date.now();
    clock.set(() => start);
    expect((await sendOtp(person.email, false)).statusCode).toBe(200);
    // Still unknown: it waits the minute, as a known address would.
    clock.set(() => start + 10_000);
    const unknown = await sendOtp(person.email, false);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().code).toBe("code_recently_sent");
    expect(await outboxFor(person.email)).toHaveLength(0);
    expect((await api.post("/api/registration", person, { ip: nextIp() })).statusCode).toBe(200);
    // Registered: nothing went out before, so nothing holds its first code back.
    clock.set(() => start + 20_000);
    expect((await sendOtp(person.email, false)).statusCode).toBe(200);
    expect((await verify(person.email, await latestCode(person.email))).statusCode).toBe(200);
    // That code went out: the next send waits its minute.
    clock.set(() => start + 30_000);
    expect((await sendOtp(person.email, false)).json().code).toBe("code_recently_sent");
  });

  it("writes the code in the language of the page that asked for it", async () => {
    const { body } = await register();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/send-otp",
      payload: { phone: body.email, phone_code: "+1", forgot_password: null },
      headers: { "accept-language": "ar" },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await outboxFor(body.email);
    const app = (
      await t.dbh.db.selectFrom("settings").select("value").where("key", "=", "app_name").executeTakeFirstOrThrow()
    ).value;
    expect(mail?.subject).toBe(shippedMail("ar", "code_verify_subject", { app: JSON.parse(app) }));
    const code = codeIn(mail?.body ?? "");
    expect(mail?.body).toBe(shippedMail("ar", "code_verify_text", { app: JSON.parse(app), code }));
    expect((await verify(body.email, code)).statusCode).toBe(200);
  });

  it("sends the code to the number a shopper types with its code, without the trunk zero", async () => {
    const local = newRegistration().phone.slice(3);
    const body = newRegistration({ phone: `050${local}`, phone_code: "+966", country: "Saudi Arabia" });
    expect((await api.post("/api/registration", body, { ip: nextIp() })).statusCode).toBe(200);
    await forgotByText(async () => {
      const typed = `+966 50 ${local}`;
      const res = await sendOtp(typed, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.channel).toBe("phone");
      const [sms] = await outboxFor(`+96650${local}`);
      expect(sms?.channel).toBe("sms");
      // Typed another way, the number is the same one: its resend wait applies.
      expect((await sendOtp(`050${local}`, true)).statusCode).toBe(429);
      expect((await verify(typed, codeIn(sms?.body ?? ""))).statusCode).toBe(200);
    });
  });

  it("sends by SMS (to the outbox) when forgot_otp_type is phone", async () => {
    const { body } = await register();
    await forgotByText(async () => {
      const res = await sendOtp(body.email, true);
      expect(res.json().data.channel).toBe("phone");
      const [sms] = await outboxFor(`+1${body.phone}`);
      expect(sms?.channel).toBe("sms");
      expect((await verify(body.email, codeIn(sms?.body ?? ""))).statusCode).toBe(200);
    });
  });

  it("validates the code calls", async () => {
    const bad = [
      ["/api/send-otp", { phone: "" }, "phone", "The phone field is required."],
      [
        "/api/send-otp",
        { phone: "not a contact" },
        "phone",
        "The phone field must be a valid email address or phone number.",
      ],
      [
        "/api/send-otp",
        { phone: "a@b.co", forgot_password: 2 },
        "forgot_password",
        "The forgot password field must be 1 or null.",
      ],
      ["/api/verify-otp", { phone: "a@b.co", otp: "12a4" }, "otp", "The otp field must be 4 digits."],
      ["/api/verify-otp", { phone: "a@b.co", otp: "12345" }, "otp", "The otp field must be 4 digits."],
      [
        "/api/reset-password",
        { password: "short", password_confirmation: "short", token: "x" },
        "password",
        "The password field must be at least 8 characters.",
      ],
      [
        "/api/reset-password",
        { password: "long enough", password_confirmation: "long enough" },
        "token",
        "The token field is required.",
      ],
    ] as const;
    for (const [url, payload, field, message] of bad) {
      const res = await api.post(url, payload, { ip: nextIp() });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it("shows the outbox, escaped, at /dev/outbox in test", async () => {
    await t.dbh.db
      .insertInto("outbox")
      .values({
        channel: "email",
        recipient: "x@example.com",
        subject: "<script>alert(1)</script>",
        body: "a & b",
        created_at: clock.iso(),
      })
      .execute();
    const res = await t.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.body).toContain("a &amp; b");
    expect(res.body).not.toContain("<script>");
  });
});

describe("environments and real SMTP", () => {
  const kind = dbKinds[0] ?? "sqlite";

  it("has /dev/outbox in local but not in production", async () => {
    const local = await openTestApp(kind, { seed: false, env: { APP_ENV: "local", LOG_LEVEL: "silent" } });
    try {
      expect((await local.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
    const prod = await openTestApp(kind, {
      seed: false,
      env: { APP_ENV: "production", APP_SECRET: "x".repeat(40), LOG_LEVEL: "silent" },
    });
    try {
      expect((await prod.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("mails the code through SMTP when SMTP_URL is set", async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const t = await openTestApp(kind, { seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const api = client(() => t.app);
      const body = newRegistration();
      expect((await api.post("/api/registration", body)).statusCode).toBe(200);
      const sent = await api.post("/api/send-otp", { phone: body.email, forgot_password: 1 });
      expect(sent.statusCode, sent.body).toBe(200);
      // Delivered by a background job, soon after the answer.
      await expect.poll(() => received.length).toBe(1);
      const mail = received[0];
      expect(mail?.to).toEqual([body.email]);
      expect(mail?.from).toBe("no-reply@marketplace.test");
      const code = codeIn(mail?.raw.split("\r\n\r\n").slice(1).join("\n") ?? "");
      // The outbox row says it was sent, and the mailed code is the live one.
      await expect
        .poll(async () => (await t.dbh.db.selectFrom("outbox").select("status").execute()).map((r) => r.status))
        .toEqual(["sent"]);
      const verified = await api.post("/api/verify-otp", { phone: body.email, otp: code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data.token).toBeTruthy();
    } finally {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
