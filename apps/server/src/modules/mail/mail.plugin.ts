import { isIPv4 } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { escapeHtml } from "../../lib/html.ts";
import { latestOutbox } from "./mail.repository.ts";
import { createMailer, createSmsSender, type Mailer, type SmsSender } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    sms: SmsSender;
  }
}

/** Decorates the app with the mailer and SMS sender; adds `/dev/outbox` outside production. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("mailer", createMailer(app.config, app.dbh.db, app.jobs, app.log));
    app.decorate("sms", createSmsSender(app.dbh.db, app.log));

    // A development aid for trying the code flows by hand; it must not exist in production.
    // It lists every code mailed, and the default HOST listens on the network: loopback only, judged
    // by the socket, since X-Forwarded-For is whatever the client writes.
    if (app.config.APP_ENV === "local" || app.config.APP_ENV === "test") {
      app.get("/dev/outbox", async (req, reply) => {
        if (!isLoopback(req.socket.remoteAddress)) return reply.status(404).send({ message: "Not Found" });
        const rows = await latestOutbox(app.dbh.db, 50);
        if ((req.query as { format?: string }).format === "json") return { message: "Outbox", data: rows };
        const items = rows
          .map(
            (r) =>
              `<li><p><b>${escapeHtml(r.channel)}</b> to <b>${escapeHtml(r.recipient)}</b> at ${escapeHtml(r.created_at)}</p>` +
              `<p>${escapeHtml(r.subject)}</p><pre>${escapeHtml(r.body)}</pre></li>`,
          )
          .join("\n");
        return reply
          .type("text/html; charset=utf-8")
          .send(
            `<!doctype html><html><head><meta charset="utf-8"><title>Outbox</title></head><body>` +
              `<h1>Outbox (latest ${rows.length})</h1><ol>${items}</ol></body></html>`,
          );
      });
    }
  },
  { name: "mail", dependencies: ["jobs"] },
);

/** 127.0.0.0/8, ::1, and 127.x as an IPv4-mapped IPv6 address. */
function isLoopback(address: string | undefined): boolean {
  const v4 = address?.replace(/^::ffff:/i, "") ?? "";
  return address === "::1" || (isIPv4(v4) && v4.startsWith("127."));
}
