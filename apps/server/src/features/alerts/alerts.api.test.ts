import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { indexPendingAlerts } from "./alert-search.repository";
import { BULK_LIMIT } from "./bulk-body";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let tenantId: string;
let analyst: TestClient;
let analystId: string;

const alert = (n: number, extra: Record<string, unknown> = {}) => ({
  source: "edr",
  sourceId: `evt-${n}`,
  name: `Suspicious PowerShell ${n}`,
  priority: n % 4 === 0 ? "Critical" : n % 3 === 0 ? "High" : "Medium",
  hostname: `ws-${n % 5}`,
  username: n % 2 ? "j.doe" : "a.smith",
  srcIp: `10.0.0.${n}`,
  mitreTechniques: n % 2 ? ["T1059.001"] : ["T1110"],
  tactics: n % 2 ? ["Execution"] : ["Credential Access"],
  detectedAt: new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString(),
  detectionSource: n % 2 ? "CrowdStrike Falcon" : "Wazuh",
  clientEnvironment: "Cloud",
  ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  const t = await makeTenant(app, "Alerts Tenant");
  tenantId = t.id;
  const signed = await signedInClient(app, [{ tenantId, role: "analyst" }]);
  analyst = signed.client;
  analystId = signed.user.id;
});
afterAll(() => app.close());

