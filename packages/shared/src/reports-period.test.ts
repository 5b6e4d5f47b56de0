import { describe, expect, it } from "vitest";
import {
  addDays,
  canonicalTimeZone,
  dayInZone,
  type PeriodParams,
  type ResolvedPeriod,
  resolvePeriod,
  startOfDay,
} from "./reports-period";

const iso = (ms: number) => new Date(ms).toISOString();
const resolve = (params: Partial<PeriodParams>, now: number): ResolvedPeriod => {
  const result = resolvePeriod({ period: "last30", tz: "UTC", ...params }, now);
  if (!result.ok) throw new Error(`${result.field} ${result.message}`);
  return result.value;
};
const refused = (params: Partial<PeriodParams>, now: number) => {
  const result = resolvePeriod({ period: "last30", tz: "UTC", ...params }, now);
  return result.ok ? null : [result.field, result.message];
};

// Saturday 21 November 2026, 12:00 UTC (the API tests' clock).
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("startOfDay", () => {
  it("is local midnight in zones with whole, half and quarter hour offsets", () => {
    expect(iso(startOfDay("2026-11-21", "UTC"))).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Europe/Berlin"))).toBe("2026-11-20T23:00:00.000Z");
    expect(iso(startOfDay("2026-07-01", "Europe/Berlin"))).toBe("2026-06-30T22:00:00.000Z");
    expect(iso(startOfDay("2026-11-21", "America/New_York"))).toBe("2026-11-21T05:00:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Asia/Kolkata"))).toBe("2026-11-20T18:30:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Asia/Kathmandu"))).toBe("2026-11-20T18:15:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Pacific/Chatham"))).toBe("2026-11-20T10:15:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Pacific/Kiritimati"))).toBe("2026-11-20T10:00:00.000Z");
    expect(iso(startOfDay("2026-11-21", "Pacific/Pago_Pago"))).toBe("2026-11-21T11:00:00.000Z");
  });

  it("handles the days clocks change on", () => {
    // Berlin springs forward at 02:00 on 29 March 2026 and falls back at 03:00 on 25 October.
    expect(iso(startOfDay("2026-03-29", "Europe/Berlin"))).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(startOfDay("2026-03-30", "Europe/Berlin"))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(startOfDay("2026-10-25", "Europe/Berlin"))).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(startOfDay("2026-10-26", "Europe/Berlin"))).toBe("2026-10-25T23:00:00.000Z");
    // Those two days are 23 and 25 hours long.
    expect(startOfDay("2026-03-30", "Europe/Berlin") - startOfDay("2026-03-29", "Europe/Berlin")).toBe(23 * 3_600_000);
    expect(startOfDay("2026-10-26", "Europe/Berlin") - startOfDay("2026-10-25", "Europe/Berlin")).toBe(25 * 3_600_000);
    // Santiago moves its clocks at midnight: on 6 September 2026 midnight does not exist and the
    // day starts at 01:00 local (04:00 UTC, the jump from -04 to -03).
    expect(iso(startOfDay("2026-09-06", "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
    expect(dayInZone(startOfDay("2026-09-06", "America/Santiago") - 1, "America/Santiago")).toBe("2026-09-05");
    // It falls back at midnight on 5 April 2026: the day starts at the second midnight... which is
    // the first moment of 5 April on the wall clock (23:00 on the 4th is repeated, not the 5th).
    const april5 = startOfDay("2026-04-05", "America/Santiago");
    expect(dayInZone(april5, "America/Santiago")).toBe("2026-04-05");
    expect(dayInZone(april5 - 1, "America/Santiago")).toBe("2026-04-04");
  });
});

