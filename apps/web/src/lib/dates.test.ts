import { describe, expect, it } from "vitest";
import { dayAfterToIso, dayInDays, dayToIso } from "./dates";

describe("days picked in the person's time zone", () => {
  it("start at local midnight", () => {
    expect(dayToIso("2026-11-02", "UTC")).toBe("2026-11-02T00:00:00.000Z");
    expect(dayToIso("2026-11-02", "America/New_York")).toBe("2026-11-02T05:00:00.000Z");
    expect(dayToIso("2026-11-02", "Asia/Kolkata")).toBe("2026-11-01T18:30:00.000Z");
    expect(dayToIso("2 Nov", "UTC")).toBeUndefined();
  });

  it("end at their last millisecond, and an exclusive bound is where the next day begins", () => {
    expect(dayToIso("2026-11-02", "UTC", true)).toBe("2026-11-02T23:59:59.999Z");
    expect(dayAfterToIso("2026-11-02", "UTC")).toBe("2026-11-03T00:00:00.000Z");
    // The day New York leaves daylight saving time is 25 hours long.
    expect(dayAfterToIso("2026-11-01", "America/New_York")).toBe("2026-11-02T05:00:00.000Z");
    expect(dayAfterToIso("not a day", "UTC")).toBeUndefined();
  });

  it("count form defaults in whole days from now, as a date input's value", () => {
    const now = Date.parse("2026-12-30T23:30:00Z");
    expect(dayInDays(0, now)).toBe("2026-12-30");
    expect(dayInDays(2, now)).toBe("2027-01-01");
    expect(dayInDays(-1, now)).toBe("2026-12-29");
  });
});
