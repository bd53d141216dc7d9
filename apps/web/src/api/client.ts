import {
  API_BASE,
  type ApiKey,
  codeOfStatus,
  type DataOf,
  DEFAULT_LOCALE,
  type ErrorBody,
  type ErrorCode,
  fillPath,
  type InputOf,
  STORAGE_KEYS,
  splitKey,
} from "@market/contract";
import { queryOptions } from "@tanstack/react-query";
import { useAuthStore } from "../lib/auth-store.ts";

/** A non-2xx answer of the API, typed: the status, its stable code, the server's message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]>;
  /** a 429's Retry-After, in seconds */
  readonly retryAfter?: number;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    code = codeOfStatus(status),
    retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** The first message of a field, as the forms show it under the field. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

/**
 * No answer at all: the network dropped or the server could not be reached. The server may still
 * have done the work (a lost answer), so what was sent is not known to have failed. Its message is
 * the translated "no connection" text the app shell sets.
 */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NetworkError";
  }
}

/**
 * For a write the server answers once per key (an order's Idempotency-Key, a chat message's client
 * id): one whose answer was lost is sent again under the same key, and the server answers with what
 * it did the first time; offline, the retries wait for the network.
 */
export const retryLostAnswer = {
  retry: (failures: number, error: Error) => error instanceof NetworkError && failures < 4,
  retryDelay: (failures: number) => Math.min(1000 * 2 ** failures, 8000),
};

/** A random key naming one attempt at a write (also over plain http, where randomUUID is missing). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The texts a failure shows in the user's language, set by the app shell: `network` (no answer),
 * `sessionEnded` (instead of the server's "Unauthenticated."), `failed` (an answer without our
 * message: a proxy's 502 page, an empty 500), instead of the status's English name ("Bad Gateway").
 */
type ErrorTexts = { network: () => string; sessionEnded: () => string; failed: () => string };
const untranslated: ErrorTexts = { network: () => "", sessionEnded: () => "", failed: () => "" };
let errorTexts = untranslated;

export function setErrorTexts(texts: ErrorTexts | null) {
  errorTexts = texts ?? untranslated;
}

/** `fetch`, whose failure without an answer (not an abort the caller asked for) is a NetworkError. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new NetworkError(errorTexts.network() || (error instanceof Error ? error.message : String(error)));
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = { query?: Query; signal?: AbortSignal; headers?: Record<string, string> };
export type Envelope<T> = { message: string; data: T };

export function storedLocale(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.locale) || DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith("/") ? path : `/${path}`}${qs ? `?${qs}` : ""}`;
}

/** One request to the API; answers the whole envelope `{ message, data }`. */
async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions & { body?: unknown } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "Accept-Language": storedLocale(),
    ...options.headers,
  };
  const token = useAuthStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  // The app keeps its own copy of answers (TanStack Query); from the browser's HTTP cache it takes an
  // answer only after the server confirmed it (304): catalogue answers allow shared caches to serve
  // them stale for a while, which a shopper who has just bought the last unit must not see.
  const res = await send(buildUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    cache: "no-cache",
  });
  const json = (await res.json().catch(() => null)) as (Partial<Envelope<T>> & Partial<ErrorBody>) | null;
  if (!res.ok) throw failureOf(res, json, token);
  return { message: json?.message ?? "", data: json?.data as T };
}

/**
 * The error of a failed call. The spec: a 401 ends the session on the client whatever the call was,
 * here and only here; the app shell (app/session-events.ts) then tells the user once and leaves the page.
 * A 401 to a token that is no longer the session's (the user signed in again meanwhile) ends nothing.
 * The error keeps the 401 and its code, but carries the translated text, so no page shows "Unauthenticated.".
 */
export function failureOf(res: Response, json: Partial<ErrorBody> | null, token: string | null): ApiError {
  const error = errorOf(res, json);
  if (res.status !== 401 || !token) return error;
  if (useAuthStore.getState().token === token) useAuthStore.getState().clear("expired");
  return new ApiError(error.status, errorTexts.sessionEnded() || error.message, error.errors, error.code);
}

function errorOf(res: Response, json: Partial<ErrorBody> | null): ApiError {
  return new ApiError(
    res.status,
    json?.message || errorTexts.failed() || res.statusText || `HTTP ${res.status}`,
    json?.errors ?? {},
    json?.code,
    Number(res.headers.get("retry-after")) || undefined,
  );
}

type CallOptions = Omit<RequestOptions, "query">;

/** Calls a declared endpoint by its key ("POST /cart/store"); answers the whole envelope. */
export function callWithMessage<K extends ApiKey>(
  key: K,
  input: InputOf<K>,
  options: CallOptions = {},
): Promise<Envelope<DataOf<K>>> {
  const { method, path } = splitKey(key);
  const i = input as { params?: Record<string, unknown>; query?: Query; body?: unknown; form?: FormData };
  return apiRequest<DataOf<K>>(method, fillPath(path, i.params), {
    ...options,
    query: i.query,
    body: i.form ?? i.body ?? (method === "GET" ? undefined : {}),
  });
}

/** Calls a declared endpoint by its key; answers its data. */
export async function call<K extends ApiKey>(key: K, input: InputOf<K>, options?: CallOptions): Promise<DataOf<K>> {
  return (await callWithMessage(key, input, options)).data;
}

/** The query key of a call: its key, then its input; `keyOf(key)` alone matches every input. */
export const keyOf = <K extends ApiKey>(key: K, input?: InputOf<K>) =>
  input === undefined ? ([key] as const) : ([key, input] as const);

/** A call's path under /api with its query, as the request goes out: the key of the page's inlined answers. */
export function apiPathOf<K extends ApiKey>(key: K, input: InputOf<K>): string {
  const { path } = splitKey(key);
  const i = input as { params?: Record<string, unknown>; query?: Query };
  return buildUrl(fillPath(path, i.params), i.query).slice(API_BASE.length);
}

/** TanStack Query options of a GET call: the query key and the fetcher both come from the declaration. */
export const queryOf = <K extends ApiKey>(key: K, input: InputOf<K>) =>
  queryOptions({ queryKey: keyOf(key, input), queryFn: ({ signal }) => call(key, input, { signal }) });

/** A file the API streams (a ticket attachment): the same headers and 401 rule, the body as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest", "Accept-Language": storedLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await send(buildUrl(path), { headers });
  if (!res.ok) throw failureOf(res, (await res.json().catch(() => null)) as Partial<ErrorBody> | null, token);
  return res.blob();
}
