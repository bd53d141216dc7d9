import {
  type Endpoint,
  type EndpointData,
  type EndpointKey,
  type EndpointRequest,
  type Endpoints,
  envelope,
  splitKey,
} from "@market/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { requestLocale } from "./i18n.ts";
import { localizeMessage } from "./messages.ts";

export type Answer<E extends Endpoint> = { message: string; data: EndpointData<E> };

/** One declared call's route: its hooks and its handler, which gets the validated inputs. */
export type RouteImpl<E extends Endpoint> = Pick<
  RouteShorthandOptions,
  "preValidation" | "preHandler" | "onResponse" | "config" | "bodyLimit"
> & {
  /** answers `{ message, data }`, or answers through `reply` itself (e.g. already serialised) and returns it */
  handler: (input: EndpointRequest<E>, req: FastifyRequest, reply: FastifyReply) => Promise<Answer<E> | FastifyReply>;
};

/** Every declared call of a module gets its route: a declaration without one does not compile. */
export type Routes<A extends Endpoints> = { [K in keyof A]: RouteImpl<A[K] & Endpoint> };

/**
 * Registers a module's routes from their declarations in the contract: the declared schemas validate
 * the request and shape the answer `{ message, data }`.
 */
export function registerRoutes<A extends Endpoints>(app: FastifyInstance, api: A, routes: Routes<A>): void {
  for (const [key, e] of Object.entries(api) as [EndpointKey, Endpoint][]) {
    const { handler, ...options } = routes[key] as RouteImpl<Endpoint>;
    const { method, path } = splitKey(key);
    app.route({
      method,
      url: path,
      ...options,
      schema: {
        ...(e.params && { params: e.params }),
        ...(e.query && { querystring: e.query }),
        ...(e.body && { body: e.body }),
        response: { 200: envelope(e.data) },
      },
      handler: async (req, reply) => {
        const answer = await handler(
          { params: req.params, query: req.query, body: req.body } as EndpointRequest<Endpoint>,
          req,
          reply,
        );
        // A handler that answered through `reply` returns it, and awaiting a reply (a thenable) waits
        // for the answer to go out and gives undefined.
        if (reply.sent || (answer as object) === reply) return reply;
        const { message } = answer as Answer<Endpoint>;
        const said = localizeMessage(message, requestLocale(req));
        return said === message ? answer : { ...answer, message: said };
      },
    });
  }
}
