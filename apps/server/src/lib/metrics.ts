import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// The process's Prometheus metrics, served at /metrics (modules/health). One registry per
// process, as Prometheus scrapes processes; values are counted where things happen.

export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [metrics],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route pattern, method and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
});

export const dbQueryDuration = new Histogram({
  name: "db_query_duration_seconds",
  help: "Time a database query took, by engine",
  labelNames: ["engine"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metrics],
});

export const realtimeConnections = new Gauge({
  name: "realtime_connections",
  help: "Open realtime (Pusher protocol) connections on this instance",
  registers: [metrics],
});

export const realtimeMessages = new Counter({
  name: "realtime_messages_total",
  help: "Realtime messages, received from clients (in) and sent to them (out)",
  labelNames: ["direction"] as const,
  registers: [metrics],
});

export const mailsSent = new Counter({
  name: "mail_sent_total",
  help: "Mails and text messages: delivered by SMTP (sent), not delivered (failed), or kept in the outbox without a transport (kept)",
  labelNames: ["channel", "result"] as const,
  registers: [metrics],
});

let waitingJobs: () => Promise<number> = async () => 0;
/** What the jobs gauge reads when scraped: the queue's waiting jobs. */
export const measureWaitingJobs = (count: () => Promise<number>) => {
  waitingJobs = count;
};

export const jobsWaiting = new Gauge({
  name: "jobs_waiting",
  help: "Background jobs (mail deliveries) waiting to run, first tries and retries",
  registers: [metrics],
  async collect() {
    this.set(await waitingJobs().catch(() => 0));
  },
});

export const ordersPlaced = new Counter({
  name: "orders_placed_total",
  help: "Orders placed (one per shop of a checkout)",
  registers: [metrics],
});
