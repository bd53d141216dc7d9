import type { SocialProvider, SocialTokenBody } from "@market/contract";
import { createRemoteJWKSet, type JWTPayload, errors as jose, jwtVerify } from "jose";
import type { Config } from "../../config.ts";
import { clock } from "../../lib/clock.ts";
import { hmacSha256 } from "../../lib/crypto.ts";
import { AppError, fieldError } from "../../lib/errors.ts";

// Checks what a browser brings back from Google, Facebook or Apple with the provider itself, so
// nothing the client claims is trusted. Every provider address comes from the configuration.

/** What the provider vouches for. `email` is set only when the provider says it is verified. */
export interface VerifiedProfile {
  subject: string;
  email: string | null;
  name: string | null;
}

type TokenData = NonNullable<SocialTokenBody["data"]>;

export const PROVIDER_LABEL: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

const GOOGLE_ISSUER = "https://accounts.google.com";
const TIMEOUT_MS = 10_000;
/** Seconds of clock difference tolerated between us and the provider. */
const CLOCK_TOLERANCE_S = 60;

export function isConfigured(config: Config, provider: SocialProvider): boolean {
  if (provider === "google") return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  if (provider === "facebook") return Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET);
  return Boolean(config.APPLE_CLIENT_ID);
}

const notVerified = (provider: SocialProvider) =>
  new AppError(401, `The ${PROVIDER_LABEL[provider]} sign-in could not be verified. Please try again.`);
const unreachable = (provider: SocialProvider) =>
  new AppError(502, `${PROVIDER_LABEL[provider]} could not be reached. Please try again later.`);
const requiredData = (field: string) => fieldError(`data.${field}`, `The data.${field} field is required.`);

export function verifyProfile(config: Config, provider: SocialProvider, body: SocialTokenBody) {
  const data = body.data ?? {};
  if (provider === "google") return googleProfile(config, body.code, data);
  if (provider === "facebook") return facebookProfile(config, body.code, data);
  return appleProfile(config, data);
}

// ---- ID tokens (Google, Apple) ----

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwks(url: string) {
  let set = jwksByUrl.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS });
    jwksByUrl.set(url, set);
  }
  return set;
}

/** The provider could not be asked (network, timeout, a broken key set), as opposed to a bad token. */
const isProviderFailure = (e: unknown) =>
  !(e instanceof jose.JOSEError) ||
  e instanceof jose.JWKSTimeout ||
  e instanceof jose.JWKSInvalid ||
  e.code === jose.JOSEError.code;

async function verifyIdToken(
  provider: SocialProvider,
  token: string,
  opts: { jwksUrl: string; issuer: string[]; audience: string; nonce: string | undefined },
): Promise<JWTPayload & { sub: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks(opts.jwksUrl), {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ["RS256", "ES256"],
      requiredClaims: ["sub", "exp", "iat"],
      currentDate: clock.now(),
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (e) {
    throw isProviderFailure(e) ? unreachable(provider) : notVerified(provider);
  }
  // The nonce binds the token to the sign-in this browser started: a token replayed from
  // another sign-in carries another nonce (or one where we sent none).
  if ((payload.nonce ?? undefined) !== opts.nonce) throw notVerified(provider);
  return payload as JWTPayload & { sub: string };
}

const text = (v: unknown, max: number): string | null =>
  typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, max) : null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const verifiedEmail = (email: unknown, verified: boolean): string | null => {
  const e = text(email, 254)?.toLowerCase() ?? null;
  return verified && e && EMAIL.test(e) ? e : null;
};

// ---- Google: authorization code (popup, PKCE) exchanged at the token URL ----

