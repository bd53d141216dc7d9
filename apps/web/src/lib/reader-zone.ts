import { isTimeZone } from "@market/contract";

/** The reader's time zone as the browser names it ("Asia/Riyadh"); none when it names none a server would know. */
export function readerTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** `tz` for a call whose figures are counted in the reader's days. */
export const inReaderDays = () => {
  const tz = readerTimeZone();
  return tz ? { tz } : {};
};
