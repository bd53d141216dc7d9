import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { clock } from "../../lib/clock.ts";
import { insertOutbox } from "./mail.repository.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

/** Mail through SMTP when SMTP_URL is set; otherwise into the outbox table (and the log). */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text });
      },
    };
  }
  return {
    async send({ to, subject, text }) {
      await insertOutbox(db, { channel: "email", recipient: to, subject, body: text, created_at: clock.iso() });
      log.info({ to, subject }, "mail written to the outbox");
    },
  };
}

/** No SMS gateway is configured yet: text messages go to the outbox, like mail without SMTP. */
export function createSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send({ to, text }) {
      await insertOutbox(db, { channel: "sms", recipient: to, subject: "SMS", body: text, created_at: clock.iso() });
      log.info({ to }, "text message written to the outbox");
    },
  };
}
