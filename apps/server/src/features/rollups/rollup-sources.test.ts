import { describe, expect, it } from "vitest";
import { aggregateSources, dataSourceOf, dayOfUnit, sourceDayDeltas, UNITS_PER_DAY } from "./rollup-sources";
import { UNIT_MS } from "./rollup-units";

const T0 = Date.UTC(2026, 10, 21, 10);
const row = (over: Partial<Parameters<typeof aggregateSources>[0] extends Iterable<infer R> ? R : never> = {}) => ({
  tenant_id: "a",
  detected_at: T0,
  source: "api",
  source_tool: null as string | null,
  detection_source: null as string | null,
  ...over,
});

describe("data sources", () => {
  it("names a source by its tool (else the ingest source) and its sensor", () => {
    expect(dataSourceOf(row())).toEqual({ tool: "api", sensor: "" });
    expect(dataSourceOf(row({ source_tool: "CrowdStrike", detection_source: "EDR" }))).toEqual({
      tool: "CrowdStrike",
      sensor: "EDR",
    });
  });

  it("counts alerts per tenant, quarter hour and source with the latest detection", () => {
    const counts = aggregateSources([
      row(),
      row({ detected_at: T0 + 60_000 }),
      row({ detected_at: T0 + UNIT_MS }),
      row({ tenant_id: "b" }),
      row({ source_tool: "Zeek" }),
    ]);
    const unit = T0 / UNIT_MS;
    expect(counts).toEqual(
      expect.arrayContaining([
        { tenant_id: "a", start: unit, tool: "api", sensor: "", n: 2, latest: T0 + 60_000 },
        { tenant_id: "a", start: unit + 1, tool: "api", sensor: "", n: 1, latest: T0 + UNIT_MS },
        { tenant_id: "b", start: unit, tool: "api", sensor: "", n: 1, latest: T0 },
        { tenant_id: "a", start: unit, tool: "Zeek", sensor: "", n: 1, latest: T0 },
      ]),
    );
    expect(counts).toHaveLength(4);
  });

  it("puts a quarter hour in its UTC day", () => {
    expect(UNITS_PER_DAY).toBe(96);
    expect(dayOfUnit(Date.UTC(2026, 10, 21) / UNIT_MS)).toBe(Date.UTC(2026, 10, 21) / 86_400_000);
    expect(dayOfUnit(Date.UTC(2026, 10, 22) / UNIT_MS - 1)).toBe(Date.UTC(2026, 10, 21) / 86_400_000);
  });

  it("turns refreshed leaves into day changes: new counts less old, the new latest", () => {
    const day = 20_000;
    const u = day * UNITS_PER_DAY;
    const deltas = sourceDayDeltas(
      [
        { start: u, tool: "A", sensor: "", n: 3 },
        { start: u + 1, tool: "B", sensor: "", n: 2 },
      ],
      [
        { start: u, tool: "A", sensor: "", n: 5, latest: 111 },
        { start: u + UNITS_PER_DAY, tool: "A", sensor: "", n: 1, latest: 222 },
      ],
    );
    expect(deltas).toEqual([
      { day, tool: "A", sensor: "", n: 2, latest: 111 },
      { day, tool: "B", sensor: "", n: -2, latest: 0 },
      { day: day + 1, tool: "A", sensor: "", n: 1, latest: 222 },
    ]);
    // Nothing changed: nothing to write.
    expect(sourceDayDeltas([{ start: u, tool: "A", sensor: "", n: 1 }], [])).toEqual([
      { day, tool: "A", sensor: "", n: -1, latest: 0 },
    ]);
  });
});
