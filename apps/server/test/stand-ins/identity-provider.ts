import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";

// Local stand-ins for the sign-in providers, for tests and the e2e server only (never `npm start`):
// - an OpenID Connect provider (`oidc-provider`) in the role of Google (authorization code with
//   PKCE, token endpoint, JWKS) and of Apple (ID tokens from its keys). Its sign-in page accepts any
//   login: the login becomes the account's subject and, when it looks like one, its verified email.
// - a small Graph API under /graph (debug_token, me) for Facebook access tokens it issued.

export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface StandInProfile {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface FacebookApp {
  id: string;
  secret: string;
}

export interface FacebookUser {
  id: string;
  name: string;
  email?: string;
}

interface FacebookToken {
  appId: string;
  user: FacebookUser;
  /** seconds since the epoch */
  expiresAt: number;
}

export interface IdentityStandIn {
  /** the issuer and base URL, e.g. http://127.0.0.1:4241 */
  url: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  graphUrl: string;
  kid: string;
  /** profiles by login; a login without one is its own verified email */
  profiles: Map<string, StandInProfile>;
  /** an ID token signed with the stand-in's key (for claims its flows never produce) */
  signIdToken(claims: JWTPayload): Promise<string>;
  /** a Facebook user access token issued to `appId` */
  facebookToken(appId: string, user: FacebookUser, expiresInS?: number): string;
  close(): Promise<void>;
}

export async function startIdentityStandIn(options: {
  clients: StandInClient[];
  facebookApps?: FacebookApp[];
  /** a server already listening on 127.0.0.1 (so its address is known early); default a new one on a free port */
  server?: http.Server;
}): Promise<IdentityStandIn> {
  const host = "127.0.0.1";
  const kid = `stand-in-${randomBytes(4).toString("hex")}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  const profiles = new Map<string, StandInProfile>();
  const fbTokens = new Map<string, FacebookToken>();
  const fbApps = new Map((options.facebookApps ?? []).map((a) => [a.id, a]));

  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = options.server ?? http.createServer();
  server.on("request", (req, res) => handle(req, res));
  if (!server.listening) {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, host, resolve);
    });
  }
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const profileOf = (login: string): StandInProfile =>
    profiles.get(login) ?? {
      ...(login.includes("@") && { email: login, email_verified: true }),
      name: login.split("@")[0],
    };

  const provider = new Provider(url, {
    clients: options.clients.map((c) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like Google: the ID token from the token endpoint carries the email and name.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...profileOf(sub) }) }),
    // No consent page: the test user consents to every scope asked for.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId ?? "",
        accountId: ctx.oidc.session?.accountId ?? "",
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const oidc = provider.callback();
  handle = (req, res) => (req.url?.startsWith("/graph/") ? graph(req, res) : oidc(req, res));

  function graph(req: http.IncomingMessage, res: http.ServerResponse) {
    const q = new URL(req.url ?? "/", url).searchParams;
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const oauthError = (message: string) => send(400, { error: { message, type: "OAuthException", code: 190 } });
    const now = Math.floor(Date.now() / 1000);
    const path = new URL(req.url ?? "/", url).pathname;
    if (path === "/graph/debug_token") {
      const [appId, secret] = (q.get("access_token") ?? "").split("|");
      const app = fbApps.get(appId ?? "");
      if (!app || app.secret !== secret) return oauthError("Invalid OAuth access token signature.");
      const token = fbTokens.get(q.get("input_token") ?? "");
      if (!token) return send(200, { data: { is_valid: false, error: { code: 190, message: "Invalid token" } } });
      return send(200, {
        data: {
          app_id: token.appId,
          type: "USER",
          is_valid: token.expiresAt > now,
          expires_at: token.expiresAt,
          user_id: token.user.id,
          scopes: ["public_profile", "email"],
        },
      });
    }
    if (path === "/graph/me") {
      const accessToken = q.get("access_token") ?? "";
      const token = fbTokens.get(accessToken);
      if (!token || token.expiresAt <= now) return oauthError("Error validating access token.");
      const app = fbApps.get(token.appId);
      const proof = app && createHmac("sha256", app.secret).update(accessToken).digest("hex");
      if (q.get("appsecret_proof") !== proof) return oauthError("Invalid appsecret_proof provided in the API argument");
      const fields = (q.get("fields") ?? "id,name").split(",");
      const user = token.user as unknown as Record<string, unknown>;
      return send(200, Object.fromEntries(fields.filter((f) => user[f] !== undefined).map((f) => [f, user[f]])));
    }
    return send(404, { error: { message: "Unknown path", type: "GraphMethodException" } });
  }

  return {
    url,
    authUrl: `${url}/auth`,
    tokenUrl: `${url}/token`,
    jwksUrl: `${url}/jwks`,
    graphUrl: `${url}/graph`,
    kid,
    profiles,
    signIdToken: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).setIssuer(url).sign(privateKey),
    facebookToken(appId, user, expiresInS = 3600) {
      const token = `EAA${randomBytes(24).toString("hex")}`;
      fbTokens.set(token, { appId, user, expiresAt: Math.floor(Date.now() / 1000) + expiresInS });
      return token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the stand-in's authorization as a browser would (the sign-in form, cookies,
 * redirects) and answers the query of the final redirect to `redirect_uri` (code and state).
 */
export async function authorizeByHttp(
  standIn: IdentityStandIn,
  params: Record<string, string>,
  login: string,
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  const request = async (target: string, init: RequestInit = {}) => {
    const res = await fetch(target, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const redirectUri = params.redirect_uri ?? "";
  let res = await request(`${standIn.authUrl}?${new URLSearchParams(params)}`);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get("location");
    if (!location) throw new Error(`stand-in stopped at ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const next = new URL(location, standIn.url);
    if (next.href.startsWith(redirectUri)) return next.searchParams;
    res = await request(next.href);
    if (res.status === 200 && next.pathname.startsWith("/interaction/")) {
      // The sign-in form: any login and password.
      res = await request(`${standIn.url}${next.pathname}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "any" }),
      });
    }
  }
  throw new Error("too many redirects at the stand-in");
}
