import { randomBytes } from "node:crypto";
import path from "node:path";
import {
  type AdminTicketDetails,
  type AdminTicketSummary,
  type Paginated,
  SUPPORT_MESSAGES,
  type SupportTicketBody,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_MAX,
  TICKET_CLOSED_STATUSES,
  TICKET_MESSAGES_MAX,
  type TicketDetails,
  type TicketIssueType,
  type TicketStatus,
  type TicketSummary,
} from "@market/contract";
import { fileTypeFromBuffer } from "file-type";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound, tooManyUntil } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shownName } from "../../lib/messages.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { privateFilePath, removePrivateFile, savePrivateFile } from "../../lib/uploads.ts";
import { plainMail } from "../notifications/mail-templates.ts";
import { notifyInApp } from "../notifications/notify.ts";
import * as repo from "./support.repository.ts";

export type SupportDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "realtime" | "log">;

/** A file part of a multipart ticket form, read into memory (at most 2 MB, see the routes). */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
  truncated: boolean;
}

/** Who writes a message: the ticket's shopper, or staff (admin area) who may see every ticket. */
export interface Author {
  id: number;
  staff: boolean;
}

const FOLDER = "tickets";
const HOUR_MS = 3_600_000;
export const TICKETS_PER_HOUR = 10;
const attachmentError = (message: string) => new AppError(422, message, { attachments: [message] });

// Crockford's base32 without I, L, O, U: 10 symbols carry 50 random bits, so numbers cannot be
// guessed or walked through, and they read aloud without mix-ups.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function newTicketNumber(): string {
  return `TK-${Array.from(randomBytes(10), (b) => ALPHABET[b & 31]).join("")}`;
}

// ---- mapping ----

const issueTypeOf = (r: { issue_type_id: number; issue_type_name: string; issue_type_i18n: string }, locale: string) =>
  tr({ name: r.issue_type_name, i18n: r.issue_type_i18n }, "name", locale);

