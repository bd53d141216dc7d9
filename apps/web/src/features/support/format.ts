import { TIME_FORMAT } from "@market/contract";
import dayjs from "dayjs";

/** The spec's time format, 'hh:mm a, DD MMM, YYYY'. */
export const ticketTime = (iso: string) => dayjs(iso).format(TIME_FORMAT);
export const ticketDate = (iso: string) => dayjs(iso).format("DD MMM, YYYY");

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
