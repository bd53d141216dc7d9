import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { Db, DbHandle } from "./db/index.ts";
import type { JobQueue } from "./modules/jobs/queue.ts";
import type { Mailer, SmsSender } from "./modules/mail/mailer.ts";
import type { Realtime } from "./realtime/publisher.ts";

/**
 * The app's adapters, the first argument of every service function. A function names the part it
 * uses (`Pick<AppDeps, "dbh" | "config">`), so a caller passes the app's deps or just that part.
 */
export interface AppDeps {
  dbh: DbHandle;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  realtime: Realtime;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** The deps of a service function that only needs the database. */
export type DbDeps = Pick<AppDeps, "dbh">;

/** The deps the app's plugins decorated it with (mail and realtime register before any route). */
export function appDeps(app: FastifyInstance): AppDeps {
  return {
    dbh: app.dbh,
    config: app.config,
    mailer: app.mailer,
    sms: app.sms,
    realtime: app.realtime,
    jobs: app.jobs,
    log: app.log,
  };
}

/** The same deps with the database calls running in the transaction `trx`. */
export function inTransaction<D extends DbDeps>(deps: D, trx: Db): D {
  return { ...deps, dbh: { db: trx, pg: deps.dbh.pg } };
}