function summaryOf(r: repo.TicketRow, locale: string): TicketSummary {
  return {
    ticket_number: r.ticket_number,
    subject: r.subject,
    issue_type: { id: r.issue_type_id, name: issueTypeOf(r, locale) },
    status: r.status,
    order_number: r.order_number,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const customerOf = (r: repo.TicketRow, locale: string) => ({
  id: r.user_id,
  name: shownName(r.customer_name, r.customer_erased_at, locale),
  email: r.customer_email,
});

async function detailsOf(db: Db, r: repo.TicketRow, locale: string): Promise<TicketDetails> {
  const { messages, attachments } = await repo.messagesOf(db, r.id);
  return {
    ...summaryOf(r, locale),
    email: r.email,
    phone: r.phone,
    messages: messages.map((m) => ({
      id: m.id,
      message: m.message,
      sender: m.is_staff === 1 ? "staff" : "user",
      author: { name: shownName(m.name, m.erased_at, locale), profile_photo: m.profile_photo },
      created_at: m.created_at,
      attachments: attachments
        .filter((a) => a.message_id === m.id)
        .map((a) => ({ id: a.id, name: a.name, mime: a.mime, size: Number(a.size) })),
    })),
  };
}

// ---- attachments ----

interface CheckedFile {
  name: string;
  mime: string;
  ext: string;
  bytes: Buffer;
}

/** A file name safe to show and to send back in Content-Disposition, ending in its real type. */
function cleanName(given: string, ext: string): string {
  const base = path
    .basename(given.replaceAll("\\", "/"))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  const own = base.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase();
  const same = own === ext || (ext === "jpg" && own === "jpeg");
  if (!base || base.startsWith(".")) return `attachment.${ext}`;
  return same ? base : `${base}.${ext}`;
}

/** Sizes and types by content, not by name or declared type: a text file named .png is refused. */
async function checkFiles(files: UploadedFile[]): Promise<CheckedFile[]> {
  if (files.length > TICKET_ATTACHMENTS_MAX) throw attachmentError(SUPPORT_MESSAGES.tooManyFiles);
  const out: CheckedFile[] = [];
  for (const f of files) {
    if (f.truncated || f.bytes.length > TICKET_ATTACHMENT_MAX_BYTES)
      throw attachmentError(SUPPORT_MESSAGES.fileTooLarge);
    const type = await fileTypeFromBuffer(f.bytes);
    const ext = type && (TICKET_ATTACHMENT_TYPES as Record<string, string>)[type.mime];
    if (!type || !ext) throw attachmentError(SUPPORT_MESSAGES.fileBadType);
    out.push({ name: cleanName(f.name, ext), mime: type.mime, ext, bytes: f.bytes });
  }
  return out;
}

/** Writes the files, then runs `write` with their stored names; a failed write removes them again. */
async function withStoredFiles<T>(
  config: Config,
  files: CheckedFile[],
  write: (stored: { file: CheckedFile; stored_name: string }[]) => Promise<T>,
): Promise<T> {
  const stored: { file: CheckedFile; stored_name: string }[] = [];
  try {
    for (const file of files) {
      stored.push({ file, stored_name: await savePrivateFile(config, FOLDER, file.ext, file.bytes) });
    }
    return await write(stored);
  } catch (e) {
    for (const s of stored) await removePrivateFile(config, FOLDER, s.stored_name);
    throw e;
  }
}

const attachmentRows = (messageId: number, stored: { file: CheckedFile; stored_name: string }[]) =>
  stored.map(({ file, stored_name }) => ({
    message_id: messageId,
    name: file.name,
    mime: file.mime,
    size: file.bytes.length,
    stored_name,
  }));

// ---- shopper ----

export async function issueTypes(deps: DbDeps, locale: string): Promise<TicketIssueType[]> {
  const { db } = deps.dbh;
  return (await repo.issueTypes(db)).map((r) => ({ id: r.id, name: tr(r, "name", locale) }));
}

export async function listTickets(
  deps: DbDeps,
  userId: number,
  q: { page: number; per_page: number; status?: TicketStatus | undefined },
  locale: string,
): Promise<Paginated<TicketSummary>> {
  const { db } = deps.dbh;
  const { rows, total } = await repo.ticketPage(db, { userId, status: q.status }, pageWindow(q));
  return paginate(
    rows.map((r) => summaryOf(r, locale)),
    total,
    q,
  );
}

/**
 * Opens a ticket with its first message and files, in one transaction. The order number, when
 * given, must name one of the shopper's own orders.
 */
export async function createTicket(
  deps: SupportDeps,
  userId: number,
  body: SupportTicketBody,
  files: UploadedFile[],
  locale: string,
): Promise<TicketDetails> {
  const { config } = deps;
  const { db } = deps.dbh;
  const checked = await checkFiles(files);
  if (!(await repo.issueTypeById(db, body.issue_type))) {
    throw new AppError(422, SUPPORT_MESSAGES.issueTypeInvalid, { issue_type: [SUPPORT_MESSAGES.issueTypeInvalid] });
  }
  const orderNumber = body.order_number === null ? null : await repo.ownOrderCode(db, userId, body.order_number);
  if (orderNumber === undefined) {
    throw new AppError(422, SUPPORT_MESSAGES.orderNotYours, { order_number: [SUPPORT_MESSAGES.orderNotYours] });
  }
  const now = clock.ms();
  const opened = await repo.ticketsOpenedSince(db, userId, new Date(now - HOUR_MS).toISOString());
  if (opened.count >= TICKETS_PER_HOUR) {
    throw tooManyUntil(SUPPORT_MESSAGES.tooManyTickets, Date.parse(`${opened.oldest}`) + HOUR_MS);
  }
  const at = new Date(now).toISOString();
  const ticketNumber = newTicketNumber();
  await withStoredFiles(config, checked, (stored) =>
    db.transaction().execute(async (trx) => {
      const ticketId = await repo.insertTicket(trx, {
        ticket_number: ticketNumber,
        user_id: userId,
        issue_type_id: body.issue_type,
        subject: body.subject,
        email: body.email,
        phone: body.phone,
        order_number: orderNumber,
        message_count: 1,
        created_at: at,
        updated_at: at,
      });
      const messageId = await repo.insertMessage(trx, {
        ticket_id: ticketId,
        user_id: userId,
        is_staff: 0,
        message: body.message,
        created_at: at,
      });
      await repo.insertAttachments(trx, attachmentRows(messageId, stored));
    }),
  );
  return ticketDetails(deps, ticketNumber, userId, locale);
}

/** A ticket with its conversation; only the shopper's own when `userId` is given (404 otherwise). */
export async function ticketDetails(
  deps: DbDeps,
  ticketNumber: string,
  userId: number | undefined,
  locale: string,
): Promise<TicketDetails> {
  const { db } = deps.dbh;
  const row = await repo.ticketByNumber(db, ticketNumber, userId);
  if (!row) throw notFound("Ticket");
  return detailsOf(db, row, locale);
}

/**
 * Adds a message with files. The shopper may write only on an open ticket of their own; staff may
 * write on any. Staff's answer moves a pending ticket to confirm, and the shopper's next message
 * moves it back to pending: it waits for an answer again (the admin's queue and dashboard count it).
 */
export async function reply(
  deps: SupportDeps,
  ticketNumber: string,
  author: Author,
  message: string,
  files: UploadedFile[],
  locale: string,
): Promise<TicketDetails> {
  const { config } = deps;
  const { db } = deps.dbh;
  const row = await repo.ticketByNumber(db, ticketNumber, author.staff ? undefined : author.id);
  if (!row) throw notFound("Ticket");
  if (!author.staff && TICKET_CLOSED_STATUSES.includes(row.status)) throw new AppError(409, SUPPORT_MESSAGES.closed);
  const checked = await checkFiles(files);
  const at = clock.iso();
  // Staff's answer takes a pending ticket out of the queue; the shopper's follow-up puts it back.
  const status = author.staff
    ? row.status === "pending"
      ? "confirm"
      : undefined
    : row.status === "confirm"
      ? "pending"
      : undefined;
  await withStoredFiles(config, checked, (stored) =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.countMessage(trx, row.id, TICKET_MESSAGES_MAX, at, status))) {
        throw new AppError(409, SUPPORT_MESSAGES.tooManyMessages);
      }
      const messageId = await repo.insertMessage(trx, {
        ticket_id: row.id,
        user_id: author.id,
        is_staff: author.staff ? 1 : 0,
        message,
        created_at: at,
      });
      await repo.insertAttachments(trx, attachmentRows(messageId, stored));
    }),
  );
  if (author.staff) await tellAnswered(deps, row);
  return ticketDetails(deps, ticketNumber, author.staff ? undefined : author.id, locale);
}

