import { DEFAULT_LOCALE } from "@market/contract";
import type { FastifyRequest } from "fastify";

/** The request's locale from Accept-Language (first tag, language part), default en. */
export function requestLocale(req: FastifyRequest): string {
  const header = req.headers["accept-language"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().split(/[-;_]/)[0];
  return first && /^[a-z]{2,3}$/i.test(first) ? first.toLowerCase() : DEFAULT_LOCALE;
}

/** The cookie the storefront keeps its language in, for pages and links the server renders. */
export const LOCALE_COOKIE = "locale";

/** A cookie of the request, decoded. */
export function cookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language of a page opened as a link (the invoice): its `?lang=` (a mail's link), else the
 * storefront's language cookie (a link opened from the storefront), else Accept-Language.
 */
export function pageLocale(req: FastifyRequest, lang?: string): string {
  const chosen = lang ?? cookie(req, LOCALE_COOKIE);
  return chosen && /^[a-z]{2,3}$/i.test(chosen) ? chosen.toLowerCase() : requestLocale(req);
}

type I18nJson = Record<string, Record<string, string>>;
const parsed = new WeakMap<object, I18nJson>();

/** The row's own text of `field` in `locale`, if it has one (the default language's is the column). */
function ownText<R extends { i18n: string }>(row: R, field: keyof R & string, locale: string): string | undefined {
  if (locale === DEFAULT_LOCALE) return String(row[field]);
  if (row.i18n === "{}") return undefined;
  let map = parsed.get(row);
  if (!map) {
    map = JSON.parse(row.i18n) as I18nJson;
    parsed.set(row, map);
  }
  return map[locale]?.[field] || undefined;
}

/**
 * A translated field of a row whose `i18n` column holds `{ "ar": { "name": "..." } }`,
 * falling back to the row's own (English) value.
 */
export function tr<R extends { i18n: string }, K extends keyof R & string>(row: R, field: K, locale: string): string {
  return ownText(row, field, locale) ?? String(row[field]);
}

/**
 * `{ <field>_lang: "en" }` for each of `fields` that `tr` answers in the default language because
 * the row has no `locale` text of it, so the page can mark that text's language (`lang`); empty
 * when every field is in `locale`, which keeps most answers their usual size.
 */
export function fallbackLangs<R extends { i18n: string }, K extends keyof R & string>(
  row: R,
  fields: readonly K[],
  locale: string,
): Partial<Record<`${K}_lang`, string>> {
  const out: Partial<Record<`${K}_lang`, string>> = {};
  for (const field of fields) {
    if (String(row[field]) !== "" && ownText(row, field, locale) === undefined)
      out[`${field}_lang` as const] = DEFAULT_LOCALE;
  }
  return out;
}
