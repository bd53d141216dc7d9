// A day written for a reader, the same on the storefront and in what the server renders (the
// invoice): English keeps the spec's "DD MMM, YYYY"; other languages get their own order, month
// names and digits ("٣٠ مايو ٢٠٢٥", "30 mai 2025").

const formats = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export const isEnglish = (locale: string) => locale === "en" || locale.startsWith("en-");

export function dateParts(
  format: Intl.DateTimeFormat,
  date: Date,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** A day: "30 May, 2025" in English, "٣٠ مايو ٢٠٢٥" in Arabic, "30 mai 2025" in French. */
export function dayText(when: string | number | Date, locale: string, timeZone?: string): string {
  const date = new Date(when);
  // A calendar day ("2026-12-10": an estimated delivery) is that day wherever its reader is, where
  // a moment falls on the reader's own day (`timeZone`, else this machine's). JavaScript reads a
  // bare day as UTC midnight.
  const calendarDay = typeof when === "string" && CALENDAR_DAY.test(when);
  const zone: Intl.DateTimeFormatOptions = calendarDay ? { timeZone: "UTC" } : timeZone ? { timeZone } : {};
  if (isEnglish(locale)) {
    const p = dateParts(dateFormat("en", { day: "2-digit", month: "short", year: "numeric", ...zone }), date);
    return `${p.day} ${p.month}, ${p.year}`;
  }
  return dateFormat(locale, { day: "numeric", month: "long", year: "numeric", ...zone }).format(date);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Is `name` a time zone this runtime knows ("Asia/Riyadh")? */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
