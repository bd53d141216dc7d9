import { useTranslation } from "react-i18next";
import { formatDateTime, isolated } from "../i18n/index.ts";

/**
 * A range of two instants written as the Seller Centre writes every time (its orders', its stock
 * log's): "10:00 am, 23 Nov, 2026 – 10:00 am, 26 Nov, 2026", each end in its own direction.
 */
export function useDateRange(): (start: string, end: string) => string {
  const locale = useTranslation().i18n.language;
  return (start, end) => `${isolated(formatDateTime(start, locale))} – ${isolated(formatDateTime(end, locale))}`;
}

const two = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
