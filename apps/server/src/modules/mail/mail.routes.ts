import { ADMIN_MAIL_MESSAGES, adminMailApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import * as mail from "./mail.service.ts";

/** The admin console's outgoing mail: delivery states, failures and a retry. */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const admin = requireRole("admin");
  registerRoutes(app, adminMailApi, {
    "GET /admin/mail": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Mail", data: await mail.outbox(deps, query) }),
    },
    "POST /admin/mail/:id/retry": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: ADMIN_MAIL_MESSAGES.retried,
        data: await mail.retryMail(deps, currentUser(req).id, params.id),
      }),
    },
  });
};
