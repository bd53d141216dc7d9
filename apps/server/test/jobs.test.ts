import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { seedDemo } from "../src/db/seed/index.ts";
import { SEARCH_INDEX_JOB } from "../src/modules/catalog/search.ts";
import { createJobQueue, type JobRun } from "../src/modules/jobs/queue.ts";
import { client, newRegistration } from "./auth-helpers.ts";
import { dbKinds, openTestApp, openTestDb } from "./harness.ts";
import { tokenOf, userIdOf } from "./staff-helpers.ts";

// Mail goes out through the job queue (in-process table on SQLite, pg-boss on PostgreSQL): a
// request never waits on SMTP, a failed delivery is retried with a growing delay and stays
// visible on its outbox row, and a job outlives the server that queued it.

interface Smtp {
  port: number;
  received: string[];
  /** "accept", "reject" (451, try later) or a delay in ms before accepting */
  mode: "accept" | "reject" | number;
  close(): Promise<void>;
}

async function smtpServer(): Promise<Smtp> {
  const state = { received: [] as string[], mode: "accept" as Smtp["mode"] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        if (state.mode === "reject") {
          return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
        }
        const accept = () => {
          state.received.push(to);
          callback();
        };
        if (typeof state.mode === "number") setTimeout(accept, state.mode);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const appOn = async (dbh: Parameters<typeof buildApp>[0]["dbh"], smtpPort?: number) => {
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: path.join(os.tmpdir(), "market-test-data"),
    ...(smtpPort !== undefined && { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    JOB_RETRY_SECONDS: "1",
  });
  const app = await buildApp({ config, dbh, serveWeb: false });
  await app.ready();
  return app;
};

const outbox = (app: FastifyInstance) =>
  app.dbh.db.selectFrom("outbox").select(["recipient", "status", "attempts", "last_error"]).execute();

describe.each(dbKinds)("background mail delivery on %s", (kind) => {
  it("answers the request before a slow SMTP server has taken the mail", async () => {
    const smtp = await smtpServer();
    smtp.mode = 3000;
    const tdb = await openTestDb(kind);
    const app = await appOn(tdb.dbh, smtp.port);
    try {
      const api = client(() => app);
      const body = newRegistration();
      expect((await api.post("/api/registration", body)).statusCode).toBe(200);
      const started = Date.now();
      expect((await api.post("/api/send-otp", { phone: body.email, forgot_password: 1 })).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(smtp.received).toEqual([]);
      await expect.poll(() => smtp.received, { timeout: 10_000 }).toEqual([body.email]);
      await expect.poll(async () => (await outbox(app))[0]?.status, { timeout: 5000 }).toBe("sent");
    } finally {
      await app.close();
      await tdb.close();
      await smtp.close();
    }
  }, 30_000);

  it("retries a refused delivery, shows the error on the outbox row, and delivers it after a restart", async () => {
    const smtp = await smtpServer();
    smtp.mode = "reject";
    const tdb = await openTestDb(kind);
    let app = await appOn(tdb.dbh, smtp.port);
    try {
      const body = newRegistration();
      const api = client(() => app);
      expect((await api.post("/api/registration", body)).statusCode).toBe(200);
      expect((await api.post("/api/send-otp", { phone: body.email, forgot_password: 1 })).statusCode).toBe(200);
      await expect
        .poll(async () => (await outbox(app))[0], { timeout: 10_000 })
        .toMatchObject({ recipient: body.email, status: "queued", attempts: 1 });
      expect((await outbox(app))[0]?.last_error).toMatch(/451|try later/i);

      // The server stops with the retry still waiting; the next one delivers it.
      await app.close();
      smtp.mode = "accept";
      app = await appOn(tdb.dbh, smtp.port);
      await expect.poll(() => smtp.received, { timeout: 15_000 }).toEqual([body.email]);
      await expect
        .poll(async () => (await outbox(app))[0], { timeout: 5000 })
        .toMatchObject({ status: "sent", last_error: null });
    } finally {
      await app.close();
      await tdb.close();
      await smtp.close();
    }
  }, 60_000);

  it("gives a job up after its last retry, telling the handler which try is the last", async () => {
    const tdb = await openTestDb(kind);
    const log = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createJobQueue>[1];
    const queue = createJobQueue(tdb.dbh, log);
    const runs: JobRun[] = [];
    queue.register(
      "always-fails",
      async (_data, run) => {
        runs.push(run);
        throw new Error("no");
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
    try {
      await queue.start();
      await queue.send("always-fails", { n: 1 });
      await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(2);
      expect(runs).toEqual([
        { attempt: 1, last: false },
        { attempt: 2, last: true },
      ]);
      await new Promise((r) => setTimeout(r, 3000));
      expect(runs).toHaveLength(2);
      expect(await queue.waiting()).toBe(0);
    } finally {
      await queue.stop();
      await tdb.close();
    }
  }, 30_000);
});

describe.each(dbKinds)("search index jobs on %s", (kind) => {
  it("writes a product's search row from a job queued before a restart, once the server is back", async () => {
    const tdb = await openTestDb(kind);
    await seedDemo(tdb.dbh);
    let app = await appOn(tdb.dbh);
    const found = async (text: string) =>
      (await app.inject({ url: `/api/products?search=${text}&per_page=100` }))
        .json()
        .data.data.map((p: { id: number }) => p.id) as number[];
    try {
      const product = await tdb.dbh.db
        .selectFrom("products")
        .select("id")
        .where("is_active", "=", 1)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      // A renamed product whose index job is not due before the server stops.
      await tdb.dbh.db.updateTable("products").set({ name: "Quetzal Teapot" }).where("id", "=", product.id).execute();
      await app.jobs.send(SEARCH_INDEX_JOB, { ids: [product.id] }, { delaySeconds: 3 });
      expect(await found("quetzal")).toEqual([]);
      await app.close();

      app = await appOn(tdb.dbh);
      await expect.poll(() => found("quetzal"), { timeout: 15_000, interval: 250 }).toEqual([product.id]);
    } finally {
      await app.close();
      await tdb.close();
    }
  }, 60_000);
});

describe.each(dbKinds)("the admin's view of outgoing mail on %s", (kind) => {
  it("lists failed deliveries with their error, and a retry delivers one", async () => {
    const smtp = await smtpServer();
    const t = await openTestApp(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JOB_RETRY_SECONDS: "1" } });
    try {
      const admin = await tokenOf(t.dbh, await userIdOf(t.dbh, "admin@example.com"));
      const shopper = await tokenOf(t.dbh, await userIdOf(t.dbh, "shopper@example.com"));
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      const now = new Date().toISOString();
      // A delivery that used up its retries, as the queue leaves it.
      const failed = { channel: "email" as const, subject: "Your order", body: "Thanks", created_at: now };
      await t.dbh.db
        .insertInto("outbox")
        .values([
          { ...failed, recipient: "gone@example.org", status: "failed", attempts: 6, last_error: "550 No such user" },
          { ...failed, recipient: "fine@example.org", status: "sent", attempts: 1, sent_at: now },
        ])
        .execute();
      const [gone, fine] = await t.dbh.db.selectFrom("outbox").select("id").orderBy("id").execute();

      expect((await t.app.inject({ url: "/api/admin/mail", headers: as(shopper) })).statusCode).toBe(403);
      const list = await t.app.inject({ url: "/api/admin/mail?status=failed", headers: as(admin) });
      expect(list.statusCode).toBe(200);
      const page = list.json().data;
      expect(page.data).toEqual([
        expect.objectContaining({ recipient: "gone@example.org", status: "failed", last_error: "550 No such user" }),
      ]);
      expect(page.counts).toMatchObject({ failed: 1, sent: 1 });

      const notFailed = await t.app.inject({
        method: "POST",
        url: `/api/admin/mail/${fine?.id}/retry`,
        headers: as(admin),
      });
      expect(notFailed.statusCode).toBe(409);
      expect(notFailed.json()).toMatchObject({ message: "Only a failed mail can be sent again.", code: "conflict" });

      const retried = await t.app.inject({
        method: "POST",
        url: `/api/admin/mail/${gone?.id}/retry`,
        headers: as(admin),
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ message: "The mail will be sent again.", data: { status: "queued" } });
      await expect.poll(() => smtp.received, { timeout: 10_000 }).toContain("gone@example.org");
      await expect
        .poll(
          async () =>
            (
              await t.dbh.db
                .selectFrom("outbox")
                .select("status")
                .where("id", "=", gone?.id as number)
                .executeTakeFirst()
            )?.status,
        )
        .toBe("sent");
      const audit = await t.dbh.db
        .selectFrom("audit_log")
        .select(["action", "entity"])
        .where("entity", "=", "mail")
        .execute();
      expect(audit).toEqual([{ action: "retry", entity: "mail" }]);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it("says there is no mail server to retry with when SMTP is not configured", async () => {
    const t = await openTestApp(kind);
    try {
      const admin = await tokenOf(t.dbh, await userIdOf(t.dbh, "admin@example.com"));
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/mail/1/retry",
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("No mail server is configured (SMTP_URL), so mail stays in the outbox.");
    } finally {
      await t.close();
    }
  }, 60_000);
});
