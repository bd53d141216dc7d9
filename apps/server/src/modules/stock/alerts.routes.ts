import { STOCK_ALERT_MESSAGES, stockAlertsApi } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireAuth } from "../auth/auth.plugin.ts";
import * as alerts from "./alerts.service.ts";

/** The signed-in user's waits for sold-out variants, by product. */
export const stockAlertRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);
  alerts.registerBackInStockJob(deps);

  registerRoutes(app, stockAlertsApi, {
    "GET /stock-alerts": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "Stock alerts",
        data: await alerts.allStockAlerts(deps, currentUser(req).id, requestLocale(req)),
      }),
    },
    "GET /stock-alerts/:id": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Stock alerts",
        data: await alerts.stockAlerts(deps, currentUser(req).id, params.id),
      }),
    },
    "POST /stock-alerts/:id": {
      preValidation: requireAuth,
      handler: async ({ params, body }, req) => ({
        message: STOCK_ALERT_MESSAGES.saved,
        data: await alerts.waitFor(deps, currentUser(req).id, params.id, body),
      }),
    },
    "POST /stock-alerts/:id/delete": {
      preValidation: requireAuth,
      handler: async ({ params, body }, req) => ({
        message: STOCK_ALERT_MESSAGES.removed,
        data: await alerts.stopWaiting(deps, currentUser(req).id, params.id, body),
      }),
    },
  });
};