/**
 * Tells the shopper in the app and by mail, in their language, that support answered; a failure
 * of either does not undo the answer.
 */
async function tellAnswered(deps: SupportDeps, row: repo.TicketRow) {
  await notifyInApp(deps, { userId: row.user_id }, "ticket_answered", { code: row.ticket_number });
  // The notice says to sign in and open the ticket: it goes to the account's own address, which can;
  // a guest's (made up) or an account without one falls back to the address typed on the form.
  const to = row.customer_email && row.customer_is_guest !== 1 ? row.customer_email : row.email;
  try {
    await deps.mailer.send({
      to,
      ...plainMail(row.customer_locale, "ticket_reply", { ticket: row.ticket_number }),
    });
  } catch (e) {
    deps.log.error(e, "mailing a ticket reply notice failed");
  }
}

/** The stored file of an attachment, for its download route; only on the shopper's own tickets when `userId` is given. */
export async function attachmentFile(
  deps: SupportDeps,
  ticketNumber: string,
  attachmentId: number,
  userId: number | undefined,
) {
  const row = await repo.attachmentOf(deps.dbh.db, ticketNumber, attachmentId, userId);
  if (!row) throw notFound("Attachment");
  return {
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    path: privateFilePath(deps.config, FOLDER, row.stored_name),
  };
}

// ---- staff ----

export async function adminTickets(
  deps: DbDeps,
  q: { page: number; per_page: number; status?: TicketStatus | undefined },
  locale: string,
): Promise<Paginated<AdminTicketSummary>> {
  const { db } = deps.dbh;
  const { rows, total } = await repo.ticketPage(db, { status: q.status }, pageWindow(q));
  return paginate(
    rows.map((r) => ({ ...summaryOf(r, locale), customer: customerOf(r, locale) })),
    total,
    q,
  );
}

export async function adminTicketDetails(
  deps: DbDeps,
  ticketNumber: string,
  locale: string,
): Promise<AdminTicketDetails> {
  const { db } = deps.dbh;
  const row = await repo.ticketByNumber(db, ticketNumber);
  if (!row) throw notFound("Ticket");
  return { ...(await detailsOf(db, row, locale)), customer: customerOf(row, locale) };
}

/** Support sets a ticket's status; one it closes tells its shopper, whose page then shows it closed. */
export async function changeStatus(deps: SupportDeps, ticketNumber: string, status: TicketStatus, locale: string) {
  const { db } = deps.dbh;
  const row = await repo.ticketByNumber(db, ticketNumber);
  if (!row) throw notFound("Ticket");
  if (row.status !== status) {
    await repo.setStatus(db, row.id, status, clock.iso());
    if (TICKET_CLOSED_STATUSES.includes(status) && !TICKET_CLOSED_STATUSES.includes(row.status))
      await notifyInApp(deps, { userId: row.user_id }, "ticket_closed", { code: row.ticket_number });
  }
  return adminTicketDetails(deps, ticketNumber, locale);
}
