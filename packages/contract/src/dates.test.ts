import { afterEach, expect, it } from "vitest";
import { dayText } from "./dates.ts";

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

it("writes a calendar day as that day west of UTC, and a moment as the reader's day", () => {
  process.env.TZ = "America/Los_Angeles";
  expect(dayText("2026-12-10", "en")).toBe("10 Dec, 2026");
  expect(dayText("2026-12-10", "fr")).toBe("10 décembre 2026");
  // 02:00 UTC on the 10th is still the 9th in Los Angeles.
  expect(dayText("2026-12-10T02:00:00.000Z", "en")).toBe("09 Dec, 2026");
});
