import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { otpHash } from "../src/modules/auth/tokens.ts";
import { client, codeIn, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

describe("configuration", () => {
  it("has working defaults for a fresh machine and keeps a local secret in the data dir", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "market-config-"));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.PORT).toBe(3000);
    expect(c.APP_ENV).toBe("local");
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(c.appSecret);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x@y/z" }, /^Invalid configuration: DATABASE_URL /],
    [{ REDIS_URL: "not a url" }, /^Invalid configuration: REDIS_URL /],
    [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL /],
    [{ APP_ENV: "staging" }, /^Invalid configuration: APP_ENV /],
    [{ APP_ENV: "production" }, /^Invalid configuration: APP_SECRET is required/],
    [{ APP_SECRET: "short" }, /^Invalid configuration: APP_SECRET /],
  ])("stops on a bad value with one line naming the variable: %o", (env, message) => {
    const withDir = { DATA_DIR: os.tmpdir(), ...env };
    expect(() => loadConfig(withDir)).toThrow(ConfigError);
    expect(() => loadConfig(withDir)).toThrow(message);
  });
});

describe.each(dbKinds)("API envelope on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  it("answers an unknown /api path with 404 JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not Found", code: "not_found" });
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact-us",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("refuses a body over the size limit with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact-us",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ message: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("local mode on a network address", () => {
  const kind = dbKinds[0] ?? "sqlite";
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "market-local-"));
    dirs.push(dir);
    return dir;
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { env: { APP_ENV: "local", LOG_LEVEL: "silent", DATA_DIR: dataDir() } });
  });
  afterAll(async () => {
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves /dev/outbox to loopback clients only, judged by the socket", async () => {
    const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: "/dev/outbox?format=json", remoteAddress, headers });
    for (const address of ["127.0.0.1", "127.8.0.3", "::1", "::ffff:127.0.0.1"]) {
      expect((await outbox(address)).statusCode, address).toBe(200);
    }
    for (const address of ["203.0.113.9", "::ffff:203.0.113.9", "10.0.0.127", "2001:db8::1"]) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ message: "Not Found" });
    }

    const behindProxy = await openTestApp(kind, {
      seed: false,
      env: { APP_ENV: "local", LOG_LEVEL: "silent", DATA_DIR: dataDir(), TRUST_PROXY: "true" },
    });
    try {
      const forged = await behindProxy.app.inject({
        method: "GET",
        url: "/dev/outbox",
        remoteAddress: "203.0.113.9",
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(forged.statusCode).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });

  it("keys one-time codes with the secret generated for the data dir", async () => {
    const api = client(() => t.app);
    const body = newRegistration();
    expect((await api.post("/api/registration", body, { ip: nextIp() })).statusCode).toBe(200);
    const sent = await api.post(
      "/api/send-otp",
      { phone: body.email, phone_code: "+1", forgot_password: 1 },
      { ip: nextIp() },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.dbh.db
      .selectFrom("outbox")
      .select("body")
      .where("recipient", "=", body.email)
      .executeTakeFirstOrThrow();
    const identity = `email:${body.email}`;
    const stored = await t.dbh.db
      .selectFrom("otp_codes")
      .select("code_hash")
      .where("identity", "=", identity)
      .executeTakeFirstOrThrow();

    const code = codeIn(mail.body);
    const other = loadConfig({ APP_ENV: "local", DATA_DIR: dataDir() });
    expect(other.appSecret).not.toBe(t.app.config.appSecret);
    expect(stored.code_hash).toBe(otpHash(t.app.config.appSecret, identity, code));
    // Another data dir, another key: the same code under it would not match.
    expect(stored.code_hash).not.toBe(otpHash(other.appSecret, identity, code));
  });
});
