export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Splits the time left into whole days, hours, minutes and seconds; never negative. */
export function countdownParts(msLeft: number): CountdownParts {
  const ms = Number.isFinite(msLeft) ? Math.max(0, Math.floor(msLeft)) : 0;
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
    seconds: Math.floor((ms % MINUTE) / SECOND),
    done: ms < SECOND,
  };
}
