import type { EndpointKey } from "./endpoint.ts";

// Calls under /api that do not answer `{ message, data }` JSON: pages a browser opens by link,
// files, redirects and webhooks. Declared here beside the JSON calls so that the API description
// covers every route (a test compares it with the server's routes).

export interface LinkRoute {
  summary: string;
  /** the media type of a successful answer, or "redirect" */
  answers: string;
}

export const linkRoutes = {
  "GET /payments/:id/pay": {
    summary: "A payment's page (signed link `sig`): the test gateway's card form, or a redirect to Stripe Checkout.",
    answers: "text/html",
  },
  "POST /payments/:id/test-charge": {
    summary: "The test gateway's card form posted (form-encoded); redirects to the gateway's callback when accepted.",
    answers: "text/html",
  },
  "GET /payments/test/callback": {
    summary: "The test gateway's signed return: marks the payment paid and redirects to the order page.",
    answers: "redirect",
  },
  "POST /payments/stripe/webhook": {
    summary: "Stripe's webhook (signed with `Stripe-Signature`): payments and refunds confirmed.",
    answers: "application/json",
  },
  "GET /orders/:id/invoice": {
    summary: "An order's printable invoice, for its shopper, its shop's owner or a signed link (`sig`).",
    answers: "text/html",
  },
  "GET /support-ticket/:ticketNumber/attachments/:id": {
    summary: "A file attached to one of the signed-in shopper's tickets.",
    answers: "application/octet-stream",
  },
  "GET /admin/support-tickets/:ticketNumber/attachments/:id": {
    summary: "A file attached to a ticket, for the admin.",
    answers: "application/octet-stream",
  },
  "GET /seller/products/export": {
    summary: "The shop's products as CSV, one row per variant (columns in the Seller Centre's import page).",
    answers: "text/csv",
  },
  "GET /auth/callback": {
    summary: "The page a social login popup returns to; hands the provider's answer to the opener.",
    answers: "text/html",
  },
  "GET /auth/callback.js": { summary: "The script of the social login return page.", answers: "text/javascript" },
  "POST /broadcasting/auth": {
    summary:
      "Authorises a realtime (Pusher protocol) subscription to a private channel (form-encoded `socket_id`, `channel_name`).",
    answers: "application/json",
  },
  "GET /openapi.json": { summary: "This API description (OpenAPI 3.1).", answers: "application/json" },
  "GET /docs": { summary: "A reference page for this API description.", answers: "text/html" },
} satisfies Record<EndpointKey, LinkRoute>;