describe("resolvePeriod", () => {
  it("resolves the last N days as whole days ending today, compared with the N days before", () => {
    const p = resolve({ period: "last7" }, NOW);
    expect([iso(p.from), iso(p.to), p.fromDay, p.toDay]).toEqual([
      "2026-11-15T00:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
      "2026-11-15",
      "2026-11-21",
    ]);
    expect(p.label).toBe("Last 7 days (2026-11-15 to 2026-11-21)");
    expect([iso(p.previous.from), iso(p.previous.to), p.previous.fromDay, p.previous.toDay]).toEqual([
      "2026-11-08T00:00:00.000Z",
      "2026-11-15T00:00:00.000Z",
      "2026-11-08",
      "2026-11-14",
    ]);
    const ninety = resolve({ period: "last90" }, NOW);
    expect([ninety.fromDay, ninety.toDay, ninety.previous.fromDay, ninety.previous.toDay]).toEqual([
      "2026-08-24",
      "2026-11-21",
      "2026-05-26",
      "2026-08-23",
    ]);
  });

  it("reads today in the report's time zone", () => {
    // 12:00 UTC on the 21st is already the 22nd in Auckland (UTC+13 in November) and still the 21st in Honolulu.
    const auckland = resolve({ period: "last7", tz: "Pacific/Auckland" }, NOW);
    expect([auckland.fromDay, auckland.toDay, iso(auckland.from), iso(auckland.to)]).toEqual([
      "2026-11-16",
      "2026-11-22",
      "2026-11-15T11:00:00.000Z",
      "2026-11-22T11:00:00.000Z",
    ]);
    const late = Date.UTC(2026, 10, 21, 23, 30);
    expect(resolve({ period: "last7", tz: "Pacific/Honolulu" }, late).toDay).toBe("2026-11-21");
    expect(resolve({ period: "last7", tz: "Europe/Berlin" }, late).toDay).toBe("2026-11-22");
  });

  it("resolves calendar months, the last complete one by default, compared with the month before", () => {
    const last = resolve({ period: "month" }, NOW);
    expect([last.month, last.label, last.fromDay, last.toDay, iso(last.from), iso(last.to)]).toEqual([
      "2026-10",
      "October 2026",
      "2026-10-01",
      "2026-10-31",
      "2026-10-01T00:00:00.000Z",
      "2026-11-01T00:00:00.000Z",
    ]);
    expect([last.previous.label, last.previous.fromDay, last.previous.toDay]).toEqual([
      "September 2026",
      "2026-09-01",
      "2026-09-30",
    ]);
    // In Berlin October has 31 days and 745 hours (the clocks go back on the 25th).
    const berlin = resolve({ period: "month", month: "2026-10", tz: "Europe/Berlin" }, NOW);
    expect([iso(berlin.from), iso(berlin.to)]).toEqual(["2026-09-30T22:00:00.000Z", "2026-10-31T23:00:00.000Z"]);
    expect((berlin.to - berlin.from) / 3_600_000).toBe(745);
    // February of a leap year, January's previous month is December of the year before.
    expect(resolve({ period: "month", month: "2024-02" }, NOW).toDay).toBe("2024-02-29");
    expect(resolve({ period: "month", month: "2026-01" }, NOW).previous.label).toBe("December 2025");
    // The current month runs to its end and says it is to date.
    const current = resolve({ period: "month", month: "2026-11" }, NOW);
    expect([current.label, current.toDay]).toEqual(["November 2026 (to date)", "2026-11-30"]);
    // In January the default is December of the year before.
    expect(resolve({ period: "month" }, Date.UTC(2027, 0, 10)).month).toBe("2026-12");
  });

  it("resolves calendar quarters, the last complete one by default, compared with the quarter before", () => {
    const last = resolve({ period: "quarter" }, NOW);
    expect([last.quarter, last.label, last.fromDay, last.toDay]).toEqual(["2026-Q3", "Q3 2026", "2026-07-01", "2026-09-30"]);
    expect([last.previous.label, last.previous.fromDay, last.previous.toDay]).toEqual(["Q2 2026", "2026-04-01", "2026-06-30"]);
    const q1 = resolve({ period: "quarter", quarter: "2026-Q1", tz: "America/New_York" }, NOW);
    expect([q1.previous.label, q1.previous.fromDay, q1.previous.toDay, iso(q1.from)]).toEqual([
      "Q4 2025",
      "2025-10-01",
      "2025-12-31",
      "2026-01-01T05:00:00.000Z",
    ]);
    expect(resolve({ period: "quarter" }, Date.UTC(2027, 1, 1)).quarter).toBe("2026-Q4");
    expect(resolve({ period: "quarter", quarter: "2026-Q4" }, NOW).label).toBe("Q4 2026 (to date)");
  });

  it("resolves custom ranges of whole days, compared with as many days before", () => {
    const p = resolve({ period: "custom", from: "2026-10-01", to: "2026-10-15", tz: "Asia/Kolkata" }, NOW);
    expect([p.label, iso(p.from), iso(p.to)]).toEqual([
      "2026-10-01 to 2026-10-15",
      "2026-09-30T18:30:00.000Z",
      "2026-10-15T18:30:00.000Z",
    ]);
    expect([p.previous.fromDay, p.previous.toDay, p.previous.label]).toEqual([
      "2026-09-16",
      "2026-09-30",
      "the 15 days before (2026-09-16 to 2026-09-30)",
    ]);
    const one = resolve({ period: "custom", from: "2026-11-02", to: "2026-11-02" }, NOW);
    expect([one.label, one.previous.fromDay, one.previous.label]).toEqual([
      "2026-11-02",
      "2026-11-01",
      "the day before (2026-11-01)",
    ]);
  });

  it("refuses bad parameters with the parameter named", () => {
    expect(refused({ tz: "Mars/Olympus" }, NOW)).toEqual(["tz", expect.stringContaining("time zone")]);
    expect(refused({ tz: "" }, NOW)?.[0]).toBe("tz");
    expect(refused({ period: "month", month: "2026-13" }, NOW)?.[0]).toBe("month");
    expect(refused({ period: "month", month: "2026-12" }, NOW)).toEqual(["month", "is in the future"]);
    expect(refused({ period: "quarter", quarter: "2026-Q5" }, NOW)?.[0]).toBe("quarter");
    expect(refused({ period: "quarter", quarter: "2027-Q1" }, NOW)).toEqual(["quarter", "is in the future"]);
    expect(refused({ period: "custom", to: "2026-11-01" }, NOW)?.[0]).toBe("from");
    expect(refused({ period: "custom", from: "2026-02-30", to: "2026-03-01" }, NOW)?.[0]).toBe("from");
    expect(refused({ period: "custom", from: "2026-11-01" }, NOW)?.[0]).toBe("to");
    expect(refused({ period: "custom", from: "2026-11-10", to: "2026-11-01" }, NOW)).toEqual(["from", "must not be after to"]);
    expect(refused({ period: "custom", from: "2026-12-01", to: "2026-12-02" }, NOW)).toEqual(["from", "is in the future"]);
    expect(refused({ period: "custom", from: "2024-01-01", to: "2026-11-01" }, NOW)?.[0]).toBe("to");
    // Parameters of another kind of period are refused, not ignored.
    expect(refused({ period: "last30", month: "2026-10" }, NOW)).toEqual(["month", "is only used with period=month"]);
    expect(refused({ period: "month", quarter: "2026-Q3" }, NOW)).toEqual(["quarter", "is only used with period=quarter"]);
    expect(refused({ period: "quarter", from: "2026-10-01" }, NOW)).toEqual(["from", "is only used with period=custom"]);
    expect(refused({ period: "last7", to: "" }, NOW)).toEqual(["to", "is only used with period=custom"]);
  });

  it("names time zones canonically", () => {
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("Nowhere/Else")).toBeNull();
    expect(resolve({ tz: "europe/berlin" }, NOW).timeZone).toBe("Europe/Berlin");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
