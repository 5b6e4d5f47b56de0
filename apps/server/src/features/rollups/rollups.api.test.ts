import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { days, hours, minutes } from "../../lib/time";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { generateAlerts } from "../../seed/demo-generator";
import { attackCoverage, attackMatrix, directPlan } from "../attack/matrix.service";
import { directSource, rollupSource } from "../dashboard/dashboard-sources";
import { dashboardSummary } from "../dashboard/dashboard.service";
import { rebuildRollups } from "./rollup-rebuild";
import { analystActivity } from "./rollup-window";
import { rangeAnalysts } from "./rollups.repository";

let app: TestApp;
let owner: TestClient;
let tenants: { id: string; slug: string }[];
let now: number;
let alertIds: string[];

const iso = (ms: number) => new Date(ms).toISOString();
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

/** Windows the UI asks for (whole quarter hours) and ones no UI would (cut mid-quarter-hour). */
const windows = (): [number, number][] => [
  [now - hours(24), now],
  [now - days(7), now],
  [now - days(30), now],
  [Date.UTC(2026, 9, 22, 18, 30), Date.UTC(2026, 10, 21, 18, 30)], // 30 days from midnight in India
  [now - days(9) + 123_457, now - 1_234],
  [now - hours(20) - 61_000, now - minutes(7)],
];

/** Every overview answer from the API (rollups) equals the same answer counted directly from the alerts. */
async function expectRollupsExact(): Promise<void> {
  const all = tenants.map((t) => t.id);
  for (const [from, to] of windows()) {
    for (const scope of [all, [all[0] as string]]) {
      owner.tenantId = scope.length === 1 ? (scope[0] as string) : null;
      const query = `from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`;
      const label = `${iso(from)}..${iso(to)} ${scope.length} tenant(s)`;
      const summary = await owner.get(`/api/v1/dashboard/summary?${query}`);
      expect(summary.statusCode, label).toBe(200);
      const direct = await dashboardSummary(app.ctx, scope, { from, to }, directSource(app.ctx, scope, app.ctx.now()));
      expect(summary.json(), label).toEqual(plain(direct));
      // Every summed figure (the reports' per-priority ones too) and the detection-source ranking.
      const viaRollups = await rollupSource(app.ctx, scope, app.ctx.now());
      const counted = directSource(app.ctx, scope, app.ctx.now());
      expect(plain(Object.fromEntries(await viaRollups.figures(from, to))), label).toEqual(
        plain(Object.fromEntries(await counted.figures(from, to))),
      );
      expect(await viaRollups.ranked(from, to, "source", 10), label).toEqual(await counted.ranked(from, to, "source", 10));
      const byName = (rows: { analyst: string }[]) => plain([...rows].sort((x, y) => x.analyst.localeCompare(y.analyst)));
      const directAnalysts = (await rangeAnalysts(app.ctx.db, scope, [[from, to]])).map((r) => ({
        ...r,
        ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === "analyst" ? v : Number(v)])),
      }));
      expect(byName(await analystActivity(app.ctx, scope, from, to)), label).toEqual(byName(directAnalysts));
      const window = { tenantIds: scope, from, to };
      expect((await owner.get(`/api/v1/attack/matrix?${query}`)).json(), label).toEqual(
        plain(await attackMatrix(app.ctx, window, directPlan)),
      );
      expect((await owner.get(`/api/v1/attack/coverage?${query}`)).json(), label).toEqual(
        plain(await attackCoverage(app.ctx, window, directPlan)),
      );
    }
  }
  owner.tenantId = null;
}

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenants = await Promise.all(["Roll A", "Roll B", "Roll C"].map((name) => makeTenant(app, name)));
  await signInOwner();
  // Realistic alerts over 40 days (statuses, SLA dates, assignees, hosts, techniques) in three tenants.
  const batches = new Map<string, unknown[]>();
  for (const { tenant, alert } of generateAlerts({
    seed: 5,
    count: 1500,
    tenants: tenants.map((t) => t.slug),
    now,
    daysBack: 40,
  })) {
    batches.set(tenant, [...(batches.get(tenant) ?? []), alert]);
  }
  alertIds = [];
  for (const t of tenants) {
    const response = await owner.post(`/api/v1/alerts/bulk?tenantId=${t.id}`, batches.get(t.slug));
    expect(response.statusCode).toBe(200);
    alertIds.push(...(response.json().ids as string[]));
  }
});
afterAll(() => app.close());

/** A session of its own at the current test time (moving the clock days ahead ends sessions). */
async function signInOwner() {
  owner = (
    await signedInClient(
      app,
      tenants.map((t) => ({ tenantId: t.id, role: "owner" as const })),
    )
  ).client;
}

const openAlertsOf = async (tenantId: string, limit: number) =>
  (
    await app.ctx.db
      .selectFrom("alerts")
      .select(["id", "status"])
      .where("tenant_id", "=", tenantId)
      .where("status", "=", "Open")
      .orderBy("detected_at", "desc")
      .limit(limit)
      .execute()
  ).map((a) => a.id);

