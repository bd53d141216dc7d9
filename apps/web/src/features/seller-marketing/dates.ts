import { useTranslation } from "react-i18next";

/** A range of two instants in the active language (Intl), e.g. "23 Nov 2026, 10:00 – 26 Nov, 10:00". */
export function useDateRange(): (start: string, end: string) => string {
  const locale = useTranslation().i18n.language;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (start, end) => format.formatRange(new Date(start), new Date(end));
}

const two = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
