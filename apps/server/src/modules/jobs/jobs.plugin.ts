import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { measureWaitingJobs } from "../../lib/metrics.ts";
import { createJobQueue, type JobQueue } from "./queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Decorates the app with the job queue: modules register handlers, the workers start when the app is ready. */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = createJobQueue(app.dbh, app.log);
    app.decorate("jobs", jobs);
    measureWaitingJobs(() => jobs.waiting());
    app.addHook("onReady", () => jobs.start());
    // Before the database closes: the job in hand finishes.
    app.addHook("preClose", () => jobs.stop());
  },
  { name: "jobs" },
);
