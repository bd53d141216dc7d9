import type { z } from "zod";

// Each call of the API is declared once, here in the contract, under its key "METHOD /path":
// its inputs, the answer's data and the error codes it can give. The server registers its routes
// from these declarations (every declared key must have a handler), and the web calls them by key
// with `call("GET /carts", input)`: the key is checked against the declarations and the input and
// answer types are inferred from them. The web imports the declarations' types only, so no schema
// reaches the first page's JavaScript (docs/decisions.md).

/** The stable `code` of an error answer, beside its translated `message`: code compares codes. */
export const ERROR_CODES = [
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "validation_failed",
  "too_many_requests",
  "server_error",
  // domain codes
  "verify_required",
  "cart_changed",
  /** 429 of sending a one-time code: the one sent less than a minute ago still works (Retry-After: when to resend) */
  "code_recently_sent",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error answer of an HTTP status carries when no domain code says more. */
export function codeOfStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: "bad_request",
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    413: "payload_too_large",
    422: "validation_failed",
    429: "too_many_requests",
  };
  return codes[status] ?? (status >= 500 ? "server_error" : "bad_request");
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** "GET /carts", "POST /orders/:id/cancel": the method and the path under /api. */
export type EndpointKey = `${Method} /${string}`;

export interface Endpoint {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** a JSON body */
  readonly body?: z.ZodType;
  /** a multipart/form-data body (files), read by the route itself */
  readonly form?: true;
  /** the answer's `data` (an answer is `{ message, data }`) */
  readonly data: z.ZodType;
  /** domain error codes beyond the ones every call can give (validation, auth, not found) */
  readonly errors?: readonly ErrorCode[];
}

export type Endpoints = Record<EndpointKey, Endpoint>;

/** A module's calls; `const` keeps each key and schema type exact for inference. */
export const endpoints = <const E extends Endpoints>(e: E): E => e;

/** What a caller passes: the path parameters, query, body or form the endpoint declares. */
export type EndpointInput<E extends Endpoint> = (E extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : unknown) &
  (E extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : unknown) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown) &
  (E extends { form: true } ? { form: FormData } : unknown);

/** The parsed inputs a route handler receives. */
export interface EndpointRequest<E extends Endpoint> {
  params: E extends { params: infer P extends z.ZodType } ? z.output<P> : undefined;
  query: E extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  body: E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
}

export type EndpointData<E extends Endpoint> = z.output<E["data"]>;

/** Splits a key into its method and path. */
export function splitKey(key: EndpointKey): { method: Method; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

/** The path with its parameters filled in, e.g. `/orders/:id` with `{ id: 7 }` → `/orders/7`. */
export function fillPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
