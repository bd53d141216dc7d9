// The sign-in providers of the e2e server (scripts/e2e-server.mjs, e2e/tests/social.spec.ts): a
// local identity-provider stand-in on a free port, in the roles of Google, Facebook and Apple.
// Test-only: `npm start` never starts it.
import http from "node:http";
import { tsImport } from "tsx/esm/api";

/**
 * Takes a free port and answers the server's environment for it at once; the stand-in itself
 * loads beside the server, so the server's start waits for nothing.
 */
export async function startSocialStandIn(port) {
  const standInServer = http.createServer();
  await new Promise((resolve) => standInServer.listen(0, "127.0.0.1", resolve));
  const standIn = `http://127.0.0.1:${standInServer.address().port}`;
  const social = {
    google: { client_id: "e2e-google", client_secret: "e2e-google-secret" },
    apple: { client_id: "e2e-apple", client_secret: "e2e-apple-secret" },
    facebook: { id: "e2e-facebook", secret: "e2e-facebook-secret" },
  };
  tsImport("../apps/server/test/stand-ins/identity-provider.ts", import.meta.url)
    .then(({ startIdentityStandIn }) =>
      startIdentityStandIn({
        server: standInServer,
        clients: [social.google, social.apple].map((c) => ({
          ...c,
          redirect_uris: [`http://127.0.0.1:${port}/api/auth/callback`],
        })),
        facebookApps: [social.facebook],
      }),
    )
    .catch((e) => console.warn(`The sign-in stand-in did not start: ${e.message}`));
  return {
    GOOGLE_CLIENT_ID: social.google.client_id,
    GOOGLE_CLIENT_SECRET: social.google.client_secret,
    GOOGLE_AUTH_URL: `${standIn}/auth`,
    GOOGLE_TOKEN_URL: `${standIn}/token`,
    GOOGLE_JWKS_URL: `${standIn}/jwks`,
    GOOGLE_ISSUER: standIn,
    FACEBOOK_APP_ID: social.facebook.id,
    FACEBOOK_APP_SECRET: social.facebook.secret,
    FACEBOOK_GRAPH_URL: `${standIn}/graph`,
    APPLE_CLIENT_ID: social.apple.client_id,
    APPLE_JWKS_URL: `${standIn}/jwks`,
    APPLE_ISSUER: standIn,
  };
}
