import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MdrBoard, MdrCoverage, MdrEscalation, MdrHandover, MdrSources, MdrWorkload } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAttackBundle } from "../attack/attack.service";
import { rebuildRollups } from "../rollups/rollup-rebuild";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { notifySilentSources } from "./mdr-silence.service";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let app: TestApp;
let tenantId: string;
let otherId: string;
let admin: TestClient;
let analyst: TestClient;
let viewer: TestClient;
let provider: TestClient;
let withoutModule: TestClient;
let seq = 0;

const alert = (over: Record<string, unknown>) => ({
  source: "mdr-test",
  sourceId: `a-${++seq}`,
  name: `Alert ${seq}`,
  priority: "Medium",
  ...over,
});
const ingest = async (client: TestClient, tenant: string, alerts: unknown[]) => {
  const response = await client.post(`/api/v1/alerts/bulk?tenantId=${tenant}`, alerts);
  expect(response.statusCode, response.body).toBe(200);
};
const get = async <T>(client: TestClient, url: string, tenant?: string): Promise<T> => {
  const response = await client.request({ method: "GET", url, headers: tenant ? { "x-tenant-id": tenant } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
/** How many alerts the alert list shows for a filter (page by page). */
async function total(client: TestClient, query: string): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const url = `/api/v1/alerts?tenant=${tenantId}&${query}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page: { items: unknown[]; nextCursor: string | null } = await get(client, url);
    n += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return n;
}
const falcon = (sources: MdrSources) =>
  sources.items.find((s) => s.tenantId === tenantId && s.tool === "Falcon" && s.sensor === "EDR");
const unread = async (client: TestClient) =>
  (await get<{ items: { kind: string; message: string }[] }>(client, "/api/v1/notifications")).items.filter(
    (n) => n.kind === "data_source_silent",
  );

beforeAll(async () => {
  // The clock moves by hours here: sessions stay signed in across it.
  app = await createTestApp({ WATCHFLOOR_SESSION_IDLE_MINUTES: "100000", WATCHFLOOR_SESSION_ABSOLUTE_HOURS: "10000" });
  tenantId = (await makeTenant(app, "MDR Client", ["mdr"])).id;
  otherId = (await makeTenant(app, "MDR Other", ["mdr"])).id;
  const bareId = (await makeTenant(app, "MDR Bare", ["compliance"])).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  viewer = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
  provider = (
    await signedInClient(app, [
      { tenantId, role: "owner" },
      { tenantId: otherId, role: "owner" },
    ])
  ).client;
  withoutModule = (await signedInClient(app, [{ tenantId: bareId, role: "owner" }])).client;
  const now = app.clock.now;
  // Falcon/EDR sends one alert an hour for the 15 days up to now; Zeek one a day.
  const hourly = Array.from({ length: 15 * 24 + 1 }, (_, i) =>
    alert({
      sourceTool: "Falcon",
      detectionSource: "EDR",
      detectedAt: new Date(now - i * HOUR).toISOString(),
      status: i % 3 === 0 ? "Closed" : "Open",
      assignee: i % 2 === 0 ? "Ana Lyst" : undefined,
      priority: i % 5 === 0 ? "Critical" : "Low",
      acknowledgedAt: i % 3 === 0 ? new Date(now - i * HOUR + 20 * 60_000).toISOString() : undefined,
      ...(i % 3 === 0
        ? {
            resolvedAt: new Date(now - i * HOUR + HOUR).toISOString(),
            respondedAt: new Date(now - i * HOUR + 30 * 60_000).toISOString(),
          }
        : {}),
    }),
  );
  const daily = Array.from({ length: 10 }, (_, i) =>
    alert({ sourceTool: "Zeek", detectedAt: new Date(now - i * DAY - 2 * HOUR).toISOString() }),
  );
  await ingest(admin, tenantId, [...hourly, ...daily]);
  await ingest(provider, otherId, [alert({ sourceTool: "Okta", detectedAt: new Date(now - HOUR).toISOString() })]);
});

afterAll(async () => {
  await app?.close();
});

describe("MDR client board", () => {
  it("counts what the alert list and the dashboard count, per tenant in scope", async () => {
    const board = await get<MdrBoard>(provider, "/api/v1/mdr/board");
    expect(board.rows.map((r) => r.tenantName).sort()).toEqual(["MDR Client", "MDR Other"]);
    const row = board.rows.find((r) => r.tenantId === tenantId);
    expect(row).toBeDefined();
    expect(row?.open).toBe(await total(provider, "view=open"));
    expect(row?.unassigned).toBe(await total(provider, "view=open&assignee=unassigned"));
    expect(row?.breached).toBe(await total(provider, "view=open&respondSla=Missed"));
    expect(row?.atRisk).toBe(await total(provider, "respondSla=At%20risk"));
    expect(row?.open).toBeGreaterThan(0);
    expect(row?.breached).toBeGreaterThan(0);
    expect(row?.atRisk).toBeGreaterThan(0);
    const dashboard = await get<{ mttaMinutes: { current: number; previous: number }; mttrMinutes: unknown }>(
      provider,
      "/api/v1/dashboard/summary",
      tenantId,
    );
    expect(row?.mttaMinutes).toEqual(dashboard.mttaMinutes);
    expect(row?.mttrMinutes).toEqual(dashboard.mttrMinutes);
    expect(row?.mttaMinutes.current).toBe(20);
    expect(row?.sources.map((s) => `${s.tool}/${s.sensor}`).sort()).toEqual(["Falcon/EDR", "Zeek/"]);
  });

  it("shows one tenant when one is selected, and answers a tenant without MDR with 403", async () => {
    const board = await get<MdrBoard>(provider, "/api/v1/mdr/board", otherId);
    expect(board.rows.map((r) => r.tenantId)).toEqual([otherId]);
    expect((await withoutModule.get("/api/v1/mdr/board")).statusCode).toBe(403);
  });

  it("exports the board as CSV", async () => {
    const response = await admin.get("/api/v1/mdr/board/export.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toContain("tenant,open,unassigned");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^MDR Client,/);
  });
});

describe("data-source health", () => {
  it("gives each source its last event, today's and normal volume and a learned interval", async () => {
    const sources = await get<MdrSources>(admin, "/api/v1/mdr/sources");
    const f = falcon(sources);
    expect(f).toMatchObject({ today: 13, normalDaily: 24, expectedMinutes: 240, expectedFrom: "learned", silent: false });
    expect(f?.lastEventAt).toBe(new Date(app.clock.now).toISOString());
    const zeek = sources.items.find((s) => s.tool === "Zeek");
    // One a day: the learned interval is 4 days, kept at the 24-hour most.
    expect(zeek).toMatchObject({ sensor: "", normalDaily: 1, expectedMinutes: 1440, silent: false });
    expect(sources.items.every((s) => s.tenantId === tenantId)).toBe(true);
    const csv = await admin.get("/api/v1/mdr/sources/export.csv");
    expect(csv.body).toContain("MDR Client,Falcon,EDR,");
  });

  it("turns a source silent past its interval and tells admins and analysts once per silence", async () => {
    expect(await notifySilentSources(app.ctx)).toBe(0);
    app.clock.now += 4 * HOUR + 60_000;
    const f = falcon(await get<MdrSources>(admin, "/api/v1/mdr/sources"));
    expect(f?.silent).toBe(true);
    expect(f?.silentSince).toBe(new Date(app.clock.now - 60_000).toISOString());
    expect((await get<MdrBoard>(admin, "/api/v1/mdr/board")).rows[0]?.silentSources).toBe(1);
    expect(await notifySilentSources(app.ctx)).toBe(1);
    expect(await notifySilentSources(app.ctx)).toBe(0);
    expect(await unread(analyst)).toHaveLength(1);
    expect((await unread(admin))[0]?.message).toContain("Falcon / EDR of MDR Client");
    expect(await unread(viewer)).toHaveLength(0);
    // An event ends the silence; the next silence is told again.
    await ingest(admin, tenantId, [
      alert({ sourceTool: "Falcon", detectionSource: "EDR", detectedAt: new Date(app.clock.now).toISOString() }),
    ]);
    expect(falcon(await get<MdrSources>(admin, "/api/v1/mdr/sources"))?.silent).toBe(false);
    expect(await notifySilentSources(app.ctx)).toBe(0);
    app.clock.now += 5 * HOUR;
    expect(await notifySilentSources(app.ctx)).toBe(1);
    expect(await unread(analyst)).toHaveLength(2);
  });

  it("takes an interval set by owners and admins, not by analysts, for a source the tenant has", async () => {
    const body = { tenantId, tool: "Falcon", sensor: "EDR", expectedMinutes: 24 * 60 };
    expect((await analyst.put("/api/v1/mdr/sources/expected", body)).statusCode).toBe(403);
    const set = await admin.put("/api/v1/mdr/sources/expected", body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ expectedMinutes: 1440, expectedFrom: "set", silent: false });
    expect((await admin.put("/api/v1/mdr/sources/expected", { ...body, tool: "Nothing" })).statusCode).toBe(404);
    expect((await admin.put("/api/v1/mdr/sources/expected", { ...body, expectedMinutes: 1 })).statusCode).toBe(400);
    const cleared = await admin.put("/api/v1/mdr/sources/expected", { ...body, expectedMinutes: null });
    expect(cleared.json()).toMatchObject({ expectedFrom: "learned" });
  });

  it("keeps the same figures after a full rebuild of the rollups", async () => {
    const before = await get<MdrSources>(admin, "/api/v1/mdr/sources");
    await app.ctx.db.transaction().execute((trx) => rebuildRollups(trx, app.clock.now));
    expect(await get<MdrSources>(admin, "/api/v1/mdr/sources")).toEqual(before);
  });
});

describe("analyst workload", () => {
  it("lists open work per assignee with its oldest item and breaches", async () => {
    const { items } = await get<MdrWorkload>(admin, "/api/v1/mdr/workload");
    const ana = items.find((r) => r.assignee === "Ana Lyst");
    const nobody = items.find((r) => r.assignee === null);
    expect(ana?.open).toBe(await total(admin, "view=open&assignee=Ana%20Lyst"));
    expect(nobody?.open).toBe(await total(admin, "view=open&assignee=unassigned"));
    expect(ana?.breached).toBe(await total(admin, "view=open&assignee=Ana%20Lyst&respondSla=Missed"));
    const oldest = await get<{ items: { id: string; detectedAt: string }[] }>(
      admin,
      `/api/v1/alerts?tenant=${tenantId}&view=open&assignee=Ana%20Lyst&sort=detectedAt&dir=asc&limit=1`,
    );
    expect(ana?.oldestAlertId).toBe(oldest.items[0]?.id);
  });
  it("reassigns an assignee's open alerts of one client, oldest first, to one of its analysts", async () => {
    const ben = await makeUser(app, [{ tenantId, role: "analyst" }], { displayName: "Ben Hunt" });
    const before = (await get<MdrWorkload>(admin, "/api/v1/mdr/workload")).items;
    const ana = before.find((r) => r.tenantId === tenantId && r.assignee === "Ana Lyst");
    expect(ana?.open).toBeGreaterThan(3);
    const moved = await admin.post("/api/v1/mdr/workload/reassign", { tenantId, from: "Ana Lyst", toUserId: ben.id, limit: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ moved: 3, failed: 0, remaining: (ana?.open ?? 0) - 3 });
    const after = (await get<MdrWorkload>(admin, "/api/v1/mdr/workload")).items;
    const benRow = after.find((r) => r.tenantId === tenantId && r.assignee === "Ben Hunt");
    // The oldest three moved: Ben's oldest is Ana's oldest before.
    expect(benRow).toMatchObject({ open: 3, oldestAlertId: ana?.oldestAlertId });
    const timeline = await get<{ timeline: { kind: string; changes: Record<string, unknown> }[] }>(
      admin,
      `/api/v1/alerts/${ana?.oldestAlertId}`,
    );
    expect(timeline.timeline.some((t) => t.kind === "assigned")).toBe(true);
    // Refusals: someone who is not an analyst of the client, another tenant, nothing to move, viewers.
    const outsider = await makeUser(app, [{ tenantId: otherId, role: "analyst" }]);
    const wrong = await admin.post("/api/v1/mdr/workload/reassign", { tenantId, from: "Ana Lyst", toUserId: outsider.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe("toUserId");
    const foreign = await admin.post("/api/v1/mdr/workload/reassign", { tenantId: otherId, from: null, toUserId: ben.id });
    expect(foreign.statusCode).toBe(404);
    const none = await admin.post("/api/v1/mdr/workload/reassign", { tenantId, from: "Nobody Here", toUserId: ben.id });
    expect(none.statusCode).toBe(404);
    expect(
      (await viewer.post("/api/v1/mdr/workload/reassign", { tenantId, from: "Ben Hunt", toUserId: ben.id })).statusCode,
    ).toBe(403);
  });
});

describe("shift handover", () => {
  it("keeps notes with the items they name, newest first; names only the tenant's items", async () => {
    const alerts = await get<{ items: { id: string; name: string }[] }>(admin, `/api/v1/alerts?tenant=${tenantId}&limit=1`);
    const first = alerts.items[0];
    const body = {
      tenantId,
      shift: "Night 2026-11-21",
      openWork: "Falcon quiet since 16:00",
      watch: "Okta",
      items: [{ kind: "alert", id: first?.id }],
    };
    const created = await analyst.post("/api/v1/mdr/handovers", body);
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as MdrHandover).items).toEqual([{ kind: "alert", id: first?.id, label: first?.name }]);
    await analyst.post("/api/v1/mdr/handovers", { ...body, shift: "Day 2026-11-22", items: [] });
    const list = await get<{ items: MdrHandover[] }>(viewer, "/api/v1/mdr/handovers");
    expect(list.items.map((h) => h.shift)).toEqual(["Day 2026-11-22", "Night 2026-11-21"]);
    expect(list.items[1]?.authorName).toBeTruthy();
    const other = await get<{ items: { id: string }[] }>(provider, `/api/v1/alerts?tenant=${otherId}&limit=1`);
    const foreign = await analyst.post("/api/v1/mdr/handovers", { ...body, items: [{ kind: "alert", id: other.items[0]?.id }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe("items.0.id");
    expect((await viewer.post("/api/v1/mdr/handovers", body)).statusCode).toBe(403);
    expect((await analyst.post("/api/v1/mdr/handovers", { ...body, openWork: "" })).statusCode).toBe(400);
  });
});

describe("escalation to the client", () => {
  it("records who was told, when and how from the matrix, and the client's acknowledgement", async () => {
    const contact = { tenantId, name: "Dana CISO", role: "CISO", phone: "+15550123" };
    expect((await analyst.post("/api/v1/mdr/contacts", contact)).statusCode).toBe(403);
    expect((await admin.post("/api/v1/mdr/contacts", { tenantId, name: "No way to reach" })).statusCode).toBe(400);
    const dana = (await admin.post("/api/v1/mdr/contacts", contact)).json() as { id: string };
    const matrix = await admin.put("/api/v1/mdr/escalation-matrix", {
      tenantId,
      rows: [{ priority: "Critical", contactId: dana.id, channel: "phone" }],
    });
    expect(matrix.statusCode, matrix.body).toBe(200);
    const twice = await admin.put("/api/v1/mdr/escalation-matrix", {
      tenantId,
      rows: [
        { priority: "High", contactId: dana.id, channel: "phone" },
        { priority: "High", contactId: dana.id, channel: "email" },
      ],
    });
    expect(twice.statusCode).toBe(400);

    const recorded = await analyst.post("/api/v1/mdr/escalations", {
      tenantId,
      subject: "Ransomware on FIN-01",
      priority: "Critical",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const e = recorded.json() as MdrEscalation;
    expect(e).toMatchObject({
      contactName: "Dana CISO",
      channel: "phone",
      acknowledgedAt: null,
      toldAt: new Date(app.clock.now).toISOString(),
    });
    const noMatrix = await analyst.post("/api/v1/mdr/escalations", { tenantId, subject: "x", priority: "Low" });
    expect(noMatrix.statusCode).toBe(400);
    expect(noMatrix.json().details[0].path).toBe("contactId");

    const early = await analyst.post(`/api/v1/mdr/escalations/${e.id}/acknowledge`, {
      acknowledgedBy: "Dana",
      acknowledgedAt: new Date(app.clock.now - HOUR).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    const ack = await analyst.post(`/api/v1/mdr/escalations/${e.id}/acknowledge`, { acknowledgedBy: "Dana" });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ acknowledgedBy: "Dana", acknowledgedAt: new Date(app.clock.now).toISOString() });
    expect((await analyst.post(`/api/v1/mdr/escalations/${e.id}/acknowledge`, { acknowledgedBy: "Dana" })).statusCode).toBe(409);

    const list = await get<{ items: MdrEscalation[] }>(viewer, `/api/v1/mdr/escalations?tenantId=${tenantId}`);
    expect(list.items.map((x) => x.subject)).toEqual(["Ransomware on FIN-01"]);
    const settings = await get<{ contacts: { name: string }[]; matrix: unknown[] }>(
      viewer,
      `/api/v1/mdr/escalation-settings?tenantId=${tenantId}`,
    );
    expect(settings.contacts.map((c) => c.name)).toEqual(["Dana CISO"]);
    expect(settings.matrix).toEqual([{ priority: "Critical", contactId: dana.id, channel: "phone" }]);
    // Removing the contact removes its matrix rows; the escalation keeps the name it had.
    expect((await admin.delete(`/api/v1/mdr/contacts/${dana.id}`)).statusCode).toBe(200);
    expect((await get<{ matrix: unknown[] }>(viewer, `/api/v1/mdr/escalation-settings?tenantId=${tenantId}`)).matrix).toEqual([]);
    expect((await get<{ items: MdrEscalation[] }>(viewer, "/api/v1/mdr/escalations")).items[0]?.contactName).toBe("Dana CISO");
  });
});

describe("detection coverage", () => {
  const bundle = readFileSync(
    fileURLToPath(new URL("../../../../../../shared/data/attack/enterprise-attack.json", import.meta.url)),
    "utf8",
  );
  const coverageOf = () => get<MdrCoverage>(admin, `/api/v1/mdr/coverage?tenantId=${tenantId}`);
  const technique = (c: MdrCoverage, id: string) => c.techniques.find((t) => t.id === id);

  it("shows the techniques seen in the client's alerts against those its sources can see", async () => {
    const now = app.clock.now;
    await ingest(admin, tenantId, [
      alert({
        sourceTool: "Falcon",
        detectionSource: "EDR",
        mitreTechniques: ["T1566.001"],
        detectedAt: new Date(now - 60_000).toISOString(),
      }),
      alert({
        sourceTool: "Splunk",
        detectionSource: "Search",
        mitreTechniques: ["T1110.003"],
        detectedAt: new Date(now - 60_000).toISOString(),
      }),
    ]);
    // Without the catalogue nothing is known to be visible; what was seen still counts.
    const before = await coverageOf();
    expect(before.catalogueLoaded).toBe(false);
    expect(before.totals).toMatchObject({ full: 0, partial: 0, seen: 2, seenNotVisible: 2 });

    await importAttackBundle(app.ctx, bundle);
    const c = await coverageOf();
    expect(c.catalogueLoaded).toBe(true);
    const falcon = c.sources.find((s) => s.tool === "Falcon");
    expect(falcon).toMatchObject({ componentsFrom: "default" });
    expect(falcon?.components).toContain("DC0032"); // Process Creation
    expect(c.sources.find((s) => s.tool === "Splunk")).toMatchObject({ componentsFrom: "none", components: [] });
    // Spearphishing attachment: its analytics also read Application Log Content, which an EDR lacks.
    expect(technique(c, "T1566.001")).toMatchObject({ alerts: 1, visibility: "partial" });
    // Password spraying needs User Account Authentication: nothing supplies it yet.
    expect(technique(c, "T1110.003")).toMatchObject({ alerts: 1, visibility: "none" });
    // Zeek (network) and the EDR together see web-protocol C2 fully, though no alert named it.
    expect(technique(c, "T1071.001")).toMatchObject({ alerts: 0, visibility: "full" });
    expect(c.totals.seenNotVisible).toBe(1);
    expect(c.totals.full + c.totals.partial).toBe(c.layer.techniques.length);
    expect(c.layer.techniques.find((t) => t.techniqueID === "T1071.001")?.score).toBe(2);
    expect(c.layer.techniques.some((t) => t.techniqueID === "T1110.003")).toBe(false);
  });

  it("lets the client's admins set a source's data components, checked against the catalogue", async () => {
    const body = { tenantId, tool: "Splunk", sensor: "Search" };
    const bad = await admin.put("/api/v1/mdr/sources/components", { ...body, components: ["DC0002", "DC9999"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("components.1");
    expect((await analyst.put("/api/v1/mdr/sources/components", { ...body, components: ["DC0002"] })).statusCode).toBe(403);
    const missing = await admin.put("/api/v1/mdr/sources/components", { ...body, tool: "Nowhere", components: ["DC0002"] });
    expect(missing.statusCode).toBe(404);
    const foreign = await admin.put("/api/v1/mdr/sources/components", { ...body, tenantId: otherId, components: ["DC0002"] });
    expect(foreign.statusCode).toBe(404);

    const set = await admin.put("/api/v1/mdr/sources/components", { ...body, components: ["DC0002"] });
    expect(set.statusCode, set.body).toBe(200);
    const c = set.json() as MdrCoverage;
    expect(c.sources.find((s) => s.tool === "Splunk")).toMatchObject({ componentsFrom: "set", components: ["DC0002"] });
    expect(technique(c, "T1110.003")).toMatchObject({ alerts: 1, visibility: "full" });
    expect(c.totals.seenNotVisible).toBe(0);
    // Back to the defaults by name.
    const reset = await admin.put("/api/v1/mdr/sources/components", { ...body, components: null });
    expect(technique(reset.json() as MdrCoverage, "T1110.003")?.visibility).toBe("none");
    expect((await viewer.get(`/api/v1/mdr/coverage?tenantId=${otherId}`)).statusCode).toBe(404);
  });
});
