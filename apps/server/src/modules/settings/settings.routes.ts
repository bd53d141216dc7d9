import { settingsApi } from "@market/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { appDeps } from "../../deps.ts";
import { cacheablePublicAnswers } from "../../lib/http-cache.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import * as settings from "./settings.service.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** Sends a kept answer with its kept tag (lib/http-cache.ts uses a tag already set). */
const sendKept = (reply: FastifyReply, kept: settings.KeptJson) =>
  reply.header("etag", kept.etag).type(JSON_TYPE).send(kept.body);

// Site settings, UI messages and countries. Bodies are pre-serialised by the service (they change
// only when an admin edits settings), so these handlers send cached strings; the contract schemas
// `master`, `langMessages` and `country` are checked against them in test/settings.test.ts.
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  // Cached answers live at most the catalogue cache time, so other instances' changes show too.
  settings.setSettingsCacheTime(deps, deps.config.catalogCacheMs);
  // Settings and messages are the same for everyone: ETag, 304, CDN headers, and visitors are
  // answered from what was sent, before their request is parsed.
  cacheablePublicAnswers(app, { memory: settings.settingsVisitorCache(deps) });

  registerRoutes(app, settingsApi, {
    "GET /master": {
      handler: async (_, req, reply) =>
        sendKept(reply.header("vary", "accept-language"), await settings.masterJson(deps, requestLocale(req))),
    },
    "GET /lang/:locale": {
      handler: async ({ params }, _req, reply) => sendKept(reply, await settings.langJson(deps, params.locale)),
    },
    "GET /countries": {
      handler: async (_, _req, reply) => sendKept(reply, await settings.countriesJson(deps)),
    },
  });
};
