import { describe, expect, it } from "vitest";
import { aggregateLeaves, type LeafSourceRow } from "./rollup-leaf";
import { UNIT_MS } from "./rollup-units";

const T0 = Date.UTC(2026, 10, 21, 10);
const MIN = 60_000;
const row = (over: Partial<LeafSourceRow>): LeafSourceRow => ({
  tenant_id: "a",
  detected_at: T0,
  priority: "High",
  status: "Open",
  assignee: null,
  rule: null,
  name: "Name",
  hostname: null,
  username: null,
  incident_id: null,
  resolution_type: null,
  acknowledged_at: null,
  responded_at: null,
  resolved_at: null,
  ack_due_at: null,
  respond_due_at: null,
  source: "api",
  source_tool: null,
  detection_source: null,
  ...over,
});

describe("rollup leaves", () => {
  it("counts each alert in its tenant's quarter hour", () => {
    const leaves = aggregateLeaves(
      [row({}), row({ detected_at: T0 + UNIT_MS - 1 }), row({ detected_at: T0 + UNIT_MS }), row({ tenant_id: "b" })],
      T0,
    );
    expect([...leaves.values()].map((l) => [l.tenantId, l.unit * UNIT_MS - T0, l.totals.alerts])).toEqual([
      ["a", 0, 2],
      ["a", UNIT_MS, 1],
      ["b", 0, 1],
    ]);
  });

  it("splits SLA steps into met, late and overdue-by-asof, keeping the next due time", () => {
    const asof = T0 + 60 * MIN;
    const leaf = [
      ...aggregateLeaves(
        [
          row({
            acknowledged_at: T0 + 5 * MIN,
            ack_due_at: T0 + 10 * MIN,
            responded_at: T0 + 30 * MIN,
            respond_due_at: T0 + 20 * MIN,
            status: "In Progress",
          }),
          row({ ack_due_at: T0 + 30 * MIN, respond_due_at: T0 + 90 * MIN }),
          row({ ack_due_at: T0 + 120 * MIN, status: "Closed", resolution_type: "Automated", resolved_at: T0 + MIN }),
          row({ acknowledged_at: T0, ack_due_at: null }),
        ],
        asof,
      ).values(),
    ][0];
    expect(leaf?.totals).toMatchObject({
      ack_met: 1,
      ack_late: 0,
      ack_pending: 1,
      respond_met: 0,
      respond_late: 1,
      respond_pending: 0,
      breached_late: 1,
      breached_pending: 0,
      open: 3,
      open_high: 3,
      resolved: 1,
      resolved_auto: 1,
      mtta_sum: 5 * MIN,
      mtta_n: 2,
      mttr_sum: MIN,
      mttr_n: 1,
    });
    expect(leaf?.nextDue).toBe(T0 + 90 * MIN);
  });

  it("ranks rules (falling back to the name), hosts and users when set, the workload of open alerts, and detection sources", () => {
    const leaf = [
      ...aggregateLeaves(
        [
          row({ rule: "R1", hostname: "h1", username: "u1", assignee: "Ann", detection_source: "EDR" }),
          row({ hostname: "", username: null }),
          row({ rule: "R1", status: "Resolved", assignee: "Ann" }),
        ],
        T0,
      ).values(),
    ][0];
    expect(Object.fromEntries(Object.entries(leaf?.ranked ?? {}).map(([dim, m]) => [dim, Object.fromEntries(m)]))).toEqual({
      rule: { R1: 2, Name: 1 },
      host: { h1: 1 },
      user: { u1: 1 },
      assignee: { Ann: 1, "": 1 },
      source: { EDR: 1, "": 2 },
    });
  });
});
