import type { ErrorBody } from "@market/contract";
import { API_BASE, DEFAULT_LOCALE, STORAGE_KEYS } from "@market/contract";
import { useAuthStore } from "../features/auth/auth-store.ts";

/** A non-2xx answer of the API, typed: the status, the server's message and its field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }

  /** The first message of a field, as the forms show it under the field. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
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
export async function apiRequest<T>(
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

  const res = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  const json = (await res.json().catch(() => null)) as (Partial<Envelope<T>> & Partial<ErrorBody>) | null;
  if (!res.ok) {
    // The spec: a 401 ends the session on the client whatever the call was.
    if (res.status === 401 && token) useAuthStore.getState().clear();
    throw new ApiError(res.status, json?.message || res.statusText || `HTTP ${res.status}`, json?.errors ?? {});
  }
  return { message: json?.message ?? "", data: json?.data as T };
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) => (await apiRequest<T>("GET", path, options)).data,
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await apiRequest<T>("POST", path, { ...options, body: body ?? {} })).data,
};

/** A file the API streams (a ticket attachment): the same headers and 401 rule, the body as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest", "Accept-Language": storedLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(buildUrl(path), { headers });
  if (!res.ok) {
    if (res.status === 401 && token) useAuthStore.getState().clear();
    const json = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(res.status, json?.message || res.statusText || `HTTP ${res.status}`, json?.errors ?? {});
  }
  return res.blob();
}
