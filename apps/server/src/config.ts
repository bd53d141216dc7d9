import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const url = (protocols: string[]) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    message: `must be a URL starting with ${protocols.join(" or ")}//`,
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_ENV: z.enum(["local", "production", "test"]).default("local"),
  APP_URL: url(["http:", "https:"]).optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  REDIS_URL: url(["redis:", "rediss:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().email().default("no-reply@marketplace.test"),
  /** seconds before a failed background job (mail delivery, refund) is tried again; each further retry waits twice as long */
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** on SIGTERM, seconds /readyz answers 503 while still serving, so a load balancer stops sending first */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(30).default(0),
  /** bearer token for GET /metrics; without it /metrics is served only outside production */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** requests per minute per IP over the whole API; default 300 in production, unlimited-ish otherwise */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  /** accounts (shoppers' and sellers' sign-ups) created per hour from one IP; default 20 in production, unlimited-ish otherwise */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).optional(),
  /** seconds a visitor's catalog answer may be served from memory; default 5 (0 in tests) */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * seconds at most a list, search or product page is kept while nothing it shows has changed (the
   * catalogue's version, migration 025); 0 builds every one
   */
  CATALOG_KEPT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** trust X-Forwarded-For from a reverse proxy (set only behind one) */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** the built web app; default apps/web/dist */
  WEB_DIST: z.string().min(1).optional(),
  /** social login: a provider is offered only when its credentials are set (modules/auth/social-providers.ts) */
  GOOGLE_CLIENT_ID: z.string().min(1).max(300).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(300).optional(),
  GOOGLE_AUTH_URL: url(["https:", "http:"]).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: url(["https:", "http:"]).default("https://oauth2.googleapis.com/token"),
  GOOGLE_JWKS_URL: url(["https:", "http:"]).default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_ISSUER: z.string().min(1).default("https://accounts.google.com"),
  FACEBOOK_APP_ID: z.string().min(1).max(300).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).max(300).optional(),
  FACEBOOK_GRAPH_URL: url(["https:", "http:"]).default("https://graph.facebook.com/v20.0"),
  APPLE_CLIENT_ID: z.string().min(1).max(300).optional(),
  /** default: APP_URL + /api/auth/callback */
  APPLE_REDIRECT_URL: url(["https:", "http:"]).optional(),
  APPLE_JWKS_URL: url(["https:", "http:"]).default("https://appleid.apple.com/auth/keys"),
  APPLE_ISSUER: z.string().min(1).default("https://appleid.apple.com"),
  /** the built-in test card gateway ("test"): on unless set to false */
  PAYMENT_TEST_GATEWAY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Stripe Checkout ("stripe" gateway) is offered when set */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** the signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook) */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API address; only for a local stand-in (default https://api.stripe.com) */
  STRIPE_API_BASE: url(["http:", "https:"]).optional(),
  /** realtime (Pusher protocol): app id, key and secret of the built-in server or of the service at PUSHER_HOST */
  PUSHER_APP_ID: z
    .string()
    .regex(/^[\w-]{1,100}$/, "must be letters, digits, - or _")
    .default("marketplace"),
  PUSHER_KEY: z
    .string()
    .regex(/^[\w-]{1,100}$/, "must be letters, digits, - or _")
    .default("marketplace-key"),
  /** default: derived from APP_SECRET */
  PUSHER_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  PUSHER_CLUSTER: z.string().min(1).max(50).default("mt1"),
  /** a hosted Pusher / Soketi host: publish there through the `pusher` SDK instead of the built-in server */
  PUSHER_HOST: z.string().min(1).max(253).optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  PUSHER_SCHEME: z.enum(["http", "https"]).optional(),
  /** the host browsers connect to when it differs from PUSHER_HOST (hosted Pusher: ws-<cluster>.pusher.com) */
  PUSHER_WS_HOST: z.string().min(1).max(253).optional(),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  appUrl: string;
  rateLimitMax: number;
  registrationsPerIpPerHour: number;
  /** APP_SECRET, or outside production a random secret kept in DATA_DIR/.app-secret */
  appSecret: string;
  catalogCacheMs: number;
  realtime: RealtimeConfig;
};

/** Where and how realtime events go; `client` is what browsers' pusher-js connects to. */
export interface RealtimeConfig {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** set when a Pusher-compatible service (PUSHER_HOST) carries the events, not the built-in server */
  external: { host: string; port: number; scheme: "http" | "https" } | null;
  client: { host: string; port: number; scheme: "http" | "https" };
}

/** Reads the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0])} ${issue?.message ?? "is invalid"}`);
  }
  const c = parsed.data;
  if (c.APP_ENV === "production" && !c.APP_SECRET) {
    throw new ConfigError("Invalid configuration: APP_SECRET is required when APP_ENV=production");
  }
  if (c.PUSHER_HOST && !(c.PUSHER_SECRET && present.PUSHER_KEY && present.PUSHER_APP_ID)) {
    throw new ConfigError("Invalid configuration: PUSHER_HOST needs PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET");
  }
  const dataDir = path.resolve(c.DATA_DIR);
  const appSecret = c.APP_SECRET ?? localSecret(dataDir);
  const appUrl = c.APP_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    dataDir,
    appSecret,
    appUrl,
    realtime: realtimeConfig(c, appSecret, appUrl),
    rateLimitMax: c.RATE_LIMIT_MAX ?? (c.APP_ENV === "production" ? 300 : 100_000),
    registrationsPerIpPerHour: c.REGISTRATIONS_PER_IP_PER_HOUR ?? (c.APP_ENV === "production" ? 20 : 100_000),
    catalogCacheMs: (c.CATALOG_CACHE_SECONDS ?? (c.APP_ENV === "test" ? 0 : 5)) * 1000,
  };
}

export class ConfigError extends Error {}

function realtimeConfig(c: z.infer<typeof schema>, appSecret: string, appUrl: string): RealtimeConfig {
  const own = new URL(appUrl);
  const ownScheme = own.protocol === "https:" ? "https" : "http";
  const defaultPort = (scheme: string) => (scheme === "https" ? 443 : 80);
  const external = c.PUSHER_HOST
    ? {
        host: c.PUSHER_HOST,
        scheme: c.PUSHER_SCHEME ?? "https",
        port: c.PUSHER_PORT ?? defaultPort(c.PUSHER_SCHEME ?? "https"),
      }
    : null;
  return {
    appId: c.PUSHER_APP_ID,
    key: c.PUSHER_KEY,
    secret: c.PUSHER_SECRET ?? crypto.createHmac("sha256", appSecret).update("realtime").digest("hex"),
    cluster: c.PUSHER_CLUSTER,
    external,
    client: external
      ? { ...external, host: c.PUSHER_WS_HOST ?? external.host }
      : { host: own.hostname, scheme: ownScheme, port: own.port ? Number(own.port) : defaultPort(ownScheme) },
  };
}

/**
 * Instances starting together on one data folder (`npm run cluster`) must agree: the secret is
 * written whole to a file of its own and linked into place, which fails if another got there
 * first; then everyone reads the one that is there.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".app-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}