describe("alert ingestion", () => {
  it("accepts one alert, and a re-sent alert updates instead of duplicating", async () => {
    const first = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, alert(1));
    expect(first.statusCode).toBe(201);
    const again = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, alert(1, { name: "Renamed by source" }));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const detail = (await analyst.get(`/api/v1/alerts/${first.json().id}`)).json();
    expect(detail.alert.name).toBe("Renamed by source");
    expect(detail.alert.raw).toBeNull();
  });

  it("reports field errors with paths", async () => {
    const bad = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "edr",
      sourceId: "x",
      name: "",
      priority: "Urgent",
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["name", "priority"]);
  });

  it("ingests NDJSON and JSON arrays in bulk, reporting rejected items by index", async () => {
    const lines = [2, 3, 4, 5, 6].map((n) => JSON.stringify(alert(n))).join("\n");
    const ndjson = await analyst.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${tenantId}`,
      payload: `${lines}\n`,
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(ndjson.json()).toMatchObject({ created: 5, updated: 0, rejected: [] });
    const array = await analyst.post(`/api/v1/alerts/bulk?tenantId=${tenantId}`, [alert(6), alert(7), { name: "no source" }]);
    expect(array.json()).toMatchObject({ created: 1, updated: 1 });
    expect(array.json().rejected[0]).toMatchObject({ index: 2 });
    const broken = await analyst.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${tenantId}`,
      payload: `${JSON.stringify(alert(8))}\n{oops`,
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].path).toBe("line 2");
    const listed = (await analyst.get("/api/v1/alerts?limit=200")).json().items;
    expect(listed.some((a: { sourceId: string }) => a.sourceId === "evt-8")).toBe(false);
  });

  it("writes a key repeated in one request once, as its last version, beside a stored key it updates", async () => {
    const repeatTenant = (await makeTenant(app, "Repeat Key Tenant")).id;
    const { client } = await signedInClient(app, [{ tenantId: repeatTenant, role: "analyst" }]);
    const url = `/api/v1/alerts/bulk?tenantId=${repeatTenant}`;
    expect((await client.post(url, [alert(40)])).json()).toMatchObject({ created: 1, updated: 0 });
    const body = [
      alert(41, { name: "first version" }),
      alert(40, { name: "stored, re-sent", mitreTechniques: ["T1566"], tactics: ["Initial Access"] }),
      alert(41, { name: "last version", mitreTechniques: ["T1021"], tactics: ["Lateral Movement"] }),
    ];
    const result = (await client.post(url, body)).json();
    expect(result).toMatchObject({ created: 1, updated: 2, rejected: [] });
    expect(result.ids[0]).toBe(result.ids[2]);
    const listed = (await client.get(`/api/v1/alerts?tenantId=${repeatTenant}&sort=name&dir=asc`)).json().items;
    expect(listed.map((a: { name: string }) => a.name)).toEqual(["last version", "stored, re-sent"]);
    // ATT&CK links follow the version written: the old technique no longer finds either alert.
    const byTechnique = async (t: string) =>
      (await client.get(`/api/v1/alerts?tenantId=${repeatTenant}&technique=${t}`))
        .json()
        .items.map((a: { name: string }) => a.name);
    expect(await byTechnique("T1021")).toEqual(["last version"]);
    expect(await byTechnique("T1566")).toEqual(["stored, re-sent"]);
    expect(await byTechnique("T1110")).toEqual([]);
    // Tactics are links too ("tactic:" keys), for new alerts (written by SQLite from the stored
    // lists) and re-sent ones alike.
    const byTactic = async (t: string) =>
      (await client.get(`/api/v1/alerts?tenantId=${repeatTenant}&tactic=${encodeURIComponent(t)}`))
        .json()
        .items.map((a: { name: string }) => a.name);
    expect(await byTactic("Lateral Movement")).toEqual(["last version"]);
    expect(await byTactic("Initial Access")).toEqual(["stored, re-sent"]);
  });

  it("ingests big bulk bodies through the ingest worker with the same report, and rolls back a bad line", async () => {
    // A tenant of its own: 1,500 alerts would crowd the other tests' lists.
    const bulkTenant = (await makeTenant(app, "Bulk Worker Tenant")).id;
    const { client: ingester } = await signedInClient(app, [{ tenantId: bulkTenant, role: "analyst" }]);
    const many: Record<string, unknown>[] = Array.from({ length: 1500 }, (_, n) => ({
      ...alert(1000 + n),
      name: `Worker alert ${n} ${"x".repeat(150)}`,
    }));
    // One bad item in the head the main thread normalises (INGEST_HEAD lines), one in the worker's part.
    many[100] = { name: "no source" };
    many[1200] = { name: "no source" };
    const ndjson = many.map((a) => JSON.stringify(a)).join("\n");
    expect(ndjson.length).toBeGreaterThan(256 * 1024);
    const first = await ingester.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${bulkTenant}`,
      payload: ndjson,
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 1498, updated: 0 });
    expect(first.json().rejected.map((r: { index: number }) => r.index)).toEqual([100, 1200]);
    // Every stored alert has its technique and its tactic linked, the first and last of each
    // write slice included: two links an alert.
    const links = await app.ctx.db
      .selectFrom("alert_attack")
      .select(["attack_key", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("tenant_id", "=", bulkTenant)
      .groupBy("attack_key")
      .orderBy("attack_key")
      .execute();
    const odd = many.filter((a, n) => n % 2 === 1 && a.source !== undefined).length;
    const even = 1498 - odd;
    expect(links.map((l) => [l.attack_key, Number(l.n)])).toEqual([
      ["T1059.001", odd],
      ["T1110", even],
      ["tactic:Credential Access", even],
      ["tactic:Execution", odd],
    ]);
    const again = await ingester.post(`/api/v1/alerts/bulk?tenantId=${bulkTenant}`, many.slice(0, 600));
    expect(again.json()).toMatchObject({ created: 0, updated: 599, rejected: [{ index: 100 }] });
    const fresh = Array.from({ length: 1500 }, (_, n) =>
      JSON.stringify({ ...alert(5000 + n), name: `Rolled back ${n} ${"y".repeat(150)}` }),
    );
    const broken = await ingester.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${bulkTenant}`,
      payload: `${fresh.join("\n")}\n{oops`,
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].path).toBe("line 1501");
    const found = (await ingester.get(`/api/v1/alerts?tenantId=${bulkTenant}&q=${encodeURIComponent("rolled back")}`)).json()
      .items;
    expect(found).toEqual([]);
    // A bad line in the head, and a body over the limit whose head is good: nothing is stored.
    const post = (payload: string) =>
      ingester.request({
        method: "POST",
        url: `/api/v1/alerts/bulk?tenantId=${bulkTenant}`,
        payload,
        headers: { "content-type": "application/x-ndjson" },
      });
    const badHead = [...fresh.slice(0, 10), "{oops", ...fresh.slice(10)];
    const headError = await post(badHead.join("\n"));
    expect(headError.statusCode).toBe(400);
    expect(headError.json().details[0].path).toBe("line 11");
    // Over the limit only with the head counted: 250 lines of head, the limit less 249 after it.
    const over = await post([...fresh.slice(0, 250), ...Array.from({ length: BULK_LIMIT - 249 }, () => '{"x":1}')].join("\n"));
    expect(over.statusCode).toBe(400);
    expect(over.json().details[0]).toMatchObject({ path: "body", message: expect.stringMatching(/more than 50000 alerts/) });
    const stored = (await ingester.get(`/api/v1/alerts?tenantId=${bulkTenant}&q=${encodeURIComponent("rolled back")}`)).json()
      .items;
    expect(stored).toEqual([]);
  });

  it("accepts a tenant API key on the ingestion routes", async () => {
    const { client: admin } = await signedInClient(app, [{ tenantId, role: "admin" }]);
    const { key } = (await admin.post("/api/v1/api-keys", { tenantId, name: "forwarder" })).json();
    const response = await app.app.inject({
      method: "POST",
      url: "/api/v1/alerts",
      headers: { authorization: `Bearer ${key}` },
      payload: alert(40),
    });
    expect(response.statusCode).toBe(201);
    const detail = (await analyst.get(`/api/v1/alerts/${response.json().id}`)).json();
    expect(detail.timeline[0].actorName).toBe('API key "forwarder"');
  });
});

