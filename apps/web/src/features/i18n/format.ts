import { DEFAULT_LOCALE, dateFormat, dateParts, dayText, isEnglish } from "@market/contract";
import { i18n } from "./i18n.ts";

// Dates and numbers in the active language through Intl (dayjs only parses where it must). In
// English they keep the spec's 'DD MMM, YYYY' and 'hh:mm a, DD MMM, YYYY'; other languages get
// their own order, month names and digits ("٣٠ مايو ٢٠٢٥"). A component passes its render's
// language (useTranslation's i18n.language, right on a server render too); without it, the app's.

type When = string | number | Date;

const current = () => i18n.language || DEFAULT_LOCALE;

/** A day: "30 May, 2025" in English, "٣٠ مايو ٢٠٢٥" in Arabic, "30 mai 2025" in French. */
export function formatDate(when: When, locale: string = current()): string {
  return dayText(when, locale);
}

/** A moment: "02:07 pm, 05 Jan, 2024" in English, the language's own way with the month's name in others. */
export function formatDateTime(when: When, locale: string = current(), { seconds = false } = {}): string {
  const date = new Date(when);
  if (isEnglish(locale)) {
    const time: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hour12: true };
    if (seconds) time.second = "2-digit";
    const p = dateParts(dateFormat("en", time), date);
    const clock = [p.hour, p.minute, ...(seconds ? [p.second] : [])].join(":");
    return `${clock} ${(p.dayPeriod ?? "").toLowerCase()}, ${formatDate(date, locale)}`;
  }
  // The day as formatDate writes it ("6 ديسمبر 2026 في 10:53 ص"), not Arabic's all-digit medium style.
  return dateFormat(locale, { dateStyle: "long", timeStyle: seconds ? "medium" : "short" }).format(date);
}

/**
 * A date or time set inside text, isolated in its own direction (U+2068 ... U+2069): its first
 * strong character decides, the letters of "am" or "Nov" in English, the right-to-left mark Intl
 * writes into Arabic dates. Forced left to right, "24‏/11‏/2026، 7:20 ص" and "24 نوفمبر 2026" read
 * in the wrong order.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** A variant's options, "40 / Black", each part isolated so an Arabic page keeps their order; "" without any. */
export const variantName = (size: string | null | undefined, color: string | null | undefined) =>
  [size, color]
    .filter((p): p is string => Boolean(p))
    .map(isolated)
    .join(" / ");

/** A whole number in the language's digits. */
export function formatNumber(value: number, locale: string = current()): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A rating out of 5 with one decimal in the language's way: "4.3", "4,3" in French. */
const ratingFormats = new Map<string, Intl.NumberFormat>();
export function formatRating(value: number, locale: string = current()): string {
  let format = ratingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormats.set(locale, format);
  }
  return format.format(value);
}
