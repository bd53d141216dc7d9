import type { TicketStatus as Status } from "@market/contract";
import type { Insertable, Kysely } from "kysely";
import { countRows, countSince } from "../../db/queries.ts";
import type {
  Database,
  SupportTicketAttachmentsTable,
  SupportTicketMessagesTable,
  SupportTicketsTable,
} from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All support-ticket SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

export const issueTypes = (db: Q) =>
  db.selectFrom("ticket_issue_types").selectAll().orderBy("sort").orderBy("id").execute();

export const issueTypeById = (db: Q, id: number) =>
  db.selectFrom("ticket_issue_types").select("id").where("id", "=", id).executeTakeFirst();

export function ticketsOpenedSince(db: Q, userId: number, since: string) {
  return countSince(db.selectFrom("support_tickets").where("user_id", "=", userId).where("created_at", ">=", since));
}

export async function insertTicket(db: Q, row: Insertable<SupportTicketsTable>): Promise<number> {
  const r = await db.insertInto("support_tickets").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertMessage(db: Q, row: Insertable<SupportTicketMessagesTable>): Promise<number> {
  const r = await db.insertInto("support_ticket_messages").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertAttachments(db: Q, rows: Insertable<SupportTicketAttachmentsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto("support_ticket_attachments").values(rows).execute();
}

/**
 * Counts a new message on the ticket and stamps its activity time, unless the ticket already holds
 * `max` messages; answers whether it was counted. One conditional update, so parallel replies
 * cannot pass the cap.
 */
export async function countMessage(db: Q, ticketId: number, max: number, now: string, status?: Status) {
  const r = await db
    .updateTable("support_tickets")
    .set((eb) => ({ message_count: eb("message_count", "+", 1), updated_at: now, ...(status && { status }) }))
    .where("id", "=", ticketId)
    .where("message_count", "<", max)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setStatus(db: Q, ticketId: number, status: Status, now: string): Promise<void> {
  await db.updateTable("support_tickets").set({ status, updated_at: now }).where("id", "=", ticketId).execute();
}

const ticketColumns = [
  "t.id",
  "t.ticket_number",
  "t.user_id",
  "t.subject",
  "t.email",
  "t.phone",
  "t.order_number",
  "t.status",
  "t.created_at",
  "t.updated_at",
  "it.id as issue_type_id",
  "it.name as issue_type_name",
  "it.i18n as issue_type_i18n",
  "u.name as customer_name",
  "u.erased_at as customer_erased_at",
  "u.email as customer_email",
  "u.locale as customer_locale",
  "u.is_guest as customer_is_guest",
] as const;

function ticketsQuery(db: Q) {
  return db
    .selectFrom("support_tickets as t")
    .innerJoin("ticket_issue_types as it", "it.id", "t.issue_type_id")
    .innerJoin("users as u", "u.id", "t.user_id");
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketByNumber>>>;

/** A page of tickets, latest activity first; one shopper's when `userId` is given, everyone's otherwise. */
export async function ticketPage(
  db: Q,
  filter: { userId?: number | undefined; status?: Status | undefined },
  page: PageWindow,
) {
  let q = ticketsQuery(db);
  if (filter.userId !== undefined) q = q.where("t.user_id", "=", filter.userId);
  if (filter.status !== undefined) q = q.where("t.status", "=", filter.status);
  const [rows, total] = await Promise.all([
    q
      .select(ticketColumns)
      .orderBy("t.updated_at", "desc")
      .orderBy("t.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
  return { rows, total };
}

/** One ticket by its number; only among the shopper's own when `userId` is given. */
export function ticketByNumber(db: Q, ticketNumber: string, userId?: number) {
  let q = ticketsQuery(db).select(ticketColumns).where("t.ticket_number", "=", ticketNumber);
  if (userId !== undefined) q = q.where("t.user_id", "=", userId);
  return q.executeTakeFirst();
}

export async function messagesOf(db: Q, ticketId: number) {
  const messages = await db
    .selectFrom("support_ticket_messages as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.id", "m.message", "m.is_staff", "m.created_at", "u.name", "u.erased_at", "u.profile_photo"])
    .where("m.ticket_id", "=", ticketId)
    .orderBy("m.id")
    .execute();
  const ids = messages.map((m) => m.id);
  const attachments = ids.length
    ? await db
        .selectFrom("support_ticket_attachments")
        .select(["id", "message_id", "name", "mime", "size"])
        .where("message_id", "in", ids)
        .orderBy("id")
        .execute()
    : [];
  return { messages, attachments };
}

/** An attachment of a ticket's message; only on the shopper's own tickets when `userId` is given. */
export function attachmentOf(db: Q, ticketNumber: string, attachmentId: number, userId?: number) {
  let q = db
    .selectFrom("support_ticket_attachments as a")
    .innerJoin("support_ticket_messages as m", "m.id", "a.message_id")
    .innerJoin("support_tickets as t", "t.id", "m.ticket_id")
    .select(["a.name", "a.mime", "a.size", "a.stored_name"])
    .where("t.ticket_number", "=", ticketNumber)
    .where("a.id", "=", attachmentId);
  if (userId !== undefined) q = q.where("t.user_id", "=", userId);
  return q.executeTakeFirst();
}

/**
 * The stored code of the shopper's own order that `given` names ("#AB123456" or "ab123456"), or
 * undefined when none of their orders has it.
 */
export async function ownOrderCode(db: Q, userId: number, given: string): Promise<string | undefined> {
  const code = given.trim().replace(/^#/, "").toUpperCase();
  if (!/^[0-9A-Z-]{1,30}$/.test(code)) return undefined;
  const row = await db
    .selectFrom("orders")
    .select("order_code")
    .where("user_id", "=", userId)
    .where("order_code", "in", [code, `#${code}`])
    .executeTakeFirst();
  return row?.order_code;
}
