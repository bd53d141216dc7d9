import type { FastifyBaseLogger } from "fastify";
import { CompiledQuery } from "kysely";
import PgBoss from "pg-boss";
import type { Db } from "../../db/index.ts";
import type { JobHandler, JobOptions, JobQueue, SendOptions } from "./job-types.ts";

// The queue on PostgreSQL: pg-boss (its tables in the `pgboss` schema of the same database, on a
// small pool of its own: its scripts open transactions our pool must never inherit), so every
// instance takes jobs from one queue and a job outlives the instance that queued it. A job sent
// with a transaction is inserted through that transaction, so it exists only if it commits.

const SCHEMA = "pgboss";

export class PgBossQueue implements JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; options: JobOptions }>();
  private readonly boss: PgBoss;
  /** this instance's worker of each name, woken when a job of that name is sent from here */
  private readonly workers = new Map<string, string>();
  private started: Promise<void> | null = null;

  constructor(connectionString: string, log: FastifyBaseLogger) {
    this.boss = new PgBoss({ connectionString, schema: SCHEMA, max: 3, application_name: "marketplace-jobs" });
    this.boss.on("error", (error) => log.error(error, "job queue"));
  }

  register(name: string, handler: JobHandler, options: JobOptions): void {
    this.handlers.set(name, { handler, options });
  }

  start(): Promise<void> {
    if (this.handlers.size === 0) return Promise.resolve();
    this.started ??= this.begin();
    return this.started;
  }

  private async begin(): Promise<void> {
    await this.boss.start();
    for (const [name, { handler, options }] of this.handlers) {
      await this.createQueue(name, options);
      const worker = await this.boss.work<Record<string, unknown>>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          await handler(job.data, { attempt: job.retryCount + 1, last: job.retryCount >= job.retryLimit });
        },
      );
      this.workers.set(name, worker);
    }
  }

  /**
   * Creates the queue unless it exists. Instances starting together on a new database can
   * deadlock or collide in pg-boss's `create_queue` (its DDL); the loser tries again.
   */
  private async createQueue(name: string, options: JobOptions): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.boss.getQueue(name)) return;
      try {
        await this.boss.createQueue(name, {
          name,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: true,
        });
        return;
      } catch (error) {
        if (!["40P01", "23505"].includes(String((error as { code?: string }).code)) || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
  }

  async send(name: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.start();
    const trx = options.db?.isTransaction ? options.db : null;
    await this.boss.send(name, data, {
      ...(options.delaySeconds && { startAfter: options.delaySeconds }),
      ...(trx && { db: executorOf(trx) }),
    });
    // A committed job due now starts without waiting for the next poll; one in a transaction is
    // taken by the first poll after its commit.
    const worker = this.workers.get(name);
    if (worker && !trx && !options.delaySeconds) this.boss.notifyWorker(worker);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  async idle(): Promise<void> {
    if (!this.started) return;
    await this.started;
    const names = [...this.handlers.keys()];
    for (;;) {
      const { rows } = await this.boss
        .getDb()
        .executeSql(
          `select count(*)::int as n from ${SCHEMA}.job where name = any($1) and state < 'completed' and start_after <= now()`,
          [names],
        );
      if ((rows[0] as { n: number }).n === 0) return;
      for (const worker of this.workers.values()) this.boss.notifyWorker(worker);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async waiting(): Promise<number> {
    if (!this.started) return 0;
    let n = 0;
    for (const name of this.handlers.keys()) n += await this.boss.getQueueSize(name);
    return n;
  }
}

/** pg-boss's way to run its insert on our connection: through the caller's transaction. */
const executorOf = (db: Db) => ({
  executeSql: (text: string, values?: unknown[]) =>
    db.executeQuery(CompiledQuery.raw(text, values ?? [])) as Promise<{ rows: unknown[] }>,
});
