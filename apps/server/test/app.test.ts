import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
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
    expect(res.json()).toEqual({ message: "Not Found" });
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
