import { tactics as attackTactics } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import type { AttackCoverage } from "../api/get-attack-coverage";
import type { MatrixItem, MatrixTactic } from "../api/get-attack-matrix";
import { coverageGrid, positiveCounts } from "./coverage-grid";
import { heatLegend, heatStep } from "./heat";

const item = (techniqueId: string, alerts: number, name: string | null = null): MatrixItem => ({
  techniqueId,
  name,
  date: "2026-11-20T00:00:00.000Z",
  label: "D-1",
  alerts,
  highlight: false,
  incidents: [],
});
const matrix = (items: Record<string, MatrixItem[]>): MatrixTactic[] =>
  attackTactics.map((t) => ({ id: t.id, title: t.name, items: items[t.name] ?? [] }));
const coverage = (techniques: [string, number][]): AttackCoverage => ({
  from: "2026-10-22T00:00:00.000Z",
  to: "2026-11-21T00:00:00.000Z",
  techniques: techniques.map(([id, alerts]) => ({ id, alerts, incidents: [] })),
  tactics: [{ tactic: "Credential Access", alerts: 4 }],
});
const catalogue = [
  {
    id: "T1078",
    name: "Valid Accounts",
    tactics: ["defense-evasion", "persistence", "privilege-escalation", "initial-access"],
    parent: null,
  },
  {
    id: "T1078.001",
    name: "Default Accounts",
    tactics: ["defense-evasion", "persistence", "privilege-escalation", "initial-access"],
    parent: "T1078",
  },
  { id: "T1110", name: "Brute Force", tactics: ["credential-access"], parent: null },
  { id: "T1110.003", name: "Password Spraying", tactics: ["credential-access"], parent: "T1110" },
  { id: "T1595", name: "Active Scanning", tactics: ["reconnaissance"], parent: null },
];
const column = (grid: ReturnType<typeof coverageGrid>, title: string) => grid.columns.find((c) => c.title === title);

describe("coverage grid", () => {
  it("draws every catalogue technique under each of its tactics, at zero when unseen, with counts from coverage", () => {
    const tactics = matrix({ "Credential Access": [item("T1110.003", 3, "Password Spraying"), item("T9999", 1)] });
    const grid = coverageGrid(
      tactics,
      coverage([
        ["T1110.003", 3],
        ["T9999", 1],
      ]),
      catalogue,
    );
    expect(grid.full).toBe(true);
    expect(grid.columns.map((c) => c.title)).toEqual(attackTactics.map((t) => t.name));
    for (const title of ["Initial Access", "Persistence", "Privilege Escalation", "Defense Evasion"]) {
      expect(column(grid, title)?.families).toEqual([
        {
          parent: { id: "T1078", name: "Valid Accounts", alerts: 0 },
          seen: true,
          subs: [{ id: "T1078.001", name: "Default Accounts", alerts: 0 }],
        },
      ]);
    }
    expect(column(grid, "Reconnaissance")?.families[0]?.parent).toEqual({ id: "T1595", name: "Active Scanning", alerts: 0 });
    // The unknown id keeps the place the matrix gave it, by id.
    const credential = column(grid, "Credential Access");
    expect(credential?.families.map((f) => [f.parent.id, f.parent.alerts, f.subs.map((s) => [s.id, s.alerts])])).toEqual([
      ["T1110", 0, [["T1110.003", 3]]],
      ["T9999", 1, []],
    ]);
    expect(credential).toMatchObject({ techniques: 3, withAlerts: 2, alerts: 4 });
    expect(grid.unknown).toBe(1);
    expect(positiveCounts(grid.columns).sort()).toEqual([1, 3]);
  });

  it("puts a technique with alerts and no known tactic in a last column", () => {
    const grid = coverageGrid(matrix({}), coverage([["T8888", 2]]), catalogue);
    expect(grid.columns.at(-1)).toMatchObject({ id: "unmapped", title: "No tactic", techniques: 1, withAlerts: 1 });
  });

  it("without a catalogue shows only the techniques seen, as the matrix places them", () => {
    const tactics = matrix({ "Credential Access": [item("T1110.003", 3), item("T1110", 1)] });
    const grid = coverageGrid(
      tactics,
      coverage([
        ["T1110.003", 3],
        ["T1110", 1],
      ]),
      [],
    );
    expect(grid.full).toBe(false);
    expect(grid.columns).toHaveLength(14);
    expect(column(grid, "Reconnaissance")?.families).toEqual([]);
    expect(column(grid, "Credential Access")?.families).toEqual([
      { parent: { id: "T1110", name: null, alerts: 1 }, seen: true, subs: [{ id: "T1110.003", name: null, alerts: 3 }] },
    ]);
    expect(grid.unknown).toBe(0);
  });
});

describe("heat scale", () => {
  it("keeps the lowest step for zero in the full matrix and spreads counts above it", () => {
    expect(heatStep(0, 1, 10, true)).toBe(0);
    expect(heatStep(1, 1, 10, true)).toBe(1);
    expect(heatStep(10, 1, 10, true)).toBe(4);
    expect(heatLegend(1, 8, true).map((s) => s.label)).toEqual(["0", "1–2", "3–4", "5–6", "7–8"]);
    expect(heatLegend(0, 0, true).map((s) => s.label)).toEqual(["0"]);
  });

  it("gives zero no step when only seen techniques are drawn", () => {
    expect(heatStep(0, 1, 10)).toBe(-1);
    expect(heatStep(1, 1, 10)).toBe(0);
    expect(heatLegend(1, 5).map((s) => s.label)).toEqual(["1", "2", "3", "4", "5"]);
  });
});
