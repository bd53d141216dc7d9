import type { FastifyBaseLogger } from "fastify";
import type { DbHandle } from "../../db/index.ts";
import type { JobQueue } from "./job-types.ts";
import { PgBossQueue } from "./pgboss-queue.ts";
import { TableQueue } from "./table-queue.ts";

export type { JobHandler, JobOptions, JobQueue, JobRun, SendOptions } from "./job-types.ts";

// One job queue for work that must not hold a request up (mail delivery, image widths, search
// index rows, notifications): in-process on a table of the embedded SQLite database, and on
// pg-boss when the server runs on PostgreSQL, so every instance shares the queue and a job
// outlives the instance that queued it (decisions.md).

export function createJobQueue(dbh: DbHandle, log: FastifyBaseLogger): JobQueue {
  return dbh.pg && dbh.url ? new PgBossQueue(dbh.url, log) : new TableQueue(dbh.db, log);
}
