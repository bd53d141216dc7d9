import { envelope, loginData, socialTokenBody } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import * as social from "./social.service.ts";

const providerParams = z.object({ provider: z.string().max(30) });

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
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: social.SocialDeps = { dbh: app.dbh, config: app.config };

  app.post(
    "/auth/:provider/token",
    {
      // Unknown (404) and switched-off (403) providers are answered before the body is looked at.
      preValidation: async (req) => {
        social.activeProvider(app.config, (req.params as { provider?: string }).provider ?? "");
      },
      schema: { params: providerParams, body: socialTokenBody, response: { 200: envelope(loginData) } },
    },
    async (req) => ({
      message: "Login successful.",
      data: await social.socialLogin(deps, req.params.provider, req.body),
    }),
  );

  app.get(social.CALLBACK_ROUTE, { helmet: { crossOriginOpenerPolicy: false } }, async (_req, reply) =>
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8").send(CALLBACK_HTML),
  );
  app.get(`${social.CALLBACK_ROUTE}.js`, async (_req, reply) =>
    reply.header("cache-control", "no-cache").type("text/javascript; charset=utf-8").send(CALLBACK_JS),
  );
};
