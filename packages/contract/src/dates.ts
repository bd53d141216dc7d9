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
export function dayText(when: string | number | Date, locale: string): string {
  const date = new Date(when);
  if (isEnglish(locale)) {
    const p = dateParts(dateFormat("en", { day: "2-digit", month: "short", year: "numeric" }), date);
    return `${p.day} ${p.month}, ${p.year}`;
  }
  return dateFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(date);
}