describe("alert lists", () => {
  it("filters, sorts and pages with a keyset cursor", async () => {
    const critical = (await analyst.get("/api/v1/alerts?priority=Critical")).json().items;
    expect(critical.length).toBeGreaterThan(0);
    expect(critical.every((a: { priority: string }) => a.priority === "Critical")).toBe(true);
    const technique = (await analyst.get("/api/v1/alerts?technique=T1110")).json().items;
    expect(technique.every((a: { mitreTechniques: string[] }) => a.mitreTechniques.includes("T1110"))).toBe(true);
    const tactic = (await analyst.get("/api/v1/alerts?tactic=Execution")).json().items;
    expect(tactic.every((a: { tactics: string[] }) => a.tactics.includes("Execution"))).toBe(true);
    const text = (await analyst.get("/api/v1/alerts?q=10.0.0.7")).json().items;
    expect(text.map((a: { sourceId: string }) => a.sourceId)).toEqual(["evt-7"]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string; detectedAt: string }[]; nextCursor: string | null } = (
        await analyst.get(`/api/v1/alerts?sort=detectedAt&dir=asc&limit=3${cursor ? `&cursor=${cursor}` : ""}`)
      ).json();
      seen.push(...page.items.map((i) => i.detectedAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await analyst.get("/api/v1/alerts?limit=200")).json().items;
    expect(seen.length).toBe(all.length);
    // A cursor continues only the sort it was issued for; a forged value of the wrong type is refused.
    const first = (await analyst.get("/api/v1/alerts?sort=detectedAt&dir=asc&limit=3")).json().nextCursor as string;
    const forged = (c: object) => Buffer.from(JSON.stringify(c)).toString("base64url");
    for (const query of [
      `sort=name&dir=asc&cursor=${first}`,
      `sort=detectedAt&dir=desc&cursor=${first}`,
      `sort=priority&dir=asc&cursor=${forged({ s: "priority", d: "asc", v: "High", id: "x" })}`,
    ]) {
      const response = await analyst.get(`/api/v1/alerts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: "cursor", message: expect.any(String) });
    }
    expect((await analyst.get("/api/v1/alerts?cursor=garbage")).json().details[0].path).toBe("cursor");
  });
});

describe("free-text search", () => {
  it("finds alerts before and after the background index catches up, and follows updates", async () => {
    await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, alert(50, { name: "Beacon to evil-domain.example" }));
    const search = async (q: string) =>
      (await analyst.get(`/api/v1/alerts?q=${encodeURIComponent(q)}`)).json().items.map((a: { sourceId: string }) => a.sourceId);
    expect(await search("EVIL-DOMAIN")).toEqual(["evt-50"]);
    await indexPendingAlerts(app.ctx.db);
    expect(await indexPendingAlerts(app.ctx.db)).toBe(0);
    expect(await search("evil-domain")).toEqual(["evt-50"]);
    await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, alert(50, { name: "Beacon to other-site.example" }));
    expect(await search("evil-domain")).toEqual([]);
    expect(await search("other-site")).toEqual(["evt-50"]);
    expect(await search("ev")).toEqual(expect.arrayContaining(["evt-1"]));
  });
});

describe("triage workflow", () => {
  it("sets dates from the clock, refuses illegal moves with the allowed ones, and records the timeline", async () => {
    const id = (
      await analyst.post(
        `/api/v1/alerts?tenantId=${tenantId}`,
        alert(20, { detectedAt: new Date(app.clock.now).toISOString(), priority: "Critical" }),
      )
    ).json().id;
    const illegal = await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "Resolved" });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().details[0].message).toBe("allowed: Acknowledged, Closed");
    app.clock.now += minutes(10);
    const acked = (await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "Acknowledged", comment: "looking" })).json();
    expect(acked.alert.acknowledgedAt).toBe(new Date(app.clock.now).toISOString());
    expect(acked.alert.ackSla).toBe("Met");
    expect(acked.allowedMoves).toEqual(["In Progress", "Closed"]);
    app.clock.now += minutes(40);
    const progress = (await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "In Progress" })).json();
    expect(progress.alert.respondSla).toBe("Missed");
    await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "Resolved" });
    const closed = (
      await analyst.post(`/api/v1/alerts/${id}/transition`, {
        status: "Closed",
        resolutionType: "Manual",
        closureNotes: "Contained.",
      })
    ).json();
    expect(closed.alert).toMatchObject({ status: "Closed", resolutionType: "Manual", closureNotes: "Contained." });
    const reopened = (await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "In Progress" })).json();
    expect(reopened.alert.closedAt).toBeNull();
    await analyst.post(`/api/v1/alerts/${id}/comments`, { comment: "Reopened: same host again" });
    const kinds = (await analyst.get(`/api/v1/alerts/${id}`)).json().timeline.map((t: { kind: string }) => t.kind);
    expect(kinds).toEqual(["created", "status", "status", "status", "status", "status", "comment"]);
  });

  it("needs a resolution to close an open alert, and bulk-closes with one", async () => {
    const ids = (await analyst.get("/api/v1/alerts?status=Open&limit=3")).json().items.map((a: { id: string }) => a.id);
    const missing = await analyst.post(`/api/v1/alerts/${ids[0]}/transition`, { status: "Closed" });
    expect(missing.json().details[0].path).toBe("resolutionType");
    const bulk = (
      await analyst.post("/api/v1/alerts/bulk-update", {
        ids,
        action: { type: "status", status: "Closed", resolutionType: "Automated", closureNotes: "False positive: admin script" },
      })
    ).json();
    expect(bulk.updated).toBe(3);
    const closed = (await analyst.get("/api/v1/alerts?view=closed&limit=200")).json().items.map((a: { id: string }) => a.id);
    expect(closed).toEqual(expect.arrayContaining(ids));
    const open = (await analyst.get("/api/v1/alerts?view=open&limit=200")).json().items.map((a: { id: string }) => a.id);
    expect(open.some((id: string) => ids.includes(id))).toBe(false);
  });

  it("assigns to a member, notifies them, and refuses strangers", async () => {
    const colleague = await makeUser(app, [{ tenantId, role: "analyst" }], { displayName: "Priya Nair" });
    const stranger = await makeUser(app, [{ tenantId: (await makeTenant(app)).id, role: "analyst" }]);
    const id = (await analyst.get("/api/v1/alerts?view=open&limit=1")).json().items[0].id;
    const assigned = (await analyst.post(`/api/v1/alerts/${id}/assign`, { assigneeUserId: colleague.id })).json();
    expect(assigned.alert.assignee).toBe("Priya Nair");
    const note = await app.ctx.db.selectFrom("notifications").selectAll().where("user_id", "=", colleague.id).executeTakeFirst();
    expect(note?.kind).toBe("assignment");
    expect((await analyst.post(`/api/v1/alerts/${id}/assign`, { assigneeUserId: stranger.id })).statusCode).toBe(400);
    expect((await analyst.get("/api/v1/alerts?assignee=Priya%20Nair")).json().items.map((a: { id: string }) => a.id)).toEqual([
      id,
    ]);
    expect(analystId).toBeTruthy();
  });

  it("filters on SLA state as of now", async () => {
    const id = (
      await analyst.post(
        `/api/v1/alerts?tenantId=${tenantId}`,
        alert(30, { detectedAt: new Date(app.clock.now).toISOString(), priority: "High" }),
      )
    ).json().id;
    expect((await analyst.get("/api/v1/alerts?ackSla=On%20track")).json().items.map((a: { id: string }) => a.id)).toContain(id);
    app.clock.now += minutes(25);
    expect((await analyst.get("/api/v1/alerts?ackSla=At%20risk")).json().items.map((a: { id: string }) => a.id)).toContain(id);
    app.clock.now += minutes(10);
    expect((await analyst.get("/api/v1/alerts?ackSla=Missed")).json().items.map((a: { id: string }) => a.id)).toContain(id);
  });
});
