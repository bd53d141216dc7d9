import type { Language } from "@market/contract";

export type Direction = "ltr" | "rtl";

/** The text direction of `locale` from the language list (ltr when unknown). */
export function directionOf(locale: string, languages: Pick<Language, "name" | "direction">[] | undefined): Direction {
  return languages?.find((l) => l.name === locale)?.direction ?? "ltr";
}

/** Sets `<html lang dir>`. */
export function applyDirection(locale: string, languages: Pick<Language, "name" | "direction">[] | undefined) {
  const dir = directionOf(locale, languages);
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
  return dir;
}
