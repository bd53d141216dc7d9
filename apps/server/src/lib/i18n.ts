import { DEFAULT_LOCALE } from "@market/contract";
import type { FastifyRequest } from "fastify";

/** The request's locale from Accept-Language (first tag, language part), default en. */
export function requestLocale(req: FastifyRequest): string {
  const header = req.headers["accept-language"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().split(/[-;_]/)[0];
  return first && /^[a-z]{2,3}$/i.test(first) ? first.toLowerCase() : DEFAULT_LOCALE;
}

type I18nJson = Record<string, Record<string, string>>;
const parsed = new WeakMap<object, I18nJson>();

/**
 * A translated field of a row whose `i18n` column holds `{ "ar": { "name": "..." } }`,
 * falling back to the row's own (English) value.
 */
export function tr<R extends { i18n: string }, K extends keyof R & string>(row: R, field: K, locale: string): string {
  const base = String(row[field]);
  if (locale === DEFAULT_LOCALE || row.i18n === "{}") return base;
  let map = parsed.get(row);
  if (!map) {
    map = JSON.parse(row.i18n) as I18nJson;
    parsed.set(row, map);
  }
  return map[locale]?.[field] ?? base;
}
