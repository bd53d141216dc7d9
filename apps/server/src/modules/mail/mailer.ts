import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { clock } from "../../lib/clock.ts";
import { mailsSent } from "../../lib/metrics.ts";
import type { JobQueue } from "../jobs/queue.ts";
import * as repo from "./mail.repository.ts";

// Every mail and text message is first written to the outbox. With SMTP_URL set a mail is then
// delivered by a background job (retried with a doubling delay, its failure kept on the outbox
// row for the admin), so no request waits on SMTP; without it the outbox is where messages end
// (shown at /dev/outbox outside production). No SMS gateway is configured yet.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** the HTML alternative of `text` */
  html?: string;
}
export interface SmsMessage {
  to: string;
  text: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export const MAIL_JOB = "mail";
/** retries after the first failed delivery: 30 s, 1, 2, 4, 8 min at the default delay */
const MAIL_RETRIES = 5;

export function createMailer(config: Config, db: Db, jobs: JobQueue, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  if (transport) {
    jobs.register(
      MAIL_JOB,
      async (data, run) => {
        const row = await repo.outboxRow(db, Number(data.id));
        if (!row || row.status === "sent") return;
        try {
          await transport.sendMail({
            from: config.MAIL_FROM,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            ...(row.html !== null && { html: row.html }),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await repo.markOutbox(db, row.id, {
            status: run.last ? "failed" : "queued",
            attempts: run.attempt,
            last_error: message.slice(0, 500),
          });
          mailsSent.inc({ channel: "email", result: "failed" });
          log.warn({ to: row.recipient, attempt: run.attempt, error: message }, "mail delivery failed");
          throw error;
        }
        await repo.markOutbox(db, row.id, {
          status: "sent",
          attempts: run.attempt,
          last_error: null,
          sent_at: clock.iso(),
        });
        mailsSent.inc({ channel: "email", result: "sent" });
      },
      { retryLimit: MAIL_RETRIES, retryDelaySeconds: config.JOB_RETRY_SECONDS },
    );
  }
  return {
    async send({ to, subject, text, html }) {
      const status = transport ? "queued" : "kept";
      const id = await repo.insertOutbox(db, {
        channel: "email",
        recipient: to,
        subject,
        body: text,
        html: html ?? null,
        created_at: clock.iso(),
        status,
      });
      if (transport) await jobs.send(MAIL_JOB, { id });
      else {
        mailsSent.inc({ channel: "email", result: "kept" });
        log.info({ to, subject }, "mail written to the outbox");
      }
    },
  };
}

export function createSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send({ to, text }) {
      await repo.insertOutbox(db, {
        channel: "sms",
        recipient: to,
        subject: "SMS",
        body: text,
        created_at: clock.iso(),
      });
      mailsSent.inc({ channel: "sms", result: "kept" });
      log.info({ to }, "text message written to the outbox");
    },
  };
}
