import { z } from "zod";
import { idParams, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { search } from "./fields.ts";

// The admin console's view of outgoing mail: every message written to the outbox with its
// delivery state (a background job delivers it when SMTP is configured), failed deliveries with
// their error, and a retry.

/** kept: no mail server configured, so the outbox is where it ends; queued: waiting for (another) try */
export const OUTBOX_STATUSES = ["queued", "sent", "failed", "kept"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxQuery = z
  .object({
    ...pageQuery,
    status: z.enum(OUTBOX_STATUSES).optional(),
    /** text in the recipient or subject */
    search: search(),
  })
  .strict();

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxPage = paginated(outboxMessage).extend({
  /** messages per status, for the tabs */
  counts: z.record(z.enum(OUTBOX_STATUSES), z.number().int()),
});

export const ADMIN_MAIL_MESSAGES = {
  retried: "The mail will be sent again.",
  notFailed: "Only a failed mail can be sent again.",
  noTransport: "No mail server is configured (SMTP_URL), so mail stays in the outbox.",
} as const;

export const adminMailApi = endpoints({
  "GET /admin/mail": { query: outboxQuery, data: outboxPage },
  "POST /admin/mail/:id/retry": { params: idParams, data: outboxMessage, errors: ["conflict"] },
});
