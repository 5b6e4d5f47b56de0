import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { days, hours, minutes } from "../../lib/time";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let tenantA: string;
let tenantB: string;
let analystA: TestClient;
let now: number;
let range: string;

const iso = (ms: number) => new Date(ms).toISOString();

/** Moves an alert through the workflow at given minutes after `at`, on the test clock. */
async function moves(id: string, at: number, steps: [number, string, Record<string, unknown>?][]) {
  for (const [after, status, extra] of steps) {
    app.clock.now = at + minutes(after);
    const response = await analystA.post(`/api/v1/alerts/${id}/transition`, { status, ...extra });
    expect(response.statusCode).toBe(200);
  }
  app.clock.now = now;
}

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  range = `from=${encodeURIComponent(iso(now - days(7)))}&to=${encodeURIComponent(iso(now))}`;
  tenantA = (await makeTenant(app, "Dash A")).id;
  tenantB = (await makeTenant(app, "Dash B")).id;
  analystA = (await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }])).client;
  const { client: analystB } = await signedInClient(app, [{ tenantId: tenantB, role: "analyst" }]);
  const priya = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Priya Nair" });

  // Current period [now - 7d, now): five alerts in A, all 25 hours ago except a5 (20 minutes ago).
  const base = now - hours(25);
  const ingest = async (client: TestClient, tenantId: string, sourceId: string, body: Record<string, unknown>) =>
    (await client.post(`/api/v1/alerts?tenantId=${tenantId}`, { source: "edr", sourceId, detectedAt: iso(base), ...body })).json()
      .id as string;
  const a1 = await ingest(analystA, tenantA, "a1", {
    name: "Login storm",
    rule: "Brute force",
    priority: "Critical",
    hostname: "ws-1",
    username: "j.doe",
    mitreTechniques: ["T1110"],
    tactics: ["Credential Access"],
  });
  const a2 = await ingest(analystA, tenantA, "a2", {
    name: "Login storm 2",
    rule: "Brute force",
    priority: "High",
    hostname: "ws-1",
    username: "a.smith",
    mitreTechniques: ["T1059.001"],
  });
  const a3 = await ingest(analystA, tenantA, "a3", {
    name: "Encoded command",
    rule: "PowerShell",
    priority: "Medium",
    hostname: "ws-2",
    mitreTechniques: ["T1110"],
  });
  const a4 = await ingest(analystA, tenantA, "a4", { name: "PowerShell", priority: "Low" });
  await ingest(analystA, tenantA, "a5", { name: "PowerShell", priority: "Critical", detectedAt: iso(now - minutes(20)) });
  // Previous period [now - 14d, now - 7d): one alert acknowledged after 20 minutes.
  const p1 = await ingest(analystA, tenantA, "p1", { name: "Old", priority: "High", detectedAt: iso(now - days(8)) });
  await ingest(analystB, tenantB, "b1", { name: "B only", priority: "Critical" });

  await moves(a1, base, [
    [10, "Acknowledged"],
    [20, "In Progress"],
    [60, "Resolved"],
  ]);
  await moves(a2, base, [
    [40, "Acknowledged"],
    [50, "In Progress"],
  ]);
  await moves(a4, base, [[5, "Closed", { resolutionType: "Automated", closureNotes: "Known admin script" }]]);
  await moves(p1, now - days(8), [[20, "Acknowledged"]]);
  expect((await analystA.post(`/api/v1/alerts/${a2}/assign`, { assigneeUserId: priya.id })).statusCode).toBe(200);
  expect((await analystA.post("/api/v1/incidents/escalate", { alertIds: [a2] })).statusCode).toBe(200);
  expect(a3).toBeTruthy();
});
afterAll(() => app.close());

