import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { envelope, loginData, master } from "@market/contract";
import type { FastifyInstance } from "fastify";
import { decodeJwt, type JWTPayload, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { clock } from "../src/lib/clock.ts";
import { client, newRegistration, nextIp } from "./auth-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { authorizeByHttp, type IdentityStandIn, startIdentityStandIn } from "./stand-ins/identity-provider.ts";

const GOOGLE = { client_id: "google-client", client_secret: "google-secret" };
const APPLE = { client_id: "apple-client", client_secret: "apple-secret" };
const FACEBOOK = { id: "fb-app", secret: "fb-app-secret" };
const OTHER_FACEBOOK_APP = { id: "fb-other-app", secret: "fb-other-secret" };
const REDIRECT = "http://127.0.0.1:4240/api/auth/callback";
const HOUR = 3600_000;

const b64url = (b: Buffer) => b.toString("base64url");

describe.each(dbKinds)("social login on %s", (kind) => {
  let idp: IdentityStandIn;
  let t: TestApp;
  /** the same database, served by an app with only Facebook configured, pointing at nothing */
  let bare: FastifyInstance;
  /** the Google token URL goes through this relay, which can rewrite the ID token it passes on */
  let relay: http.Server;
  let rewrite: ((claims: JWTPayload) => Promise<string>) | null = null;
  const api = client(() => t.app);

  beforeAll(async () => {
    idp = await startIdentityStandIn({
      clients: [
        { ...GOOGLE, redirect_uris: [REDIRECT] },
        { ...APPLE, redirect_uris: [REDIRECT] },
      ],
      facebookApps: [FACEBOOK, OTHER_FACEBOOK_APP],
    });
    relay = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(idp.tokenUrl, {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"]) },
        body: Buffer.concat(chunks),
      });
      const json = (await upstream.json()) as { id_token?: string };
      if (rewrite && json.id_token) json.id_token = await rewrite(decodeJwt(json.id_token));
      res.writeHead(upstream.status, { "content-type": "application/json" }).end(JSON.stringify(json));
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/token`;
    t = await openTestApp(kind, {
      seed: false,
      env: {
        GOOGLE_CLIENT_ID: GOOGLE.client_id,
        GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
        GOOGLE_AUTH_URL: idp.authUrl,
        GOOGLE_TOKEN_URL: relayUrl,
        GOOGLE_JWKS_URL: idp.jwksUrl,
        GOOGLE_ISSUER: idp.url,
        FACEBOOK_APP_ID: FACEBOOK.id,
        FACEBOOK_APP_SECRET: FACEBOOK.secret,
        FACEBOOK_GRAPH_URL: idp.graphUrl,
        APPLE_CLIENT_ID: APPLE.client_id,
        APPLE_JWKS_URL: idp.jwksUrl,
        APPLE_ISSUER: idp.url,
        APP_URL: "https://shop.example.com",
      },
    });
    const bareConfig = loadConfig({
      APP_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "market-test-data"),
      FACEBOOK_APP_ID: FACEBOOK.id,
      FACEBOOK_APP_SECRET: FACEBOOK.secret,
      FACEBOOK_GRAPH_URL: "http://127.0.0.1:9/graph", // nothing listens on the discard port
    });
    bare = await buildApp({ config: bareConfig, dbh: t.dbh, serveWeb: false });
    await bare.ready();
  });
  afterAll(async () => {
    await bare?.close();
    await t?.close();
    await idp?.close();
    await new Promise((resolve) => relay?.close(resolve));
  });
  afterEach(() => {
    clock.reset();
    rewrite = null;
  });

  // ---- helpers ----

  const counts = async () => {
    const { db } = t.dbh;
    const users = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .execute();
    const ids = await db
      .selectFrom("social_accounts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .execute();
    return { users: Number(users[0]?.n), identities: Number(ids[0]?.n) };
  };

  const socialLogin = (provider: string, body: unknown, app = t.app) =>
    app.inject({ method: "POST", url: `/api/auth/${provider}/token`, payload: body as object });

  const loggedIn = async (provider: string, body: unknown) => {
    const res = await socialLogin(provider, body);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = envelope(loginData).parse(res.json());
    // The answer's token is a working session, like /login's.
    const me = await api.get("/api/user", { token: data.access.token });
    expect(me.json().data.user.id).toBe(data.user.id);
    return data;
  };

  /** Expects a refusal with `status` that creates no user and no identity. */
  const refused = async (provider: string, body: unknown, status: number, message: RegExp) => {
    const before = await counts();
    const res = await socialLogin(provider, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  };

  /** A Google sign-in through the stand-in's popup pages: the code and what our web app sends with it. */
  const googleCode = async (login: string, { nonce = b64url(randomBytes(16)) } = {}) => {
    const verifier = b64url(randomBytes(32));
    const state = b64url(randomBytes(16));
    const q = await authorizeByHttp(
      idp,
      {
        client_id: GOOGLE.client_id,
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid email profile",
        state,
        nonce,
        code_challenge: b64url(createHash("sha256").update(verifier).digest()),
        code_challenge_method: "S256",
      },
      login,
    );
    expect(q.get("state")).toBe(state);
    return { code: q.get("code") as string, data: { code_verifier: verifier, redirect_uri: REDIRECT, nonce } };
  };

  /** An ID token the stand-in issues to `clientId` through its code flow, as Apple's popup would. */
  const idTokenFor = async (clientId: string, secret: string, login: string, nonce: string) => {
    const verifier = b64url(randomBytes(32));
    const q = await authorizeByHttp(
      idp,
      {
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid email profile",
        nonce,
        code_challenge: b64url(createHash("sha256").update(verifier).digest()),
        code_challenge_method: "S256",
      },
      login,
    );
    const res = await fetch(idp.tokenUrl, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: q.get("code") as string,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
        client_secret: secret,
      }),
    });
    return ((await res.json()) as { id_token: string }).id_token;
  };
  const appleBody = async (login: string, { nonce = b64url(randomBytes(16)), name = null as string | null } = {}) => ({
    code: "apple-authorization-code",
    data: { id_token: await idTokenFor(APPLE.client_id, APPLE.client_secret, login, nonce), nonce, name },
  });

  /** The same claims under a key that is not the provider's (same key id, so only the signature tells). */
  const forgerKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const forge = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: idp.kid }).sign(forgerKey);

  const email = (tag: string) => `${tag}.${b64url(randomBytes(5)).toLowerCase()}@example.net`;

  // ---- settings and pages ----

  it("lists the configured providers as active in /master", async () => {
    const res = await api.get("/api/master");
    const auths = envelope(master).parse(res.json()).data.social_auths;
    expect(auths).toEqual({
      google: { is_active: true, client_id: GOOGLE.client_id, authorization_url: idp.authUrl },
      facebook: { is_active: true, client_id: FACEBOOK.id },
      apple: {
        is_active: true,
        client_id: APPLE.client_id,
        redirect_url: "https://shop.example.com/api/auth/callback",
      },
    });
    // Pages keep their sign-in popups' opener.
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("serves the popup's callback page without an opener policy", async () => {
    const page = await api.get("/api/auth/callback?code=abc&state=xyz");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(page.body).toContain('<script src="/api/auth/callback.js">');
    const script = await api.get("/api/auth/callback.js");
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.body).toContain("window.opener.postMessage(message, location.origin)");
  });

  // ---- provider names ----

  it("answers 404 for an unknown provider and 403 for one not configured, before reading the body", async () => {
    await refused("twitter", {}, 404, /Login provider not found/);
    for (const provider of ["google", "apple"]) {
      const res = await socialLogin(provider, {}, bare);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Login with (Google|Apple) is not available\.$/);
    }
  });

  it("answers 502 when the provider cannot be reached, and creates nothing", async () => {
    const before = await counts();
    const res = await socialLogin("facebook", { code: "EAAtoken", data: {} }, bare);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("Facebook could not be reached. Please try again later.");
    expect(await counts()).toEqual(before);
  });

  // ---- Google ----

  it("Google: the first sign-in creates a verified user, a later one signs the same user in", async () => {
    const who = email("google");
    const before = await counts();
    const first = await loggedIn("google", await googleCode(who));
    expect(first.user).toMatchObject({ email: who, name: who.split("@")[0], is_verified: true, role: "customer" });
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });

    const again = await loggedIn("google", await googleCode(who));
    expect(again.user.id).toBe(first.user.id);
    expect(again.access.token).not.toBe(first.access.token);
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
  });

  it("Google: links to the existing account of a verified email", async () => {
    const reg = newRegistration({ email: email("linked") });
    const registered = await api.post("/api/registration", reg, { ip: nextIp() });
    expect(registered.statusCode, registered.body).toBe(200);
    const data = await loggedIn("google", await googleCode(reg.email));
    expect(data.user.id).toBe(registered.json().data.user.id);
    expect(data.user.is_verified).toBe(true); // Google vouched for the address
    // The password still works: linking adds a way in, it takes none away.
    const login = await api.post("/api/login", { phone: reg.email, password: reg.password }, { ip: nextIp() });
    expect(login.json().data?.user.id).toBe(data.user.id);
  });

  it("Google: an unverified email does not link to the account that holds it", async () => {
    const reg = newRegistration({ email: email("unverified") });
    const registered = await api.post("/api/registration", reg, { ip: nextIp() });
    const login = "someone-else-with-that-address";
    idp.profiles.set(login, { email: reg.email, email_verified: false, name: "Mallory" });
    const data = await loggedIn("google", await googleCode(login));
    expect(data.user.id).not.toBe(registered.json().data.user.id);
    expect(data.user).toMatchObject({ name: "Mallory", email: null, is_verified: false });
  });

  it("Google: refuses a forged signature, another audience, an expired token and another nonce", async () => {
    rewrite = forge;
    await refused("google", await googleCode(email("forged")), 401, /^The Google sign-in could not be verified/);
    rewrite = (claims) => idp.signIdToken({ ...claims, aud: "someone-elses-client" });
    await refused("google", await googleCode(email("audience")), 401, /^The Google sign-in could not be verified/);
    rewrite = null;

    const late = await googleCode(email("expired"));
    clock.set(() => Date.now() + 2 * HOUR); // the stand-in's ID tokens live one hour
    await refused("google", late, 401, /^The Google sign-in could not be verified/);
    clock.reset();

    const replayed = await googleCode(email("nonce"));
    await refused("google", { ...replayed, data: { ...replayed.data, nonce: "another-sign-in" } }, 401, /verified/);
  });

  it("Google: refuses a used code and a wrong PKCE verifier", async () => {
    const good = await googleCode(email("once"));
    await loggedIn("google", good);
    await refused("google", good, 401, /^The Google sign-in could not be verified/);
    const other = await googleCode(email("verifier"));
    await refused(
      "google",
      { ...other, data: { ...other.data, code_verifier: b64url(randomBytes(32)) } },
      401,
      /verified/,
    );
  });

  it("Google: names the missing PKCE field", async () => {
    const { code, data } = await googleCode(email("fields"));
    const res = await socialLogin("google", { code, data: { redirect_uri: data.redirect_uri, nonce: data.nonce } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ "data.code_verifier": ["The data.code_verifier field is required."] });
    const empty = await socialLogin("google", { code: "", data: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(["The code field is required."]);
  });

  // ---- Facebook ----

  it("Facebook: a token the Graph API vouches for signs in, creating the user once", async () => {
    const user = { id: `fb-${b64url(randomBytes(6))}`, name: "Fatima Facebook", email: email("fb") };
    const before = await counts();
    const first = await loggedIn("facebook", {
      code: idp.facebookToken(FACEBOOK.id, user),
      data: { name: user.name, email: user.email },
    });
    expect(first.user).toMatchObject({ name: "Fatima Facebook", email: user.email, is_verified: true });
    const again = await loggedIn("facebook", { code: idp.facebookToken(FACEBOOK.id, user), data: {} });
    expect(again.user.id).toBe(first.user.id);
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
  });

  it("Facebook: links by verified email to an account made with Google", async () => {
    const address = email("both");
    const google = await loggedIn("google", await googleCode(address));
    const fb = await loggedIn("facebook", {
      code: idp.facebookToken(FACEBOOK.id, { id: `fb-${b64url(randomBytes(6))}`, name: "Both", email: address }),
      data: { email: address },
    });
    expect(fb.user.id).toBe(google.user.id);
  });

  it("Facebook: refuses unknown, expired and other apps' tokens, and a profile the Graph API does not confirm", async () => {
    const user = { id: `fb-${b64url(randomBytes(6))}`, name: "Faked", email: email("fbbad") };
    const verifyFailed = /^The Facebook sign-in could not be verified/;
    await refused("facebook", { code: `EAA${b64url(randomBytes(24))}`, data: {} }, 401, verifyFailed);
    await refused("facebook", { code: idp.facebookToken(FACEBOOK.id, user, -60), data: {} }, 401, verifyFailed);
    await refused("facebook", { code: idp.facebookToken(OTHER_FACEBOOK_APP.id, user), data: {} }, 401, verifyFailed);
    await refused(
      "facebook",
      { code: idp.facebookToken(FACEBOOK.id, user), data: { email: "victim@example.com" } },
      401,
      verifyFailed,
    );
  });

  // ---- Apple ----

  it("Apple: a verified identity token signs in; the first time creates the user with the name the client got", async () => {
    const who = email("apple");
    const before = await counts();
    const first = await loggedIn("apple", await appleBody(who, { name: "Adam Apple" }));
    expect(first.user).toMatchObject({ name: "Adam Apple", email: who, is_verified: true });
    const again = await loggedIn("apple", await appleBody(who)); // Apple sends the name only once
    expect(again.user).toMatchObject({ id: first.user.id, name: "Adam Apple" });
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
  });

  it("Apple: accepts email_verified written as a string", async () => {
    const who = email("applestr");
    const token = await idp.signIdToken({
      sub: `apple-${b64url(randomBytes(6))}`,
      aud: APPLE.client_id,
      email: who,
      email_verified: "true",
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const data = await loggedIn("apple", { code: "x", data: { id_token: token } });
    expect(data.user).toMatchObject({ email: who, is_verified: true });
  });

  it("Apple: refuses a forged signature, another audience, an expired token and another nonce", async () => {
    const failed = /^The Apple sign-in could not be verified/;
    const good = await appleBody(email("apple-bad"));
    const claims = decodeJwt(good.data.id_token);
    await refused("apple", { ...good, data: { ...good.data, id_token: await forge(claims) } }, 401, failed);

    const nonce = "n-1";
    const forGoogle = await idTokenFor(GOOGLE.client_id, GOOGLE.client_secret, email("apple-aud"), nonce);
    await refused("apple", { code: "x", data: { id_token: forGoogle, nonce } }, 401, failed);

    const late = await appleBody(email("apple-late"));
    clock.set(() => Date.now() + 2 * HOUR);
    await refused("apple", late, 401, failed);
    clock.reset();

    const other = await appleBody(email("apple-nonce"));
    await refused("apple", { ...other, data: { ...other.data, nonce: "not-this-sign-in" } }, 401, failed);
    await refused("apple", { code: "x", data: { id_token: "not.a.token" } }, 401, failed);
  });

  it("Apple: names a missing identity token", async () => {
    const res = await socialLogin("apple", { code: "x", data: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ "data.id_token": ["The data.id_token field is required."] });
  });
});
