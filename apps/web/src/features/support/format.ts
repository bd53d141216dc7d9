import { formatDate, formatDateTime } from "../i18n/index.ts";

/** The spec's time format in English, 'hh:mm a, DD MMM, YYYY' (features/i18n/format.ts). */
export const ticketTime = (iso: string) => formatDateTime(iso);
export const ticketDate = (iso: string) => formatDate(iso);

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
