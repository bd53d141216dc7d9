import { socialApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { registerRoutes } from "../../lib/route.ts";
import * as social from "./social.service.ts";

// The popup's last page: it hands the provider's answer (code and state, or an error) to the page
// that opened it and closes. Sent without Cross-Origin-Opener-Policy: a policy here would cut the
// popup off from its opener when it comes back from the provider's origin. BroadcastChannel
// carries the answer too, for a provider page that cut the opener off itself.
const CALLBACK_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  `<title></title><script src="${social.CALLBACK_PATH}.js"></script></head><body></body></html>`;
const CALLBACK_JS = `(function () {
  var q = new URLSearchParams(location.search);
  var message = { type: "social-login", state: q.get("state"), code: q.get("code"), error: q.get("error") };
  try { if (window.opener) window.opener.postMessage(message, location.origin); } catch (e) {}
  try { var channel = new BroadcastChannel("social-login"); channel.postMessage(message); channel.close(); } catch (e) {}
  window.close();
})();
`;

/** `POST /auth/{provider}/token` (Google, Facebook, Apple) and the popup's callback page. */
export const socialRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, socialApi, {
    "POST /auth/:provider/token": {
      // Unknown (404) and switched-off (403) providers are answered before the body is looked at.
      preValidation: async (req) => {
        social.activeProvider(deps, (req.params as { provider: string }).provider);
      },
      handler: async ({ params, body }) => ({
        message: "Login successful.",
        data: await social.socialLogin(deps, params.provider, body),
      }),
    },
  });

  // The popup hands the answer to its opener, so this page goes without Cross-Origin-Opener-Policy.
  app.get(social.CALLBACK_ROUTE, async (_req, reply) =>
    reply
      .removeHeader("cross-origin-opener-policy")
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(CALLBACK_HTML),
  );
  app.get(`${social.CALLBACK_ROUTE}.js`, async (_req, reply) =>
    reply.header("cache-control", "no-cache").type("text/javascript; charset=utf-8").send(CALLBACK_JS),
  );
};
