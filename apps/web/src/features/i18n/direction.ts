import type { Language } from "@market/contract";

export type Direction = "ltr" | "rtl";

/** The text direction of `locale` from the language list (ltr when unknown). */
export function directionOf(locale: string, languages: Pick<Language, "name" | "direction">[] | undefined): Direction {
  return languages?.find((l) => l.name === locale)?.direction ?? "ltr";
}

/** Sets `<html lang dir>`. */
export function applyDirection(locale: string, languages: Pick<Language, "name" | "direction">[] | undefined) {
  const dir = directionOf(locale, languages);
  // Unchanged values stay untouched: a change on <html> restyles the whole page.
  const html = document.documentElement;
  if (html.lang !== locale) html.lang = locale;
  if (html.dir !== dir) html.dir = dir;
  return dir;
}
