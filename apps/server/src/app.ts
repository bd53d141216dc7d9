import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { codeOfStatus, hasControlChars, PHOTO_MAX_BYTES } from "@market/contract";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { DbHandle } from "./db/index.ts";
import { AppError, errorAnswer, fieldError, tooMany, validationError } from "./lib/errors.ts";
import { COMPRESS_THRESHOLD } from "./lib/http-cache.ts";
import { requestLocale } from "./lib/i18n.ts";
import { multipartError } from "./lib/multipart-form.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { answerSerializer } from "./lib/serialize.ts";
import { authPlugin } from "./modules/auth/auth.plugin.ts";
import { socialCspSources } from "./modules/auth/social.service.ts";
import { docsRoutes } from "./modules/docs/docs.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { routeModules } from "./modules/index.ts";
import { jobsPlugin } from "./modules/jobs/jobs.plugin.ts";
import { mailPlugin } from "./modules/mail/mail.plugin.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { uploadsRoutes } from "./modules/media/uploads.routes.ts";
import { bootPage, sendPage } from "./modules/seo/boot.ts";
import { sitemapRoutes } from "./modules/seo/sitemap.routes.ts";
import { realtimePlugin } from "./realtime/realtime.plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    dbh: DbHandle;
  }
}

/** A request target of printable ASCII with no %-escape (see the control-character hook below). */
const PLAIN_URL = /^[\x21-\x24\x26-\x7e]*$/;

type BodyPlace = { key: string; parent: BodyPlace | null } | null;
/** A place as the API names a field ("variants.2.name"); one nested past any form's depth is the body's. */
function dotted(place: BodyPlace): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) if (keys.push(p.key) > 8) return "";
  return keys.reverse().join(".");
}

/**
 * Where in a parsed JSON body a key or string holds a control character ("variants.2.name"), if
 * anywhere. Walked with a list, not recursion, and the place named only once found: a body may
 * nest deeper than the stack.
 */
function controlCharsAt(body: unknown): string | undefined {
  const todo: [unknown, BodyPlace][] = [[body, null]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [value, place] = next;
    if (typeof value === "string") {
      if (hasControlChars(value)) return dotted(place);
    } else if (typeof value === "object" && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (hasControlChars(key)) return dotted(place);
        todo.push([inner, { key, parent: place }]);
      }
    }
  }
  return undefined;
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
    // Every log line carries the request's id; a proxy's X-Request-Id is kept, else one is made.
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  app.decorate("config", config);
  app.decorate("dbh", dbh);

  const social = socialCspSources({ config }); // the active login providers' scripts, loaded on demand
  securityHeaders(app, {
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
  await app.register(compress, { threshold: COMPRESS_THRESHOLD });
  // With REDIS_URL every instance counts in Redis, so RATE_LIMIT_MAX holds per IP across all of them.
  // Keys carry the app id, like the realtime topic, so deployments sharing a Redis stay apart.
  const rateLimitRedis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  if (rateLimitRedis) {
    rateLimitRedis.on("error", (err: Error) => app.log.warn(`Redis (rate limit): ${err.message}`));
    app.addHook("onClose", async () => {
      await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: "1 minute",
    ...(rateLimitRedis && { redis: rateLimitRedis, nameSpace: `rate-limit:${config.PUSHER_APP_ID}:` }),
    // While Redis is unreachable the API keeps answering, unlimited, rather than failing every request.
    skipOnError: true,
    // Thrown by the plugin, so answered (in the request's language) by the error handler below.
    errorResponseBuilder: (_req, ctx) => tooMany("Too many requests.", Math.ceil(ctx.ttl / 1000)),
  });

  healthRoutes(app, rateLimitRedis);

  // One error path: validation -> 422 with field lists, domain errors -> their status,
  // a client's malformed request -> its 4xx, anything else -> 500 without internals.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = hasZodFastifySchemaValidationErrors(error)
      ? validationError(
          error.validation.map((v) => ({
            field: v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body",
            message: v.message ?? "is invalid",
          })),
        )
      : error instanceof AppError
        ? error
        : multipartError(error);
    if (known?.retryAfter) reply.header("retry-after", String(known.retryAfter));
    if (known) return reply.status(known.status).send(errorAnswer(known, requestLocale(req)));
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: error.message, code: codeOfStatus(status) });
    req.log.error(error);
    return reply.status(500).send({ message: "Server Error", code: "server_error", request_id: req.id });
  });

  // The id a shopper can quote from an error page, matching the server's log lines (an error's
  // answer keeps the headers set before it).
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });

  // PostgreSQL refuses NUL in text, and no link or form sends control characters: a path or query
  // string with one is refused before any route reads it (bodies: the contract's text fields). A URL
  // of printable ASCII without escapes has none, whatever its params and query decode to.
  app.addHook("onRequest", (req, _reply, done) => {
    if (PLAIN_URL.test(req.url)) return done();
    if (Object.values(req.params as Record<string, unknown>).some((v) => typeof v === "string" && hasControlChars(v)))
      return done(new AppError(404, "Not Found"));
    for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
      if (![key, value].flat().some((v) => typeof v === "string" && hasControlChars(v))) continue;
      const field = hasControlChars(key) ? "query" : key;
      return done(fieldError(field, `The ${field} field must not contain control characters.`));
    }
    done();
  });
  // The same for a JSON body, every string in it, so no field can miss the contract's check: after
  // the route's sign-in check and its schema, so a visitor gets 401 and a field its own message first.
  app.addHook("preHandler", (req, _reply, done) => {
    const at = controlCharsAt(req.body);
    if (at === undefined) return done();
    const label = at.split(".").findLast((part) => !/^\d+$/.test(part)) || "body";
    done(fieldError(at || "body", `The ${label} field must not contain control characters.`));
  });

  // Accounts: multipart bodies (profile photo), mail/SMS adapters, request.user, uploaded files.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });
  await app.register(jobsPlugin); // background jobs: in-process on SQLite, pg-boss on PostgreSQL
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin); // Pusher-protocol WebSocket server at /app/{key}, channel auth, events API
  await app.register(uploadsRoutes); // /uploads/; a product image's width not yet resized is made on request

  await app.register(
    async (api) => {
      for (const mod of routeModules) await api.register(mod);
      api.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: "Not Found", code: "not_found" }));
    },
    { prefix: "/api" },
  );
  await app.register(docsRoutes); // /api/openapi.json and /api/docs, made from the contract
  await app.register(sitemapRoutes); // /robots.txt, /sitemap.xml and /sitemaps/<kind>-<page>.xml
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
    const withBoot = bootPage(app, webDist, { dbh, config });
    // The SPA renders every page, including Page Not Found, from index.html; the server gives it
    // its status, title, meta tags and first data (modules/seo/boot.ts).
    app.setNotFoundHandler(async (req, reply) => {
      if (req.method !== "GET" && req.method !== "HEAD")
        return reply.status(404).send({ message: "Not Found", code: "not_found" });
      const { status, page } = await withBoot(req, html).catch((error: unknown) => {
        req.log.error(error);
        return { status: 200, page: html };
      });
      return sendPage(req, reply.status(status), page);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: "Not Found", code: "not_found" }));
  }

  return app;
}
