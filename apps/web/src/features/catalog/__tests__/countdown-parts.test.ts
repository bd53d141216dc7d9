import { describe, expect, it } from "vitest";
import { countdownParts } from "../countdown-parts.ts";

describe("countdownParts", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(countdownParts(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it("rolls over at each unit boundary", () => {
    expect(countdownParts(59_999)).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(countdownParts(60_000)).toMatchObject({ minutes: 1, seconds: 0 });
    expect(countdownParts(24 * 3600 * 1000)).toMatchObject({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it("never goes negative and is done under one second", () => {
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(countdownParts(Number.NaN).done).toBe(true);
    expect(countdownParts(999).done).toBe(true);
    expect(countdownParts(1000).done).toBe(false);
  });
});
