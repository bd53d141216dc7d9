import type { Db } from "../../db/index.ts";

// What a job queue offers, whichever engine keeps the jobs (queue.ts chooses).

export interface JobRun {
  /** 1 for the first try */
  attempt: number;
  /** no retry follows when this one fails */
  last: boolean;
}
export type JobHandler = (data: Record<string, unknown>, run: JobRun) => Promise<void>;

export interface JobOptions {
  /** retries after the first failure */
  retryLimit: number;
  /** seconds before the first retry; each further retry waits twice as long */
  retryDelaySeconds: number;
}

export interface SendOptions {
  delaySeconds?: number;
  /**
   * A transaction to store the job in: it exists only if that transaction commits, and no worker
   * sees it before. Without it the job is stored at once.
   */
  db?: Db;
}

export interface JobQueue {
  /** Before start: what runs jobs of this name. */
  register(name: string, handler: JobHandler, options: JobOptions): void;
  /** Stores a job durably; it runs on some instance soon after, or once `delaySeconds` have passed. */
  send(name: string, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  /** Starts the workers of the registered names (nothing when none are). */
  start(): Promise<void>;
  /** Lets the job in hand finish, then stops taking jobs. */
  stop(): Promise<void>;
  /** Jobs waiting to run (first tries and retries). */
  waiting(): Promise<number>;
  /** Resolves once no job of a registered name is due or running (tests wait on it, never sleep). */
  idle(): Promise<void>;
}