async function googleProfile(config: Config, code: string, data: TokenData): Promise<VerifiedProfile> {
  if (!data.code_verifier) throw requiredData("code_verifier");
  if (!data.redirect_uri) throw requiredData("redirect_uri");
  if (!data.nonce) throw requiredData("nonce");
  let res: Response;
  try {
    res = await fetch(config.GOOGLE_TOKEN_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: data.redirect_uri,
        code_verifier: data.code_verifier,
        client_id: config.GOOGLE_CLIENT_ID ?? "",
        client_secret: config.GOOGLE_CLIENT_SECRET ?? "",
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw unreachable("google");
  }
  if (res.status >= 500) throw unreachable("google");
  const json = (await res.json().catch(() => null)) as { id_token?: unknown } | null;
  // A refused code (used, expired, another redirect URI or verifier) is the client's failure.
  if (!res.ok || typeof json?.id_token !== "string") throw notVerified("google");
  const issuer = config.GOOGLE_ISSUER;
  const claims = await verifyIdToken("google", json.id_token, {
    jwksUrl: config.GOOGLE_JWKS_URL,
    // Google writes its issuer with and without the scheme.
    issuer: issuer === GOOGLE_ISSUER ? [issuer, "accounts.google.com"] : [issuer],
    audience: config.GOOGLE_CLIENT_ID ?? "",
    nonce: data.nonce,
  });
  return {
    subject: claims.sub,
    email: verifiedEmail(claims.email, claims.email_verified === true),
    name: text(claims.name, 100),
  };
}

// ---- Facebook: access token checked with the Graph API ----

async function graphGet(config: Config, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const url = new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/$/, "")}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unreachable("facebook");
  }
  if (res.status >= 500) throw unreachable("facebook");
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !json) throw notVerified("facebook");
  return json;
}

async function facebookProfile(config: Config, accessToken: string, data: TokenData): Promise<VerifiedProfile> {
  const appId = config.FACEBOOK_APP_ID ?? "";
  const secret = config.FACEBOOK_APP_SECRET ?? "";
  // debug_token says whether the token is live and, above all, which app it was issued to: a token
  // issued to another app (the "audience" check) must not sign anyone in here.
  const debug = (
    await graphGet(config, "/debug_token", { input_token: accessToken, access_token: `${appId}|${secret}` })
  ).data as { is_valid?: unknown; app_id?: unknown; user_id?: unknown; expires_at?: unknown } | undefined;
  if (debug?.is_valid !== true || String(debug.app_id) !== appId || !debug.user_id) {
    throw notVerified("facebook");
  }
  if (typeof debug.expires_at === "number" && debug.expires_at > 0 && debug.expires_at * 1000 <= clock.ms()) {
    throw notVerified("facebook");
  }
  const me = await graphGet(config, "/me", {
    fields: "id,name,email",
    access_token: accessToken,
    appsecret_proof: hmacSha256(secret, accessToken),
  });
  if (String(me.id) !== String(debug.user_id)) throw notVerified("facebook");
  // Facebook answers only a confirmed email address, so the Graph API's email counts as verified;
  // a different one from the client means the client's profile was not Facebook's.
  const email = verifiedEmail(me.email, true);
  if (data.email && data.email.toLowerCase() !== email) throw notVerified("facebook");
  return { subject: String(me.id), email, name: text(me.name, 100) ?? data.name ?? null };
}

// ---- Apple: identity token from Sign in with Apple JS ----

async function appleProfile(config: Config, data: TokenData): Promise<VerifiedProfile> {
  if (!data.id_token) throw requiredData("id_token");
  const claims = await verifyIdToken("apple", data.id_token, {
    jwksUrl: config.APPLE_JWKS_URL,
    issuer: [config.APPLE_ISSUER],
    audience: config.APPLE_CLIENT_ID ?? "",
    nonce: data.nonce,
  });
  // Apple writes email_verified as a boolean or as the string "true"; the name reaches only the
  // client, and only on the first authorization.
  const verified = claims.email_verified === true || claims.email_verified === "true";
  return { subject: claims.sub, email: verifiedEmail(claims.email, verified), name: data.name ?? null };
}
