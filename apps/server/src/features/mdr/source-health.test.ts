import { describe, expect, it } from "vitest";
import { DEFAULT_EXPECTED_MINUTES, expectedInterval, median, normalDaily, silentSince } from "./source-health";

describe("data-source health", () => {
  it("takes the median, the mean of the middle two for an even count", () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it("counts the 14 days before today, a missing day as 0, today not at all", () => {
    const today = 100;
    const days = new Map<number, number>();
    for (let d = today - 14; d < today; d++) days.set(d, 10);
    days.set(today, 1000);
    expect(normalDaily(days, today)).toBe(10);
    for (let d = today - 14; d < today - 6; d++) days.delete(d);
    // 8 of the 14 days without any: the median is 0.
    expect(normalDaily(days, today)).toBe(0);
  });

  it("learns the interval from the normal volume within bounds; a set one wins", () => {
    expect(expectedInterval(48, null)).toEqual({ minutes: 120, from: "learned" });
    expect(expectedInterval(10_000, null)).toEqual({ minutes: 60, from: "learned" });
    expect(expectedInterval(1, null)).toEqual({ minutes: 1440, from: "learned" });
    expect(expectedInterval(0, null)).toEqual({ minutes: DEFAULT_EXPECTED_MINUTES, from: "default" });
    expect(expectedInterval(48, 15)).toEqual({ minutes: 15, from: "set" });
  });

  it("is silent only once the expected interval has passed since the last event", () => {
    const last = Date.UTC(2026, 10, 21, 10);
    expect(silentSince(last, 60, last + 60 * 60_000)).toBeNull();
    expect(silentSince(last, 60, last + 60 * 60_000 + 1)).toBe(last + 60 * 60_000);
  });
});
