import { describe, expect, it } from "vitest";
import { burndown, monthLabel, monthStarts } from "./vm-burndown";

const day = 86_400_000;
const start = Date.UTC(2026, 10, 1, 15);

describe("burndown", () => {
  it("counts the findings not yet fixed at the end of each day since the start", () => {
    const fixed = [start + day, start + day + 3_600_000, null, start + 3 * day, null];
    expect(burndown(start, start + 4 * day, fixed)).toEqual([
      { date: "2026-11-01", open: 5 },
      { date: "2026-11-02", open: 3 },
      { date: "2026-11-03", open: 3 },
      { date: "2026-11-04", open: 2 },
      { date: "2026-11-05", open: 2 },
    ]);
  });

  it("keeps the latest days only, counting earlier fixes before the first kept day", () => {
    const points = burndown(start, start + 10 * day, [start + day, start + 9 * day], 3);
    expect(points).toEqual([
      { date: "2026-11-09", open: 1 },
      { date: "2026-11-10", open: 0 },
      { date: "2026-11-11", open: 0 },
    ]);
  });

  it("shows one day for a campaign started today", () => {
    expect(burndown(start, start, [null])).toEqual([{ date: "2026-11-01", open: 1 }]);
  });
});

describe("monthStarts", () => {
  it("goes back across a year boundary", () => {
    expect(monthStarts(Date.UTC(2026, 1, 10), 3).map(monthLabel)).toEqual(["2025-12", "2026-01", "2026-02"]);
  });
});
