import { z } from "zod";
import { pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { email, idFromText, optionalPhone, optionalText, text } from "./fields.ts";

// Support tickets: a shopper opens a ticket (issue type, message, optional order and files) and
// talks with support staff on it; staff answer from the admin area and move its status.

export const TICKET_STATUSES = ["pending", "confirm", "completed", "cancel"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses in which the conversation is over: no more replies from the shopper. */
export const TICKET_CLOSED_STATUSES: readonly TicketStatus[] = ["completed", "cancel"];

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_ORDER_NUMBER_MAX = 40;
/** Messages one ticket may hold, so its conversation stays one bounded answer. */
export const TICKET_MESSAGES_MAX = 200;
export const TICKET_ATTACHMENTS_MAX = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** Allowed attachment types, by content (the server checks the bytes, not the name). */
export const TICKET_ATTACHMENT_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
} as const;
export const TICKET_ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

/** Messages the server answers with (English; the web shows them as given). */
export const SUPPORT_MESSAGES = {
  created: "Support ticket created successfully.",
  replied: "Reply sent successfully.",
  statusChanged: "Ticket status updated successfully.",
  closed: "This ticket is closed. Please open a new ticket.",
  tooManyMessages: "This ticket has too many messages. Please open a new ticket.",
  tooManyFiles: `You may attach at most ${TICKET_ATTACHMENTS_MAX} files.`,
  fileTooLarge: "Each attachment must not be greater than 2048 kilobytes.",
  fileBadType: "Each attachment must be a file of type: jpg, png, pdf.",
  orderNotYours: "The order number does not match any of your orders.",
  issueTypeInvalid: "The selected issue type is invalid.",
  tooManyTickets: "You have opened too many tickets in the last hour.",
} as const;

// ---- requests ----

/** `POST /support-ticket/store` fields (multipart beside `attachments` files, or JSON without files). */
export const supportTicketBody = z
  .object({
    issue_type: idFromText("issue type", SUPPORT_MESSAGES.issueTypeInvalid),
    subject: optionalText("subject", TICKET_SUBJECT_MAX),
    message: text("message", TICKET_MESSAGE_MAX),
    email: email(),
    phone: optionalPhone(),
    order_number: optionalText("order number", TICKET_ORDER_NUMBER_MAX),
  })
  .strict();
export type SupportTicketBody = z.infer<typeof supportTicketBody>;

/** A reply on a ticket (multipart beside `attachments` files, or JSON without files). */
export const ticketReplyBody = z.object({ message: text("message", TICKET_MESSAGE_MAX) }).strict();
export type TicketReplyBody = z.infer<typeof ticketReplyBody>;

export const ticketsQuery = z
  .object({
    ...pageQuery,
    status: z.enum(TICKET_STATUSES, { error: "The selected status is invalid." }).optional(),
  })
  .strict();
export type TicketsQuery = z.input<typeof ticketsQuery>;

/** Ticket numbers are random ("TK-" + 10 characters); an unknown one is a 404, not a validation error. */
export const ticketNumberParams = z.object({ ticketNumber: z.string().min(1).max(40) }).strict();
export const ticketAttachmentParams = ticketNumberParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ticketStatusBody = z
  .object({ status: z.enum(TICKET_STATUSES, { error: "The selected status is invalid." }) })
  .strict();
export type TicketStatusBody = z.infer<typeof ticketStatusBody>;

// ---- answers ----

export const ticketIssueType = z.object({ id: z.number().int(), name: z.string() });
export type TicketIssueType = z.infer<typeof ticketIssueType>;
export const ticketIssueTypesData = z.object({ issue_types: z.array(ticketIssueType) });
export type TicketIssueTypesData = z.infer<typeof ticketIssueTypesData>;

export const ticketAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  /** who wrote it: the shopper (`user`) or support staff (`staff`) */
  sender: z.enum(["user", "staff"]),
  author: z.object({ name: z.string(), profile_photo: z.string().nullable() }),
  created_at: z.string(),
  attachments: z.array(ticketAttachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketSummary = z.object({
  ticket_number: z.string(),
  subject: z.string().nullable(),
  issue_type: ticketIssueType,
  status: z.enum(TICKET_STATUSES),
  order_number: z.string().nullable(),
  created_at: z.string(),
  /** the time of the latest message or status change */
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketDetails = ticketSummary.extend({
  email: z.string(),
  phone: z.string().nullable(),
  messages: z.array(ticketMessage),
});
export type TicketDetails = z.infer<typeof ticketDetails>;

export const ticketPage = paginated(ticketSummary);

/** The admin area's ticket: the shopper who opened it is named. */
const ticketCustomer = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export const adminTicketSummary = ticketSummary.extend({ customer: ticketCustomer });
export type AdminTicketSummary = z.infer<typeof adminTicketSummary>;
export const adminTicketDetails = ticketDetails.extend({ customer: ticketCustomer });
export type AdminTicketDetails = z.infer<typeof adminTicketDetails>;
export const adminTicketPage = paginated(adminTicketSummary);

// The ticket forms are multipart (fields beside `attachments` files) or JSON without files; the
// attachment downloads are files, so they stay plain routes.
export const supportApi = endpoints({
  "GET /ticket-issue-types": { data: ticketIssueTypesData },
  "GET /support-tickets": { query: ticketsQuery, data: ticketPage },
  /** supportTicketBody fields */
  "POST /support-ticket/store": { form: true, data: ticketDetails },
  "GET /support-ticket/:ticketNumber": { params: ticketNumberParams, data: ticketDetails },
  /** ticketReplyBody fields */
  "POST /support-ticket/:ticketNumber/message": { params: ticketNumberParams, form: true, data: ticketDetails },
  "GET /admin/support-tickets": { query: ticketsQuery, data: adminTicketPage },
  "GET /admin/support-tickets/:ticketNumber": { params: ticketNumberParams, data: adminTicketDetails },
  /** ticketReplyBody fields */
  "POST /admin/support-tickets/:ticketNumber/message": {
    params: ticketNumberParams,
    form: true,
    data: adminTicketDetails,
  },
  "POST /admin/support-tickets/:ticketNumber/status": {
    params: ticketNumberParams,
    body: ticketStatusBody,
    data: adminTicketDetails,
  },
});
