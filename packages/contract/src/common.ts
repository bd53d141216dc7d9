import { z } from "zod";
import { isTimeZone } from "./dates.ts";
import { ERROR_CODES } from "./endpoint.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Control characters other than tab and line breaks: no form sends them, and PostgreSQL refuses NUL in text. */
export const hasControlChars = (text: string) => CONTROL_CHARS.test(text);
/** The check for text fields, in the API's wording: `.check(noControlChars("name"))`. */
export const noControlChars = (label: string) =>
  z.refine<string>((v) => !hasControlChars(v), `The ${label} field must not contain control characters.`);

/** A positive database id, also when it arrives as a path or query string. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: idParam }).strict();
export const slugParams = z.object({ slug: z.string().min(1).max(200) }).strict();

/** Money on the wire: a number in major units with at most two decimals. */
export const money = z.number();
/**
 * The language of the text beside it (`description_lang` of `description`), sent only when that
 * text is not in the requested language (no translation: the default language's text instead), so
 * the page marks it with `lang`.
 */
export const textLang = z.string().optional();

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/** Every answer: `{ message, data }`. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ message: z.string(), data });

/** A page of a list, in the shape the storefront reads (`data.data`). */
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    per_page: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
  });
export type Paginated<T> = { data: T[]; total: number; per_page: number; current_page: number; last_page: number };

export const errorBody = z.object({
  message: z.string(),
  /** stable, for code to branch on; `message` is for people */
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A query flag sent as 1/0/true/false. */
export const queryFlag = z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true");

/** Whether a tax's `name` states its `rate` as a percentage: "VAT 5%", "TVA 5 %" (not "VAT 15%" for 5). */
export const taxNameStatesRate = (name: string, rate: number) =>
  new RegExp(`(^|[^\\d.])${String(rate).replace(".", "\\.")}\\s?%`).test(name);

/** `tz`: the reader's time zone ("Asia/Riyadh"), the one days are written or counted in. */
export const timeZoneField = z
  .string()
  .max(64)
  .refine(isTimeZone, "The tz field must be a time zone, such as Europe/Paris.");

/** Figures counted by day: `tz` is the reader's time zone, whose days they are (UTC when absent). */
export const dayQuery = z.object({ tz: timeZoneField.optional() }).strict();
