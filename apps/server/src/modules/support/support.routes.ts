import {
  SUPPORT_MESSAGES,
  supportApi,
  supportTicketBody,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_MAX,
  ticketAttachmentParams,
  ticketReplyBody,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields, readMultipartForm, sendDownload } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
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
  const deps = appDeps(app);
  const admin = requireRole("admin");

  registerRoutes(app, supportApi, {
    "GET /ticket-issue-types": {
      handler: async (_, req) => ({
        message: "Issue types",
        data: { issue_types: await support.issueTypes(deps, requestLocale(req)) },
      }),
    },
    "GET /support-tickets": {
      preValidation: requireAuth,
      handler: async ({ query }, req) => ({
        message: "Support tickets",
        data: await support.listTickets(deps, currentUser(req).id, query, requestLocale(req)),
      }),
    },
    "POST /support-ticket/store": {
      preValidation: requireAuth,
      handler: async (_, req) => {
        const { fields, files } = await readTicketForm(req);
        const body = parseFormFields(supportTicketBody, fields);
        const data = await support.createTicket(deps, currentUser(req).id, body, files, requestLocale(req));
        return { message: SUPPORT_MESSAGES.created, data };
      },
    },
    "GET /support-ticket/:ticketNumber": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => ({
        message: "Support ticket",
        data: await support.ticketDetails(deps, params.ticketNumber, currentUser(req).id, requestLocale(req)),
      }),
    },
    "POST /support-ticket/:ticketNumber/message": {
      preValidation: requireAuth,
      handler: async ({ params }, req) => {
        const { fields, files } = await readTicketForm(req);
        const { message } = parseFormFields(ticketReplyBody, fields);
        const author = { id: currentUser(req).id, staff: false };
        const data = await support.reply(deps, params.ticketNumber, author, message, files, requestLocale(req));
        return { message: SUPPORT_MESSAGES.replied, data };
      },
    },

    // ---- admin area ----
    "GET /admin/support-tickets": {
      preValidation: admin,
      handler: async ({ query }, req) => ({
        message: "Support tickets",
        data: await support.adminTickets(deps, query, requestLocale(req)),
      }),
    },
    "GET /admin/support-tickets/:ticketNumber": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: "Support ticket",
        data: await support.adminTicketDetails(deps, params.ticketNumber, requestLocale(req)),
      }),
    },
    "POST /admin/support-tickets/:ticketNumber/message": {
      preValidation: admin,
      handler: async ({ params }, req) => {
        const { fields, files } = await readTicketForm(req);
        const { message } = parseFormFields(ticketReplyBody, fields);
        const author = { id: currentUser(req).id, staff: true };
        const locale = requestLocale(req);
        await support.reply(deps, params.ticketNumber, author, message, files, locale);
        return {
          message: SUPPORT_MESSAGES.replied,
          data: await support.adminTicketDetails(deps, params.ticketNumber, locale),
        };
      },
    },
    "POST /admin/support-tickets/:ticketNumber/status": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: SUPPORT_MESSAGES.statusChanged,
        data: await support.changeStatus(deps, params.ticketNumber, body.status, requestLocale(req)),
      }),
    },
  });

  // Attachments are files, answered as downloads.
  app.get(
    "/support-ticket/:ticketNumber/attachments/:id",
    { preValidation: requireAuth, schema: { params: ticketAttachmentParams } },
    async (req, reply) =>
      sendDownload(
        reply,
        await support.attachmentFile(deps, req.params.ticketNumber, req.params.id, currentUser(req).id),
      ),
  );

  app.get(
    "/admin/support-tickets/:ticketNumber/attachments/:id",
    { preValidation: admin, schema: { params: ticketAttachmentParams } },
    async (req, reply) =>
      sendDownload(reply, await support.attachmentFile(deps, req.params.ticketNumber, req.params.id, undefined)),
  );
};
