import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.ts";
import { clock } from "../../lib/clock.ts";
import type { JobHandler, JobOptions, JobQueue, SendOptions } from "./job-types.ts";

// The embedded queue: jobs are rows of the `jobs` table, so they survive a restart. One process
// owns the SQLite file, so one worker loop claims a due job with a conditional update, runs it,
// and deletes it, or schedules its retry with a doubling delay, or keeps it as failed.

const POLL_MS = 1000;

export class TableQueue implements JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; options: JobOptions }>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(name: string, handler: JobHandler, options: JobOptions): void {
    this.handlers.set(name, { handler, options });
  }

  async send(name: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    const now = clock.now();
    const runAt = new Date(now.getTime() + (options.delaySeconds ?? 0) * 1000).toISOString();
    // In a transaction the worker's next query waits for it (one SQLite connection), so the kick
    // below finds the job once it is committed, and nothing if it is rolled back.
    await (options.db ?? this.db)
      .insertInto("jobs")
      .values({ name, data: JSON.stringify(data), state: "queued", run_at: runAt, created_at: now.toISOString() })
      .execute();
    this.kick();
  }

  async start(): Promise<void> {
    if (this.handlers.size === 0 || !this.stopped) return;
    this.stopped = false;
    // A job that was running when the process stopped runs again.
    await this.db.updateTable("jobs").set({ state: "queued" }).where("state", "=", "active").execute();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }

  async waiting(): Promise<number> {
    const row = await this.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "=", "queued")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async idle(): Promise<void> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return;
    for (;;) {
      await this.draining;
      const due = await this.db
        .selectFrom("jobs")
        .select("id")
        .where("state", "=", "queued")
        .where("run_at", "<=", clock.iso())
        .where("name", "in", names)
        .limit(1)
        .executeTakeFirst();
      if (!due && !this.draining) return;
      if (this.stopped) throw new Error("the job queue is stopped");
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private kick(): void {
    if (this.stopped || this.draining) return;
    this.draining = this.drain()
      .catch((error: unknown) => this.log.error(error, "job queue"))
      .finally(() => {
        this.draining = null;
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.db
        .selectFrom("jobs")
        .select(["id", "name", "data", "attempts"])
        .where("state", "=", "queued")
        .where("run_at", "<=", clock.iso())
        .where("name", "in", [...this.handlers.keys()])
        .orderBy("run_at")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!job) return;
      const claimed = await this.db
        .updateTable("jobs")
        .set({ state: "active" })
        .where("id", "=", job.id)
        .where("state", "=", "queued")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) await this.run(job);
    }
  }

  private async run(job: { id: number; name: string; data: string; attempts: number }): Promise<void> {
    const { handler, options } = this.handlers.get(job.name) as { handler: JobHandler; options: JobOptions };
    const attempt = job.attempts + 1;
    const last = job.attempts >= options.retryLimit;
    try {
      await handler(JSON.parse(job.data) as Record<string, unknown>, { attempt, last });
      await this.db.deleteFrom("jobs").where("id", "=", job.id).execute();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delayMs = options.retryDelaySeconds * 1000 * 2 ** job.attempts;
      await this.db
        .updateTable("jobs")
        .set({
          state: last ? "failed" : "queued",
          attempts: attempt,
          last_error: message,
          run_at: new Date(clock.now().getTime() + delayMs).toISOString(),
        })
        .where("id", "=", job.id)
        .execute();
    }
  }
}
