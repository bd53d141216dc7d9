import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { JobHandler, JobOptions, JobQueue } from "./job-types.ts";

// The queue on PostgreSQL: pg-boss (its tables in the `pgboss` schema of the same database, on a
// small pool of its own: its scripts open transactions our pool must never inherit), so every
// instance takes jobs from one queue and a job outlives the instance that queued it.

export class PgBossQueue implements JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; options: JobOptions }>();
  private readonly boss: PgBoss;
  private started: Promise<void> | null = null;

  constructor(connectionString: string, log: FastifyBaseLogger) {
    this.boss = new PgBoss({ connectionString, max: 3, application_name: "marketplace-jobs" });
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
      await this.boss.work<Record<string, unknown>>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          await handler(job.data, { attempt: job.retryCount + 1, last: job.retryCount >= job.retryLimit });
        },
      );
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

  async send(name: string, data: Record<string, unknown>, options: { delaySeconds?: number } = {}): Promise<void> {
    await this.start();
    await this.boss.send(name, data, options.delaySeconds ? { startAfter: options.delaySeconds } : {});
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  async waiting(): Promise<number> {
    if (!this.started) return 0;
    let n = 0;
    for (const name of this.handlers.keys()) n += await this.boss.getQueueSize(name);
    return n;
  }
}