describe("overview rollups", () => {
  it("answer exactly as the direct count after ingest", async () => {
    await expectRollupsExact();
  });

  it("stay exact after triage: status moves, assignment and bulk updates", async () => {
    const tenantA = tenants[0]?.id ?? "";
    const analyst = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Rollup Analyst" });
    const [a1, a2, a3, a4, a5] = await openAlertsOf(tenantA, 5);
    expect((await owner.post(`/api/v1/alerts/${a1}/transition`, { status: "Acknowledged" })).statusCode).toBe(200);
    expect(
      (
        await owner.post(`/api/v1/alerts/${a2}/transition`, {
          status: "Closed",
          resolutionType: "Automated",
          closureNotes: "Playbook",
        })
      ).statusCode,
    ).toBe(200);
    expect((await owner.post(`/api/v1/alerts/${a3}/assign`, { assigneeUserId: analyst.id })).statusCode).toBe(200);
    const bulk = await owner.post("/api/v1/alerts/bulk-update", {
      ids: [a4, a5],
      action: { type: "status", status: "In Progress" },
    });
    expect(bulk.statusCode).toBe(200);
    await expectRollupsExact();
  });

  it("stay exact after escalation into a new incident and into an existing one", async () => {
    const tenantB = tenants[1]?.id ?? "";
    const [b1, b2, b3, b4] = await openAlertsOf(tenantB, 4);
    const created = await owner.post("/api/v1/incidents/escalate", { alertIds: [b1, b2] });
    expect(created.statusCode).toBe(200);
    const incidentId = created.json().incident.id as string;
    expect((await owner.post("/api/v1/incidents/escalate", { alertIds: [b3, b4], incidentId })).statusCode).toBe(200);
    owner.tenantId = tenantB;
    const coverage = (await owner.get("/api/v1/attack/coverage")).json();
    owner.tenantId = null;
    expect(coverage.techniques.some((t: { incidents: { id: string }[] }) => t.incidents.some((i) => i.id === incidentId))).toBe(
      true,
    );
    await expectRollupsExact();
  });

  it("stay exact when a re-sent alert moves to another quarter hour", async () => {
    const tenantC = tenants[2] ?? { id: "", slug: "" };
    // The newest alert of C, in every window, moved out of all of them: a stale count would show.
    const latest = [...generateAlerts({ seed: 5, count: 1500, tenants: tenants.map((t) => t.slug), now, daysBack: 40 })]
      .filter((g) => g.tenant === tenantC.slug)
      .sort((a, b) => Date.parse(b.alert.detectedAt ?? "") - Date.parse(a.alert.detectedAt ?? ""))[0];
    const response = await owner.post(`/api/v1/alerts/bulk?tenantId=${tenantC.id}`, [
      { ...latest?.alert, detectedAt: iso(now - days(60)) },
    ]);
    expect(response.json()).toMatchObject({ created: 0, updated: 1 });
    await expectRollupsExact();
  });

  it("stay exact as due times pass and when the clock goes back", async () => {
    for (const at of [now + hours(3), now + days(2), now]) {
      app.clock.now = at;
      await signInOwner();
      await expectRollupsExact();
    }
  });

  it("refresh on their own shortly after a change, without a read asking", async () => {
    const tenantA = tenants[0]?.id ?? "";
    const unit = Math.floor((now - minutes(1)) / 900_000);
    const leafAlerts = async () =>
      Number(
        (
          await app.ctx.db
            .selectFrom("rollup_totals")
            .select("alerts")
            .where("tenant_id", "=", tenantA)
            .where("level", "=", 0)
            .where("start", "=", unit)
            .executeTakeFirst()
        )?.alerts ?? 0,
      );
    const before = await leafAlerts();
    const response = await owner.post(`/api/v1/alerts?tenantId=${tenantA}`, {
      source: "live",
      sourceId: "fresh-1",
      name: "Fresh",
      priority: "High",
      detectedAt: iso(now - minutes(1)),
    });
    expect(response.statusCode).toBe(201);
    // Queued in the same transaction as the alert, refreshed by the background refresher.
    await vi.waitFor(
      async () => {
        expect(await leafAlerts()).toBe(before + 1);
        expect(Number((await sql<{ n: number }>`select count(*) as n from rollup_dirty`.execute(app.ctx.db)).rows[0]?.n)).toBe(0);
      },
      { timeout: 2000, interval: 50 },
    );
  });

  it("rebuild from scratch to the same answers", async () => {
    const result = await app.ctx.db.transaction().execute((trx) => rebuildRollups(trx, app.ctx.now()));
    expect(result.leaves).toBeGreaterThan(100);
    expect(alertIds.length).toBe(1500);
    await expectRollupsExact();
  });
});
