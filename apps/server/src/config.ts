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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** requests per minute per IP over the whole API; default 300 in production, unlimited-ish otherwise */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  /** seconds a visitor's catalog answer may be served from memory; default 5 (0 in tests) */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** trust X-Forwarded-For from a reverse proxy (set only behind one) */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** the built web app; default apps/web/dist */
  WEB_DIST: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  appUrl: string;
  rateLimitMax: number;
  /** APP_SECRET, or outside production a random secret kept in DATA_DIR/.app-secret */
  appSecret: string;
  catalogCacheMs: number;
};

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
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    appSecret: c.APP_SECRET ?? localSecret(dataDir),
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    rateLimitMax: c.RATE_LIMIT_MAX ?? (c.APP_ENV === "production" ? 300 : 100_000),
    catalogCacheMs: (c.CATALOG_CACHE_SECONDS ?? (c.APP_ENV === "test" ? 0 : 5)) * 1000,
  };
}

export class ConfigError extends Error {}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".app-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
