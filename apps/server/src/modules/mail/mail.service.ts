import { ADMIN_MAIL_MESSAGES, OUTBOX_STATUSES, type OutboxMessage, type outboxQuery } from "@market/contract";
import type { z } from "zod";
import { writeTransaction } from "../../db/index.ts";
import type { AppDeps } from "../../deps.ts";
import { inTransaction } from "../../deps.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { pageMeta, pageWindow } from "../../lib/paging.ts";
import { recordAudit } from "../admin/audit.service.ts";
import * as repo from "./mail.repository.ts";
import { MAIL_JOB } from "./mailer.ts";

// The admin's view of outgoing mail: the outbox with each message's delivery state, and a retry
// of a failed delivery.

type MailDeps = Pick<AppDeps, "dbh" | "config" | "jobs">;

export async function outbox(deps: Pick<AppDeps, "dbh">, q: z.output<typeof outboxQuery>) {
  const { rows, total, counts } = await repo.outboxPage(deps.dbh.db, q, pageWindow(q));
  const byStatus = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxMessage["status"], number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { data: rows, ...pageMeta(total, q), counts: byStatus };
}

export async function retryMail(deps: MailDeps, adminId: number, id: number): Promise<OutboxMessage> {
  if (!deps.config.SMTP_URL) throw new AppError(409, ADMIN_MAIL_MESSAGES.noTransport);
  await writeTransaction(deps.dbh, async (trx) => {
    const row = await repo.outboxRow(trx, id);
    if (!row) throw notFound("Mail");
    if (!(await repo.requeueFailed(trx, id))) throw new AppError(409, ADMIN_MAIL_MESSAGES.notFailed);
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "retry",
      entity: "mail",
      entityId: id,
      summary: `${row.subject} → ${row.recipient}`,
    });
  });
  await deps.jobs.send(MAIL_JOB, { id });
  const row = await repo.outboxRow(deps.dbh.db, id);
  if (!row) throw notFound("Mail");
  return row;
}
