import { broadcastingAuthBody, broadcastingAuthData } from "@market/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { AppError, forbidden } from "../lib/errors.ts";
import { currentUser, requireAuth } from "../modules/auth/auth.plugin.ts";
import { mayListen } from "../modules/chat/chat.service.ts";
import { Hub, type RealtimeEvent } from "./hub.ts";
import { localPublisher, pusherPublisher, type Realtime, redisPublisher } from "./publisher.ts";
import { CHANNEL_NAME, channelAuth, httpApiError } from "./signature.ts";

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The site's own origin; in local and test environments also any localhost origin (Vite, e2e). */
export function originChecker(config: Config): (origin: string) => boolean {
  const own = new URL(config.appUrl).origin;
  const local = config.APP_ENV !== "production";
  return (origin) => {
    if (origin === own) return true;
    if (!local || !URL.canParse(origin)) return false;
    const u = new URL(origin);
    return (u.protocol === "http:" || u.protocol === "https:") && LOCAL_HOSTS.has(u.hostname);
  };
}

const apiEvent = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10 * 1024),
  socket_id: z.string().max(50).optional(),
});
const eventsBody = apiEvent
  .extend({
    channels: z.array(z.string().regex(CHANNEL_NAME)).min(1).max(100).optional(),
    channel: z.string().regex(CHANNEL_NAME).optional(),
  })
  .refine((b) => b.channels || b.channel, { message: "channels or channel is required" });
const batchBody = z.object({ batch: z.array(apiEvent.extend({ channel: z.string().regex(CHANNEL_NAME) })).max(10) });

/**
 * The realtime part of the app: the Pusher-protocol WebSocket server on the app's port, the
 * publisher adapter, the channel authorisation endpoint and the Pusher HTTP events API.
 */
export const realtimePlugin = fp(
  async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const { config, dbh } = app;
    const rt = config.realtime;
    const hub = new Hub({ key: rt.key, secret: rt.secret, originAllowed: originChecker(config) });
    hub.attach(app.server);
    const publisher = rt.external
      ? pusherPublisher({ ...rt, external: rt.external })
      : config.REDIS_URL
        ? await redisPublisher(hub, config.REDIS_URL, rt.appId)
        : localPublisher(hub);

    const realtime: Realtime = {
      hub,
      publisher,
      async publish(channels, event, data) {
        try {
          await publisher.publish({ channels, event, data: JSON.stringify(data) });
        } catch (error) {
          // The message is stored either way; the other side sees it on its next fetch.
          app.log.error({ err: error, event }, "realtime publish failed");
        }
      },
    };
    app.decorate("realtime", realtime);
    app.addHook("preClose", async () => hub.close());
    app.addHook("onClose", async () => publisher.close());

    // pusher-js posts `socket_id` and `channel_name` form-encoded, with the bearer token as a header.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 4096 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/broadcasting/auth",
        {
          preValidation: requireAuth,
          schema: { body: broadcastingAuthBody, response: { 200: broadcastingAuthData } },
        },
        async (req) => {
          const { socket_id, channel_name } = req.body;
          if (!(await mayListen({ dbh }, currentUser(req).id, channel_name))) throw forbidden();
          return { auth: channelAuth(rt.key, rt.secret, socket_id, channel_name) };
        },
      );
    });

    // The Pusher HTTP API's events calls, so the `pusher` SDK (or any service holding the secret)
    // can publish through this server. The signature covers the raw body, so it is read as text.
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 256 * 1024 }, (_r, body, done) =>
        done(null, body),
      );
      const verified = (req: { method: string; url: string; query: unknown; body: unknown }) => {
        const query = Object.fromEntries(
          Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        const body = typeof req.body === "string" ? req.body : "";
        const reason = httpApiError(
          { key: rt.key, secret: rt.secret },
          {
            method: req.method,
            path: req.url.split("?")[0] ?? "",
            query,
            body,
            nowSeconds: Math.floor(Date.now() / 1000),
          },
        );
        if (reason) throw new AppError(401, reason);
        try {
          return JSON.parse(body) as unknown;
        } catch {
          throw new AppError(400, "The body must be JSON");
        }
      };
      const parsed = <T>(schema: z.ZodType<T>, value: unknown): T => {
        const result = schema.safeParse(value);
        if (!result.success) throw new AppError(400, result.error.issues[0]?.message ?? "Invalid event");
        return result.data;
      };
      const send = (events: RealtimeEvent[]) => Promise.all(events.map((e) => publisher.publish(e)));
      const known = (appId: string) => {
        if (appId !== rt.appId) throw new AppError(404, "Unknown app");
      };

      scope.post<{ Params: { appId: string } }>("/apps/:appId/events", async (req) => {
        known(req.params.appId);
        const b = parsed(eventsBody, verified(req));
        const channels = b.channels ?? (b.channel ? [b.channel] : []);
        await send([{ channels, event: b.name, data: b.data, socketId: b.socket_id }]);
        return {};
      });
      scope.post<{ Params: { appId: string } }>("/apps/:appId/batch_events", async (req) => {
        known(req.params.appId);
        const b = parsed(batchBody, verified(req));
        await send(b.batch.map((e) => ({ channels: [e.channel], event: e.name, data: e.data, socketId: e.socket_id })));
        return {};
      });
    });
  },
  { name: "realtime", dependencies: ["auth"] },
);
