import { z } from "zod";
import { noControlChars } from "./common.ts";
import { MAX_SEARCH_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "./constants.ts";

// The one set of field builders of the contract. Messages follow the source API's wording ("The
// email field is required."), because the server answers them per field and the storefront shows
// the first under its field; the web's forms validate with the same schemas, so they show the same.

const ID_MAX = 2_147_483_647;
const PHONE_MAX = 20;
const EMAIL_MAX = 254;
/** A phone number on its own: digits, maybe after the international +. */
const PHONE = /^\+?\d+$/;
/** A number beside its own phone code field: digits only (the + is the code's). */
const NATIONAL_PHONE = /^\d+$/;
const PHONE_CODE = /^\+?\d{1,6}$/;

const required = (label: string) => `The ${label} field is required.`;
/** A number left out: missing, null, or an emptied number input (react-hook-form's `valueAsNumber` gives NaN). */
export const blankNumber = (input: unknown) => input == null || Number.isNaN(input);
const tooLong = (label: string, max: number) => `The ${label} field must not be greater than ${max} characters.`;
const tooShort = (label: string, min: number) => `The ${label} field must be at least ${min} characters.`;
const onlyDigits = (label: string) => `The ${label} field must contain only digits.`;

/** A string field's type error: "required" when missing or null, otherwise "must be a string". */
const stringError = (label: string) => ({
  error: (iss: { code?: string; input?: unknown }) =>
    iss.code === "invalid_type"
      ? iss.input == null
        ? required(label)
        : `The ${label} field must be a string.`
      : undefined,
});

/** A string as it is, not trimmed (codes, passwords), with the field-named type error. */
export const rawText = (label: string) => z.string(stringError(label));

/** Something to see: a text of only spaces and invisible marks (a zero-width space, a direction mark) is empty. */
const VISIBLE = /[^\s\p{Cf}]/u;

/** A required text: trimmed, 1 (or `min`) to `max` characters, something visible, no control characters. */
export const text = (label: string, max: number, min = 1) => {
  const present = z
    .string(stringError(label))
    .trim()
    .min(1, required(label))
    .refine((v) => v === "" || VISIBLE.test(v), required(label));
  return (min > 1 ? present.min(min, tooShort(label, min)) : present)
    .max(max, tooLong(label, max))
    .check(noControlChars(label));
};

/** An optional text: missing, null or blank all mean "not given" (null). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(max, tooLong(label, max))
    .check(noControlChars(label))
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional text that, when given, must match `pattern`. */
const optionalMatching = (label: string, max: number, pattern: RegExp, message: string) =>
  optionalText(label, max).refine((v) => v === null || pattern.test(v), message);

/** A required email address, lower-cased. */
export const email = (label = "email") =>
  text(label, EMAIL_MAX)
    .toLowerCase()
    .pipe(z.email(`The ${label} field must be a valid email address.`));

/**
 * A phone number on its own (an address, a ticket's contact): digits with an optional leading +.
 * Its length bounds come from the settings; the server checks them (see `phoneLength`).
 */
export const phone = (label = "phone") => text(label, PHONE_MAX).regex(PHONE, onlyDigits(label));
export const optionalPhone = (label = "phone") => optionalMatching(label, PHONE_MAX, PHONE, onlyDigits(label));

/** The number beside a `phone_code` field (registration, profile): digits only. */
export const nationalPhone = (label = "phone") => text(label, PHONE_MAX).regex(NATIONAL_PHONE, onlyDigits(label));
export const optionalNationalPhone = (label = "phone") =>
  optionalMatching(label, PHONE_MAX, NATIONAL_PHONE, onlyDigits(label));

const phoneCodeFormat = (label: string) => `The ${label} field must be a dialling code like +1.`;
export const phoneCode = (label = "phone code") => text(label, 8).regex(PHONE_CODE, phoneCodeFormat(label));
export const optionalPhoneCode = (label = "phone code") =>
  optionalMatching(label, 8, PHONE_CODE, phoneCodeFormat(label));

/**
 * The settings' phone length (`phone_min_length`, `phone_max_length`), in digits: a leading + is
 * not counted. For a form to check before sending what the server checks after parsing.
 */
export const phoneLength = (min: number, max: number, label = "phone") =>
  z.refine<string | null | undefined>((v) => {
    if (!v) return true;
    const digits = v.replace(/^\+/, "").length;
    return digits >= min && digits <= max;
  }, `The ${label} field must be between ${min} and ${max} digits.`);

/** A new password: 8 to 64 characters, not trimmed (spaces are part of a password). */
export const newPassword = (label = "password") =>
  rawText(label)
    .min(PASSWORD_MIN, {
      error: (iss) => (iss.input === "" ? required(label) : tooShort(label, PASSWORD_MIN)),
    })
    .max(PASSWORD_MAX, tooLong(label, PASSWORD_MAX));

/** A password being checked (login, current password): any non-empty string up to the maximum. */
export const givenPassword = (label = "password") =>
  rawText(label).min(1, required(label)).max(PASSWORD_MAX, tooLong(label, PASSWORD_MAX));

/** The repeated new password; whether it matches is the body's check (see `passwordsMatch`). */
export const passwordConfirmation = (label = "password confirmation") =>
  rawText(label).max(PASSWORD_MAX, tooLong(label, PASSWORD_MAX));

export const PASSWORD_MISMATCH = "Confirm Password does not match.";
/** A body's refinement: `password_confirmation` equals `password`, or `message` on the confirmation. */
export const passwordsMatch =
  (message = PASSWORD_MISMATCH) =>
  <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx<T>) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message });
    }
  };

