import {
  adminTicketDetails,
  adminTicketPage,
  envelope,
  SUPPORT_MESSAGES,
  supportTicketBody,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_MAX,
  ticketAttachmentParams,
  ticketDetails,
  ticketIssueTypesData,
  ticketNumberParams,
  ticketPage,
  ticketReplyBody,
  ticketStatusBody,
  ticketsQuery,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields, readMultipartForm, sendDownload } from "../../lib/multipart-form.ts";
import { currentUser, requireAuth, requireRole } from "../auth/auth.plugin.ts";
import * as support from "./support.service.ts";

/** The fields and `attachments` files of a ticket form: multipart, or JSON without files. */
async function readTicketForm(req: FastifyRequest) {
  if (!req.isMultipart()) return { fields: req.body, files: [] };
  return readMultipartForm(req, {
    fileField: (name) => /^attachments(\[\d*\])?$/.test(name),
    errorField: "attachments",
    maxFiles: TICKET_ATTACHMENTS_MAX,
    maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
    tooMany: SUPPORT_MESSAGES.tooManyFiles,
    tooLarge: SUPPORT_MESSAGES.fileTooLarge,
  });
}

/** Shoppers' tickets (`/support-ticket...`) and the admin area's answers (`/admin/support-tickets...`). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: support.SupportDeps = { db: app.dbh.db, config: app.config, mailer: app.mailer, log: app.log };
  const { db } = deps;

  app.get("/ticket-issue-types", { schema: { response: { 200: envelope(ticketIssueTypesData) } } }, async (req) => ({
    message: "Issue types",
    data: { issue_types: await support.issueTypes(db, requestLocale(req)) },
  }));

  app.get(
    "/support-tickets",
    { preHandler: requireAuth, schema: { querystring: ticketsQuery, response: { 200: envelope(ticketPage) } } },
    async (req) => ({
      message: "Support tickets",
      data: await support.listTickets(db, currentUser(req).id, req.query, requestLocale(req)),
    }),
  );

  app.post(
    "/support-ticket/store",
    { preHandler: requireAuth, schema: { response: { 200: envelope(ticketDetails) } } },
    async (req) => {
      const { fields, files } = await readTicketForm(req);
      const body = parseFormFields(supportTicketBody, fields);
      const data = await support.createTicket(deps, currentUser(req).id, body, files, requestLocale(req));
      return { message: SUPPORT_MESSAGES.created, data };
    },
  );

  app.get(
    "/support-ticket/:ticketNumber",
    { preHandler: requireAuth, schema: { params: ticketNumberParams, response: { 200: envelope(ticketDetails) } } },
    async (req) => ({
      message: "Support ticket",
      data: await support.ticketDetails(db, req.params.ticketNumber, currentUser(req).id, requestLocale(req)),
    }),
  );

  app.post(
    "/support-ticket/:ticketNumber/message",
    { preHandler: requireAuth, schema: { params: ticketNumberParams, response: { 200: envelope(ticketDetails) } } },
    async (req) => {
      const { fields, files } = await readTicketForm(req);
      const { message } = parseFormFields(ticketReplyBody, fields);
      const author = { id: currentUser(req).id, staff: false };
      const data = await support.reply(deps, req.params.ticketNumber, author, message, files, requestLocale(req));
      return { message: SUPPORT_MESSAGES.replied, data };
    },
  );

  app.get(
    "/support-ticket/:ticketNumber/attachments/:id",
    { preHandler: requireAuth, schema: { params: ticketAttachmentParams } },
    async (req, reply) =>
      sendDownload(
        reply,
        await support.attachmentFile(deps, req.params.ticketNumber, req.params.id, currentUser(req).id),
      ),
  );

  // ---- admin area ----
  const admin = requireRole("admin");

  app.get(
    "/admin/support-tickets",
    { preHandler: admin, schema: { querystring: ticketsQuery, response: { 200: envelope(adminTicketPage) } } },
    async (req) => ({
      message: "Support tickets",
      data: await support.adminTickets(db, req.query, requestLocale(req)),
    }),
  );

  app.get(
    "/admin/support-tickets/:ticketNumber",
    { preHandler: admin, schema: { params: ticketNumberParams, response: { 200: envelope(adminTicketDetails) } } },
    async (req) => ({
      message: "Support ticket",
      data: await support.adminTicketDetails(db, req.params.ticketNumber, requestLocale(req)),
    }),
  );

  app.post(
    "/admin/support-tickets/:ticketNumber/message",
    { preHandler: admin, schema: { params: ticketNumberParams, response: { 200: envelope(adminTicketDetails) } } },
    async (req) => {
      const { fields, files } = await readTicketForm(req);
      const { message } = parseFormFields(ticketReplyBody, fields);
      const author = { id: currentUser(req).id, staff: true };
      const locale = requestLocale(req);
      await support.reply(deps, req.params.ticketNumber, author, message, files, locale);
      return {
        message: SUPPORT_MESSAGES.replied,
        data: await support.adminTicketDetails(db, req.params.ticketNumber, locale),
      };
    },
  );

  app.post(
    "/admin/support-tickets/:ticketNumber/status",
    {
      preHandler: admin,
      schema: { params: ticketNumberParams, body: ticketStatusBody, response: { 200: envelope(adminTicketDetails) } },
    },
    async (req) => ({
      message: SUPPORT_MESSAGES.statusChanged,
      data: await support.changeStatus(db, req.params.ticketNumber, req.body.status, requestLocale(req)),
    }),
  );

  app.get(
    "/admin/support-tickets/:ticketNumber/attachments/:id",
    { preHandler: admin, schema: { params: ticketAttachmentParams } },
    async (req, reply) =>
      sendDownload(reply, await support.attachmentFile(deps, req.params.ticketNumber, req.params.id, undefined)),
  );
};
