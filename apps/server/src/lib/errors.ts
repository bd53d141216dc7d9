import { codeOfStatus, type ErrorCode } from "@market/contract";
import { clock } from "./clock.ts";
import { localizeMessage } from "./messages.ts";

// Domain errors thrown by services; one handler in app.ts maps them to HTTP answers.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** what the client branches on; the status's general code unless a domain code says more */
    readonly code: ErrorCode = codeOfStatus(status),
    /** seconds until the call may be made again, sent as Retry-After */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}
export const notFound = (what = "Resource") => new AppError(404, `${what} not found`);
export const unauthorized = () => new AppError(401, "Unauthenticated.");
export const forbidden = () => new AppError(403, "This action is unauthorized.");
export const badRequest = (message: string) => new AppError(400, message);
/** A 429 that says when to try again: in seconds, or in minutes from two minutes on. */
export function tooMany(message: string, seconds: number, code: ErrorCode = "too_many_requests"): AppError {
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.ceil(seconds / 3600);
  return new AppError(
    429,
    seconds >= 2 * 3600
      ? `${message} Please try again in ${hours} hours.`
      : seconds >= 120
        ? `${message} Please try again in ${minutes} minutes.`
        : `${message} Please try again in ${seconds} seconds.`,
    undefined,
    code,
    seconds,
  );
}
/** A 429 until a moment (epoch ms): the window's oldest counted event leaving it, say. */
export const tooManyUntil = (message: string, untilMs: number, code?: ErrorCode) =>
  tooMany(message, Math.max(1, Math.ceil((untilMs - clock.ms()) / 1000)), code);
export const fieldError = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/**
 * The one 422 of invalid input, from a route schema, a multipart form or a service: the messages
 * per field, and the first one as the answer's message. Contract messages already name their
 * field ("The email field is required."); others get it added.
 */
export function validationError(issues: { field: string; message: string }[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) errors[field] = [...(errors[field] ?? []), message];
  const [field, messages] = Object.entries(errors)[0] ?? ["body", ["is invalid"]];
  const first = messages[0] ?? "is invalid";
  return new AppError(422, first.startsWith("The ") ? first : `The ${field} field: ${first}`, errors);
}

/** An error's answer body in `locale`: the message for people, the code for programs, the field errors. */
export const errorAnswer = (e: AppError, locale: string) => ({
  message: localizeMessage(e.message, locale),
  code: e.code,
  ...(e.errors && {
    errors: Object.fromEntries(
      Object.entries(e.errors).map(([field, messages]) => [field, messages.map((m) => localizeMessage(m, locale))]),
    ),
  }),
});
