import { describe, expect, it } from "vitest";
import { cronPattern, nextRunAfter } from "./schedule-cadence";

const at = (text: string) => Date.parse(text);

describe("schedule cadence", () => {
  it("writes the cron pattern of each cadence", () => {
    expect(cronPattern({ cadence: "daily", time: "07:30", weekday: null, monthDay: null, timeZone: "UTC" })).toBe("30 7 * * *");
    expect(cronPattern({ cadence: "weekly", time: "18:05", weekday: 1, monthDay: null, timeZone: "UTC" })).toBe("5 18 * * 1");
    expect(cronPattern({ cadence: "monthly", time: "00:00", weekday: null, monthDay: 28, timeZone: "UTC" })).toBe("0 0 28 * *");
  });

  it("finds the next daily run in the schedule's time zone, strictly after the given instant", () => {
    const daily = { cadence: "daily", time: "08:00", weekday: null, monthDay: null, timeZone: "Europe/Berlin" } as const;
    // 08:00 in Berlin in November is 07:00 UTC.
    expect(new Date(nextRunAfter(daily, at("2026-11-26T06:00:00Z"))).toISOString()).toBe("2026-11-26T07:00:00.000Z");
    expect(new Date(nextRunAfter(daily, at("2026-11-26T07:00:00Z"))).toISOString()).toBe("2026-11-27T07:00:00.000Z");
    // In July it is 06:00 UTC (summer time).
    expect(new Date(nextRunAfter(daily, at("2026-07-01T00:00:00Z"))).toISOString()).toBe("2026-07-01T06:00:00.000Z");
  });

  it("finds weekly and monthly runs", () => {
    const weekly = { cadence: "weekly", time: "09:15", weekday: 1, monthDay: null, timeZone: "America/New_York" } as const;
    // Thursday 26 Nov 2026 -> Monday 30 Nov, 09:15 EST = 14:15 UTC.
    expect(new Date(nextRunAfter(weekly, at("2026-11-26T12:00:00Z"))).toISOString()).toBe("2026-11-30T14:15:00.000Z");
    const monthly = { cadence: "monthly", time: "06:00", weekday: null, monthDay: 1, timeZone: "Asia/Kolkata" } as const;
    // 1 Dec 06:00 IST (UTC+5:30) = 30 Nov 00:30 UTC.
    expect(new Date(nextRunAfter(monthly, at("2026-11-26T12:00:00Z"))).toISOString()).toBe("2026-12-01T00:30:00.000Z");
  });

  it("runs once on a day whose clock goes back, and on a day whose clock skips the hour", () => {
    const early = { cadence: "daily", time: "02:30", weekday: null, monthDay: null, timeZone: "Europe/Berlin" } as const;
    // 25 Oct 2026: 03:00 CEST goes back to 02:00 CET; 02:30 happens twice; one run.
    const first = nextRunAfter(early, at("2026-10-24T12:00:00Z"));
    const second = nextRunAfter(early, first);
    expect(second - first).toBeGreaterThan(20 * 3_600_000);
    // 29 Mar 2026: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist; still one run that day.
    const spring = nextRunAfter(early, at("2026-03-28T12:00:00Z"));
    expect(new Date(spring).toISOString().slice(0, 10)).toBe("2026-03-29");
  });
});