/** A database id in a JSON body. `invalid` replaces the type and range messages (e.g. "The selected X is invalid."). */
export const id = (label: string, invalid?: string) =>
  z
    .number({
      error: (iss) => (blankNumber(iss.input) ? required(label) : (invalid ?? `The ${label} field must be a number.`)),
    })
    .int(invalid ?? `The ${label} field must be an integer.`)
    .positive(invalid ?? `The ${label} field must be a positive id.`)
    .max(ID_MAX, invalid ?? `The ${label} field must be a valid id.`);
/** An optional id in a JSON body: missing or null both mean "none". */
export const optionalId = (label: string) => id(label).nullish();

/** Digits as a number; blank or missing as missing; anything else as it is, for the id's type error. */
const digitsToNumber = (v: unknown) =>
  v === "" || v == null ? undefined : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
/** An id that may also arrive as digits: a query string or a multipart field. */
export const idFromText = (label: string, invalid?: string) => z.preprocess(digitsToNumber, id(label, invalid));
export const optionalIdFromText = (label: string) => z.preprocess(digitsToNumber, id(label).optional());

/** A flag in a JSON body: true/false or 1/0. */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: `The ${label} field must be true or false.` })
    .transform((v) => v === true || v === 1);

/** One of fixed values; "required" when missing. */
export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T, invalid?: string) =>
  z.enum(values, {
    error: (iss) =>
      iss.input == null ? required(label) : (invalid ?? `The ${label} field must be one of ${values.join(", ")}.`),
  });

/** A list's search text (query string): trimmed, bounded; blank means no search. */
/** A date range's refusals, shared by vouchers and flash sales. */
export const DATE_RANGE_MESSAGES = {
  endAfterStart: "The end date must be after the start date.",
  /** 422 when something new would have ended already */
  endInFuture: "The end date must be in the future.",
} as const;

/** A date and time: any form the browser's Date reads (a datetime-local value is local time), sent as ISO. */
export const dateTime = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .refine((v) => !Number.isNaN(Date.parse(v)), `The ${label} field must be a valid date.`)
    .transform((v) => new Date(v).toISOString());

export const search = (label = "search") =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(MAX_SEARCH_LENGTH, tooLong(label, MAX_SEARCH_LENGTH))
    .optional()
    .transform((v) => (v ? v : undefined));
