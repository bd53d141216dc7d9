import { langParams } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import * as settings from "./settings.service.ts";

const JSON_TYPE = "application/json; charset=utf-8";

// Site settings, UI messages and countries. Bodies are pre-serialised by the service (they change
// only when an admin edits settings), so these handlers send cached strings; the contract schemas
// `master`, `langMessages` and `country` are checked against them in test/settings.test.ts.
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dbh, config } = app;

  app.get("/master", async (req, reply) =>
    reply
      .header("vary", "accept-language")
      .type(JSON_TYPE)
      .send(await settings.masterJson(dbh, config, requestLocale(req))),
  );

  app.get("/lang/:locale", { schema: { params: langParams } }, async (req, reply) =>
    reply.type(JSON_TYPE).send(await settings.langJson(dbh, req.params.locale)),
  );

  app.get("/countries", async (_req, reply) => reply.type(JSON_TYPE).send(await settings.countriesJson(dbh)));
};
