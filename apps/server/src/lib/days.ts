import { dateFormat, dateParts } from "@market/contract";

// Calendar days in a time zone, for figures counted per day of their reader (orders are stamped in UTC).

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayIn(zone: string, at: number): string {
  const p = dateParts(
    dateFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }),
    new Date(at),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** How far `zone`'s clock is ahead of UTC at an instant, in ms. */
function offsetAt(zone: string, at: number): number {
  const f = dateFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const p = dateParts(f, new Date(at));
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant `day` (YYYY-MM-DD) begins in `zone`. */
export function dayStartIn(zone: string, day: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
  const guess = midnight - offsetAt(zone, midnight);
  return midnight - offsetAt(zone, guess);
}

/** The `count` calendar days ending with `last` (YYYY-MM-DD), oldest first. */
export function daysUpTo(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
