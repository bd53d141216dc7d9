import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once. @fastify/helmet builds a new Helmet (and parses the CSP) on
 * every request, which cost a cached catalogue answer about a tenth of its time (docs/decisions.md,
 * "Read path"); the headers never change while the process runs, so each reply just gets a copy.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Sends Helmet's headers with every reply; a route may take one off in its handler. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
