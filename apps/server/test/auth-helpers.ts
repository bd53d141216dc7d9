import type { FastifyInstance, InjectOptions } from "fastify";

let ipSeq = 0;
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
export const nextIp = (): string => {
  ipSeq += 1;
  return `10.${Math.floor(ipSeq / 60000) % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};

export interface Call {
  token?: string;
  ip?: string;
}

export function client(app: () => FastifyInstance) {
  const call = (method: "GET" | "POST", url: string, payload?: unknown, { token, ip }: Call = {}) =>
    app().inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: ip ?? "127.0.0.1",
    });
  return {
    get: (url: string, opts?: Call) => call("GET", url, undefined, opts),
    post: (url: string, payload: unknown, opts?: Call) => call("POST", url, payload, opts),
  };
}

let userSeq = 0;
/** A valid registration payload with a unique email and phone. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  userSeq += 1;
  const n = `${String(process.pid % 1000).padStart(3, "0")}${String(userSeq).padStart(4, "0")}`;
  return {
    name: `Test Shopper ${n}`,
    phone: `777${n}`,
    email: `shopper.${n}@example.org`,
    password: "correct horse battery",
    country: "United States",
    phone_code: "+1",
    ...overrides,
  };
}

/** The 4-digit code in a message body. */
export const codeIn = (text: string): string => {
  const m = text.match(/\b(\d{4})\b/);
  if (!m) throw new Error(`no code in: ${text}`);
  return m[1] as string;
};