describe("dashboard summary", () => {
  it("links its outcome figures to alert lists of exactly that length (resolution and escalation filters)", async () => {
    const s = (await analystA.get(`/api/v1/dashboard/summary?${range}`)).json();
    const listed = async (query: string) =>
      (await analystA.get(`/api/v1/alerts?${range}&limit=200&${query}`)).json().items.length;
    expect(await listed("view=closed&resolution=Automated")).toBe(s.resolvedAutomatically);
    expect(await listed("view=all&escalated=Yes")).toBe(s.escalated);
    expect(await listed("view=all&escalated=No")).toBe(s.alerts.current - s.escalated);
    expect(await listed("view=all&escalated=Yes,No")).toBe(s.alerts.current);
    expect((await analystA.get(`/api/v1/alerts?escalated=Maybe`)).statusCode).toBe(400);
  });

  it("counts exactly the alerts of the tenant in scope, with trends against the previous period", async () => {
    const response = await analystA.get(`/api/v1/dashboard/summary?${range}`);
    expect(response.statusCode).toBe(200);
    const s = response.json();
    expect(s).toMatchObject({
      from: iso(now - days(7)),
      to: iso(now),
      previousFrom: iso(now - days(14)),
      bucket: "day",
      alerts: { current: 5, previous: 1 },
      open: 3,
      openByPriority: { Critical: 1, High: 1, Medium: 1, Low: 0 },
      newLast24h: 1,
      mttaMinutes: { current: 25, previous: 20 },
      mttrMinutes: { current: 32.5, previous: null },
      // Ack: a1 met; a2 late, a3/a4/a5 overdue. Respond: a1, a2 met; a3, a4 overdue; a5 not due yet.
      ackMetPercent: { current: 20, previous: 100 },
      respondMetPercent: { current: 50, previous: 0 },
      escalated: 1,
      resolved: 2,
      resolvedAutomatically: 1,
      breachedNow: 1,
      tenants: null,
    });
    expect(s.overTime).toHaveLength(7);
    expect(s.overTime[5]).toEqual({ start: iso(now - days(2)), total: 4, critical: 1, high: 1 });
    expect(s.overTime[6]).toMatchObject({ total: 1, critical: 1, high: 0 });
    expect(s.topRules).toEqual([
      { key: "PowerShell", label: "PowerShell", count: 3 },
      { key: "Brute force", label: "Brute force", count: 2 },
    ]);
    expect(s.topTechniques.map((t: { key: string; count: number }) => [t.key, t.count])).toEqual([
      ["T1110", 2],
      ["T1059.001", 1],
    ]);
    expect(s.topHosts.map((t: { key: string; count: number }) => [t.key, t.count])).toEqual([
      ["ws-1", 2],
      ["ws-2", 1],
    ]);
    expect(s.topUsers.map((t: { key: string }) => t.key)).toEqual(["a.smith", "j.doe"]);
    expect(s.workload).toEqual([
      { key: "unassigned", label: "Unassigned", count: 2 },
      { key: "Priya Nair", label: "Priya Nair", count: 1 },
    ]);
  });

  it("agrees with the alert list it links to", async () => {
    const list = async (query: string) => (await analystA.get(`/api/v1/alerts?${query}&${range}&limit=200`)).json().items.length;
    expect(await list("view=open&priority=Critical")).toBe(1);
    expect(await list("view=open")).toBe(3);
    expect(await list("view=open&respondSla=Missed")).toBe(1);
    expect(await list("view=all&technique=T1110")).toBe(2);
    expect(await list("view=open&assignee=unassigned")).toBe(2);
    expect(await list("view=all&ackSla=Met")).toBe(1);
    // The top lists link by exact rule (the name when there is none), host and user.
    expect(await list("view=all&rule=PowerShell")).toBe(3);
    expect(await list("view=all&rule=Brute%20force")).toBe(2);
    expect(await list("view=all&host=ws-1")).toBe(2);
    expect(await list("view=all&host=ws")).toBe(0);
  });

  it("compares tenants for people in several, and never shows one tenant's figures to another", async () => {
    const { client: owner } = await signedInClient(app, [
      { tenantId: tenantA, role: "owner" },
      { tenantId: tenantB, role: "executive" },
    ]);
    const both = (await owner.get(`/api/v1/dashboard/summary?${range}`)).json();
    expect(both.alerts.current).toBe(6);
    expect(
      both.tenants.map((t: { tenantName: string; open: number; criticalOpen: number; breachedNow: number }) => [
        t.tenantName,
        t.open,
        t.criticalOpen,
        t.breachedNow,
      ]),
    ).toEqual([
      ["Dash A", 3, 1, 1],
      ["Dash B", 1, 1, 1],
    ]);
    owner.tenantId = tenantB;
    const onlyB = (await owner.get(`/api/v1/dashboard/summary?${range}`)).json();
    expect(onlyB).toMatchObject({ alerts: { current: 1, previous: 0 }, open: 1, tenants: null });

    const { client: memberB } = await signedInClient(app, [{ tenantId: tenantB, role: "viewer" }]);
    const seenByB = (await memberB.get(`/api/v1/dashboard/summary?${range}`)).json();
    expect(seenByB.alerts.current).toBe(1);
    expect(JSON.stringify(seenByB)).not.toMatch(/Brute force|ws-1|Priya/);
    memberB.tenantId = tenantA;
    expect((await memberB.get(`/api/v1/dashboard/summary?${range}`)).statusCode).toBe(404);
  });

  it("lets executives read it, buckets short ranges by hour and refuses bad ranges", async () => {
    const { client: exec } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    const day = (
      await exec.get(
        `/api/v1/dashboard/summary?from=${encodeURIComponent(iso(now - hours(24)))}&to=${encodeURIComponent(iso(now))}`,
      )
    ).json();
    expect(day.bucket).toBe("hour");
    expect(day.overTime).toHaveLength(24);
    expect(day.alerts.current).toBe(1);
    const reversed = await exec.get(
      `/api/v1/dashboard/summary?from=${encodeURIComponent(iso(now))}&to=${encodeURIComponent(iso(now - hours(1)))}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0].path).toBe("from");
    expect((await exec.get("/api/v1/dashboard/summary?from=yesterday")).statusCode).toBe(400);
  });
});
