import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { PHOTO_MAX_BYTES } from "@market/contract";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { DbHandle } from "./db/index.ts";
import { AppError } from "./lib/errors.ts";
import { requestLocale } from "./lib/i18n.ts";
import { uploadsDir } from "./lib/uploads.ts";
import { authPlugin } from "./modules/auth/auth.plugin.ts";
import { socialCspSources } from "./modules/auth/social.service.ts";
import { routeModules } from "./modules/index.ts";
import { mailPlugin } from "./modules/mail/mail.plugin.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { bootPage, sendPage } from "./modules/seo/boot.ts";
import { seoHtml } from "./modules/seo/seo.service.ts";
import { realtimePlugin } from "./realtime/realtime.plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
  }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface AppOptions {
  config: Config;
  dbh: DbHandle;
  /** serve the built web app from apps/web/dist when it exists (default true) */
  serveWeb?: boolean;
}

export async function buildApp({ config, dbh, serveWeb = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.APP_ENV === "test" ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("dbh", dbh);

  const social = socialCspSources(config); // the active login providers' scripts, loaded on demand
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": ["'self'", "ws:", "wss:", ...social.connect],
        "script-src": ["'self'", ...social.script],
        ...(social.frame.length > 0 && { "frame-src": ["'self'", ...social.frame] }),
        "style-src": ["'self'", "'unsafe-inline'"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sign-in popups (Google, Facebook, Apple) must keep their opener to hand the answer back.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: "1 minute",
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${ctx.after}.`,
    }),
  });

  // One error path: validation -> 422 with field lists, domain errors -> their status,
  // a client's malformed request -> its 4xx, anything else -> 500 without internals.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        errors[field] = [...(errors[field] ?? []), v.message ?? "is invalid"];
      }
      const [firstField, firstMessages] = Object.entries(errors)[0] ?? ["body", ["is invalid"]];
      // Contract messages that already name their field ("The email field is required.") stand alone.
      const first = firstMessages[0] ?? "is invalid";
      const message = first.startsWith("The ") ? first : `The ${firstField} field: ${first}`;
      return reply.status(422).send({ message, errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: error.message });
    req.log.error(error);
    return reply.status(500).send({ message: "Server Error" });
  });

  // Accounts: multipart bodies (profile photo), mail/SMS adapters, request.user, uploaded files.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin); // Pusher-protocol WebSocket server at /app/{key}, channel auth, events API
  fs.mkdirSync(uploadsDir(config), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir(config),
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
  });

  await app.register(
    async (api) => {
      for (const mod of routeModules) await api.register(mod);
      api.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: "Not Found" }));
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes); // generated SVG artwork at /media/<kind>/<seed>.svg

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const indexHtml = path.join(webDist, "index.html");
  if (serveWeb && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true, // the web build writes .br/.gz beside its scripts and styles
      // Vite fingerprints everything under /assets, so those files never change.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    const html = fs.readFileSync(indexHtml, "utf8");
    const withBoot = bootPage(app, webDist);
    // The SPA renders every page, including Page Not Found, from index.html.
    app.setNotFoundHandler(async (req, reply) => {
      if (req.method !== "GET" && req.method !== "HEAD") return reply.status(404).send({ message: "Not Found" });
      // Product, shop, category and blog URLs carry their title and meta tags for crawlers.
      const ctx = { dbh, appUrl: config.appUrl, locale: requestLocale(req) };
      let page = await seoHtml(ctx, html, req.url).catch((error: unknown) => {
        req.log.error(error);
        return html;
      });
      // The first render's data and preloads (modules/seo/boot.ts); the page depends on cookies.
      if (req.method === "GET")
        page = await withBoot(req, page).catch((error: unknown) => {
          req.log.error(error);
          return page;
        });
      return sendPage(req, reply, page);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: "Not Found" }));
  }

  return app;
}
