import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { safeEqual } from "../../lib/crypto.ts";
import { httpDuration, httpRequests, metrics } from "../../lib/metrics.ts";

// Probes for a load balancer or an orchestrator, outside /api: `/healthz` answers while the
// process runs; `/readyz` answers 200 only when the database (and Redis, when configured)
// answer within a second, else 503 naming the part that failed. `/metrics` in Prometheus's
// format: with METRICS_TOKEN set it needs that bearer token; without it, it is served only
// outside production.

const PROBE_TIMEOUT_MS = 1000;

type Check = "ok" | "failed" | "timeout";

async function probe(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then((): Check => "ok"), late]);
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** set when the server begins to stop: /readyz answers 503 from then on */
    stopping: boolean;
  }
}

export function healthRoutes(app: FastifyInstance, redis: Redis | null) {
  app.decorate("stopping", false);
  app.addHook("preClose", async () => {
    app.stopping = true;
  });

  // Every answer counts under its route pattern (not the raw URL, which would be unbounded).
  app.addHook("onResponse", async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? "unmatched", status: reply.statusCode };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const token = app.config.METRICS_TOKEN;
  if (token || app.config.APP_ENV !== "production") {
    app.get("/metrics", { config: { rateLimit: false } }, async (req, reply) => {
      if (token && !safeEqual(req.headers.authorization ?? "", `Bearer ${token}`)) {
        return reply.status(401).send({ message: "Unauthenticated.", code: "unauthenticated" });
      }
      return reply.type(metrics.contentType).send(await metrics.metrics());
    });
  }

  app.get("/healthz", { config: { rateLimit: false } }, async () => ({ status: "ok" }));

  app.get("/readyz", { config: { rateLimit: false } }, async (_req, reply) => {
    const checks: Record<string, Check | "stopping"> = {
      database: await probe(() => sql`select 1`.execute(app.dbh.db)),
      ...(redis && { redis: await probe(() => redis.ping()) }),
    };
    if (app.stopping) checks.server = "stopping";
    const failing = Object.keys(checks).filter((k) => checks[k] !== "ok");
    return reply
      .status(failing.length === 0 ? 200 : 503)
      .send({ status: failing.length === 0 ? "ready" : "unavailable", checks, ...(failing.length > 0 && { failing }) });
  });
}
