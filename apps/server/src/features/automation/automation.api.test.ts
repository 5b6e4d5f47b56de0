import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AutomationRule, AutomationRunList, DryRunResult } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backgroundWork } from "../../background-work";
import { makeTenant, makeUser, PASSWORD, signedInClient } from "../../test/factories";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp, TestClient } from "../../test/test-server";
import type { JobRunner } from "../jobs/job-runner";
import { notifyAllSlaBreaches } from "../alerts/sla-breach.service";
import { TagBatch } from "./automation-actions";
import { automationFor } from "./automation-engine";

/**
 * Automation rules end to end on a real database: validation with positions, the dry run, rules
 * acting on ingested alerts in order (assign, round-robin, priority, tags, grouping, close),
 * "stop after", changes and SLA breaches as triggers, no loops, schedules, module switch, audit.
 * Webhooks have their own file (webhooks.api.test.ts).
 */

const data = fileURLToPath(new URL("../../../../../../shared/data/", import.meta.url));
let app: TestApp;
let runner: JobRunner;
let tenantA: string;
let tenantB: string;
let admin: TestClient;
let analystClient: TestClient;
let analyst1: { id: string; email: string };
let analyst2: { id: string; email: string };
let adminUser: { id: string; email: string };

async function as(user: { email: string }): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.signIn(user.email, PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

const rule = (extra: Record<string, unknown> = {}) => ({
  tenantIds: [tenantA],
  name: "Triage lab alerts",
  trigger: "alert.created",
  enabled: true,
  condition: { field: "name", op: "contains", value: "mimikatz" },
  actions: [{ type: "assign", userId: analyst1.id }],
  ...extra,
});

async function create(extra: Record<string, unknown> = {}): Promise<AutomationRule> {
  const response = await admin.post("/api/v1/automation/rules", rule(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AutomationRule;
}

let seq = 0;
/** Posts alerts to tenant A as the admin and waits until the rules have answered them. */
async function ingest(...alerts: Record<string, unknown>[]): Promise<string[]> {
  const body = alerts.map((a) => ({ source: "edr", sourceId: `auto-${++seq}`, priority: "Medium", ...a }));
  const response = await admin.post(`/api/v1/alerts/bulk?tenantId=${tenantA}`, body);
  expect(response.statusCode, response.body).toBe(200);
  await automationFor(app.ctx).idle();
  return (response.json() as { ids: string[] }).ids;
}

/** Moves the clock; sessions do not outlive long jumps, so the admin signs in again. */
async function later(ms: number) {
  app.clock.now += ms;
  admin = await as(adminUser);
}

const alertOf = async (id: string) => (await admin.get(`/api/v1/alerts/${id}`)).json();
const removeAll = async () => {
  for (const r of (await admin.get("/api/v1/automation/rules")).json().items)
    await admin.delete(`/api/v1/automation/rules/${r.id}`);
};

beforeAll(async () => {
  app = await createTestApp();
  runner = backgroundWork(app.ctx, () => undefined);
  tenantA = (await makeTenant(app, "Automation A")).id;
  tenantB = (await makeTenant(app, "Automation B")).id;
  adminUser = await makeUser(app, [{ tenantId: tenantA, role: "admin" }]);
  analyst1 = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Ana Lyst" });
  analyst2 = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Ben Hunt" });
  admin = await as(adminUser);
  analystClient = await as(analyst1);
});

afterAll(async () => {
  await runner.stop();
  await app.close();
});

describe("automation rules", () => {
  it("refuses a rule that cannot run, naming every problem's position", async () => {
    const bad = await admin.post(
      "/api/v1/automation/rules",
      rule({
        condition: {
          all: [
            { field: "hostnme", op: "equals", value: "x" },
            { field: "srcIp", op: "cidr", value: "10.0.0.0/40" },
            { field: "name", op: "matches", value: "(unclosed" },
          ],
        },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual([
      "condition.all[0].field",
      "condition.all[1].value",
      "condition.all[2].value",
    ]);
    const wrongAction = await admin.post(
      "/api/v1/automation/rules",
      rule({ trigger: "incident.created", condition: { field: "title", op: "exists" } }),
    );
    expect(wrongAction.statusCode).toBe(400);
    expect(wrongAction.json().details[0].path).toBe("actions.0.type");
    const stranger = await makeUser(app, [{ tenantId: tenantB, role: "analyst" }]);
    const notMember = await admin.post("/api/v1/automation/rules", rule({ actions: [{ type: "assign", userId: stranger.id }] }));
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().details[0].path).toBe("actions.0");
    expect((await admin.post("/api/v1/automation/rules", rule({ tenantIds: [tenantB] }))).statusCode).toBe(404);
    expect((await analystClient.post("/api/v1/automation/rules", rule())).statusCode).toBe(403);
    const schedule = await admin.post("/api/v1/automation/rules", rule({ trigger: "schedule" }));
    expect(schedule.json().details[0].path).toBe("everyMinutes");
  });

  it("dry-runs a rule over the last 7 days without changing anything", async () => {
    await ingest({ name: "Mimikatz sekurlsa on WS-1" }, { name: "mimikatz again" }, { name: "Benign backup job" });
    await later(8 * 24 * 60 * 60_000);
    await ingest({ name: "Mimikatz after a week" }, { name: "Quiet" });
    const dry = await admin.post("/api/v1/automation/rules/dry-run", rule());
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json() as DryRunResult;
    expect(result).toMatchObject({ examined: 2, matched: 1, capped: false });
    expect(result.examples.map((e) => e.name)).toEqual(["Mimikatz after a week"]);
    expect((await admin.get("/api/v1/automation/rules")).json().items).toEqual([]);
  });

  it("writes a chunk's tags in one go, and an alert gone meanwhile fails only its own", async () => {
    const [kept] = (await ingest({ name: "Tag batch keeps these" })) as [string];
    const entry = (id: string) => ({
      tenantId: tenantA,
      subjectType: "alert" as const,
      subjectId: id,
      at: app.clock.now,
      actorName: "test",
      kind: "updated" as const,
    });
    const batch = new TagBatch(new Map());
    expect(batch.add(tenantA, kept, ["a", "b"], entry(kept))).toEqual(["a", "b"]);
    expect(batch.add(tenantA, kept, ["b", "c"], entry(kept))).toEqual(["c"]);
    batch.add(tenantA, "no-such-alert", ["a"], entry("no-such-alert"));
    const failed = await batch.write(app.ctx);
    expect([...failed.keys()]).toEqual(["no-such-alert"]);
    const stored = await app.ctx.db.selectFrom("alert_tags").select("tag").where("alert_id", "=", kept).execute();
    expect(stored.map((t) => t.tag).sort()).toEqual(["a", "b", "c"]);
    const timeline = (await alertOf(kept)).timeline.filter((t: { actorName: string }) => t.actorName === "test");
    expect(timeline).toHaveLength(2);
  });

  it("acts on new alerts in order, records each run, and stops after a rule that says so", async () => {
    const first = await create({
      name: "Critical credential theft",
      stopAfter: true,
      condition: {
        all: [
          { field: "name", op: "contains", value: "mimikatz" },
          { field: "srcIp", op: "cidr", value: "10.0.0.0/8" },
        ],
      },
      actions: [
        { type: "setPriority", priority: "Critical" },
        { type: "addTags", tags: ["credential-theft", "edr"] },
        { type: "assign", userId: analyst1.id },
      ],
    });
    const second = await create({
      name: "Everything mimikatz",
      stopAfter: true,
      actions: [{ type: "assign", userId: analyst2.id }],
    });
    const [inside, outside, other] = await ingest(
      { name: "Mimikatz on DC-01", srcIp: "10.1.2.3" },
      { name: "Mimikatz from outside", srcIp: "203.0.113.9" },
      { name: "Port scan" },
    );
    const a = await alertOf(inside as string);
    expect(a.alert.priority).toBe("Critical");
    expect(a.alert.assignee).toBe("Ana Lyst");
    // A new priority brings the policy's due times with it.
    expect(Date.parse(a.alert.ackDueAt) - Date.parse(a.alert.detectedAt)).toBe(15 * 60_000);
    expect(a.timeline.some((t: { actorName: string }) => t.actorName === 'Automation rule "Critical credential theft"')).toBe(
      true,
    );
    expect((await alertOf(outside as string)).alert.assignee).toBe("Ben Hunt");
    expect((await alertOf(other as string)).alert.assignee).toBeNull();
    const runs = (await admin.get(`/api/v1/automation/rules/${first.id}/runs`)).json() as AutomationRunList;
    expect(runs.items).toHaveLength(1);
    expect(runs.items[0]).toMatchObject({ subjectId: inside, outcome: "done" });
    expect(runs.items[0]?.actions.map((x) => x.ok)).toEqual([true, true, true]);
    // "Stop after" kept the second rule from the first alert.
    const secondRuns = (await admin.get(`/api/v1/automation/rules/${second.id}/runs`)).json() as AutomationRunList;
    expect(secondRuns.items.map((r) => r.subjectId)).toEqual([outside]);
    const listed = (await admin.get("/api/v1/automation/rules")).json().items as AutomationRule[];
    expect(listed.map((r) => [r.name, r.matches])).toEqual([
      ["Critical credential theft", 1],
      ["Everything mimikatz", 1],
    ]);
    // Reordered, the broad rule runs first and takes the alert.
    await admin.post("/api/v1/automation/rules/order", { ruleIds: [second.id, first.id] });
    const [again] = await ingest({ name: "Mimikatz on DC-02", srcIp: "10.1.2.4" });
    expect((await alertOf(again as string)).alert.assignee).toBe("Ben Hunt");
    await removeAll();
  });

  it("hands alerts out round-robin, groups them into incidents, and closes duplicates with a reason", async () => {
    await create({ name: "Round robin", actions: [{ type: "assignRoundRobin", userIds: [analyst1.id, analyst2.id] }] });
    await create({
      name: "Group by host",
      condition: { field: "hostname", op: "startsWith", value: "srv-" },
      actions: [{ type: "group", groupBy: ["hostname"], windowMinutes: 60 }],
    });
    await create({
      name: "Known noise",
      condition: { field: "name", op: "equals", value: "Heartbeat lost" },
      actions: [{ type: "close", reason: "benign", note: "Agent restarts nightly" }],
    });
    const ids = await ingest({ name: "mimikatz 1" }, { name: "mimikatz 2" }, { name: "mimikatz 3" });
    const assignees = await Promise.all(ids.map(async (id) => (await alertOf(id)).alert.assignee));
    expect(assignees).toEqual(["Ana Lyst", "Ben Hunt", "Ana Lyst"]);

    const grouped = await ingest(
      { name: "Beacon", hostname: "srv-db-1" },
      { name: "Lateral", hostname: "SRV-DB-1" },
      { name: "Other", hostname: "srv-web" },
    );
    const incidents = await Promise.all(grouped.map(async (id) => (await alertOf(id)).alert.incidentId));
    expect(incidents[0]).toBeTruthy();
    expect(incidents[1]).toBe(incidents[0]);
    expect(incidents[2]).not.toBe(incidents[0]);
    app.clock.now += 61 * 60_000;
    const [late] = await ingest({ name: "Later beacon", hostname: "srv-db-1" });
    expect((await alertOf(late as string)).alert.incidentId).not.toBe(incidents[0]);

    const [noise] = await ingest({ name: "Heartbeat lost" });
    const closed = await alertOf(noise as string);
    expect(closed.alert).toMatchObject({
      status: "Closed",
      resolutionType: "Automated",
      closureNotes: "Benign: Agent restarts nightly",
    });
    await removeAll();
  });

  it("answers people's changes and SLA breaches, never its own actions", async () => {
    const escalateOnAck = await create({
      name: "Acknowledged criticals",
      trigger: "alert.changed",
      condition: {
        all: [
          { field: "changed", op: "contains", value: "status" },
          { field: "status", op: "equals", value: "Acknowledged" },
        ],
      },
      actions: [{ type: "setStatus", status: "In Progress" }],
    });
    const loop = await create({
      name: "Would loop",
      trigger: "alert.changed",
      condition: { field: "status", op: "equals", value: "In Progress" },
      actions: [{ type: "setStatus", status: "Resolved" }],
    });
    const [id] = await ingest({ name: "Ransom note" });
    await admin.post(`/api/v1/alerts/${id}/transition`, { status: "Acknowledged" });
    await automationFor(app.ctx).idle();
    // The rule moved it on; its own move triggered nothing (the second rule would have resolved it).
    expect((await alertOf(id as string)).alert.status).toBe("In Progress");
    expect((await admin.get(`/api/v1/automation/rules/${loop.id}/runs`)).json().items).toEqual([]);
    expect((await admin.get(`/api/v1/automation/rules/${escalateOnAck.id}/runs`)).json().items).toHaveLength(1);
    await removeAll();

    await create({
      name: "Breached: escalate",
      trigger: "alert.sla_breached",
      condition: { field: "priority", op: "in", value: ["High", "Critical"] },
      actions: [{ type: "escalate" }, { type: "notify", userIds: [analyst2.id], message: "SLA breached" }],
    });
    const [high, low] = await ingest({ name: "High one", priority: "High" }, { name: "Low one", priority: "Low" });
    await later(5 * 60 * 60_000);
    await notifyAllSlaBreaches(app.ctx);
    await automationFor(app.ctx).idle();
    expect((await alertOf(high as string)).alert.incidentId).toBeTruthy();
    expect((await alertOf(low as string)).alert.incidentId).toBeNull();
    const ben = await as(analyst2);
    const notes = (await ben.get("/api/v1/notifications")).json().items as { kind: string; message: string }[];
    const told = notes.filter((n) => n.kind === "automation").map((n) => n.message);
    expect(told).toContain('SLA breached (alert "High one")');
    expect(told).not.toContain('SLA breached (alert "Low one")');
    await removeAll();
  });

  it("answers an alert once when its SLA goes at risk", async () => {
    const rule = await create({
      name: "At-risk highs",
      trigger: "alert.sla_at_risk",
      condition: { field: "priority", op: "equals", value: "High" },
      actions: [{ type: "addTags", tags: ["sla-at-risk"] }],
    });
    const [high] = await ingest({ name: "High, racing its SLA", priority: "High" });
    const engine = automationFor(app.ctx);
    const runs = async () => {
      await engine.checkAtRisk();
      await engine.idle();
      return ((await admin.get(`/api/v1/automation/rules/${rule.id}/runs`)).json().items as { subjectId: string }[]).map(
        (r) => r.subjectId,
      );
    };
    // High: 30 minutes to acknowledge; at risk after 75 % of them (22.5 minutes).
    await later(20 * 60_000);
    expect(await runs()).not.toContain(high);
    await later(3 * 60_000);
    expect(await runs()).toContain(high);
    expect((await runs()).filter((id) => id === high)).toHaveLength(1);
    await removeAll();
  });

  it("runs scheduled rules once per slot over open alerts", async () => {
    await create({
      name: "Unassigned for an hour",
      trigger: "schedule",
      everyMinutes: 30,
      condition: {
        all: [
          { field: "assignee", op: "exists", value: false },
          { field: "ageMinutes", op: "gte", value: 60 },
        ],
      },
      actions: [{ type: "assign", userId: analyst2.id }],
    });
    const [stale] = await ingest({ name: "Stale one" });
    app.clock.now += 31 * 60_000;
    expect(await automationFor(app.ctx).runScheduled()).toBeGreaterThanOrEqual(0);
    expect((await alertOf(stale as string)).alert.assignee).toBeNull();
    app.clock.now += 31 * 60_000;
    const fresh = (await ingest({ name: "Fresh one" }))[0] as string;
    await automationFor(app.ctx).runScheduled();
    expect((await alertOf(stale as string)).alert.assignee).toBe("Ben Hunt");
    expect((await alertOf(fresh)).alert.assignee).toBeNull();
    // Nothing is due again until the next slot.
    expect(await automationFor(app.ctx).runScheduled()).toBe(0);
    await removeAll();
  });

  it("runs nothing for a tenant whose Automation module is off, and audits every change", async () => {
    const created = await create({ actions: [{ type: "addTags", tags: ["x"] }] });
    await admin.patch(`/api/v1/automation/rules/${created.id}`, { enabled: false });
    const [id] = await ingest({ name: "mimikatz while off" });
    expect((await alertOf(id as string)).timeline.some((t: { kind: string }) => t.kind === "updated")).toBe(false);
    await admin.patch(`/api/v1/automation/rules/${created.id}`, { enabled: true });
    await app.ctx.db
      .updateTable("tenant_modules")
      .set({ enabled: 0 })
      .where("tenant_id", "=", tenantA)
      .where("module", "=", "automation")
      .execute();
    automationFor(app.ctx).invalidate();
    const [id2] = await ingest({ name: "mimikatz, module off" });
    expect((await alertOf(id2 as string)).timeline.some((t: { kind: string }) => t.kind === "updated")).toBe(false);
    await app.ctx.db
      .updateTable("tenant_modules")
      .set({ enabled: 1 })
      .where("tenant_id", "=", tenantA)
      .where("module", "=", "automation")
      .execute();
    automationFor(app.ctx).invalidate();
    await admin.delete(`/api/v1/automation/rules/${created.id}`);
    const audit = (await admin.get(`/api/v1/audit?tenantId=${tenantA}`)).json().items as {
      event: string;
      details: { ruleId?: string };
    }[];
    expect(audit.filter((e) => e.details.ruleId === created.id).map((e) => e.event)).toEqual([
      "automation.rule_deleted",
      "automation.rule_changed",
      "automation.rule_changed",
      "automation.rule_created",
    ]);
  });
});

describe("notify by e-mail", () => {
  it("mails the people a rule tells when the server has SMTP, through the job runner", async () => {
    const sink = await startSmtpSink();
    const mailApp = await createTestApp({ WATCHFLOOR_SMTP_URL: sink.url, WATCHFLOOR_SMTP_FROM: "Watchfloor <soc@example.test>" });
    const mailRunner = backgroundWork(mailApp.ctx, () => undefined);
    try {
      const tenant = (await makeTenant(mailApp, "Mail tenant")).id;
      const owner = await makeUser(mailApp, [{ tenantId: tenant, role: "owner" }]);
      const analyst = await makeUser(mailApp, [{ tenantId: tenant, role: "analyst" }], { email: "night-shift@example.test" });
      const client = new TestClient(mailApp);
      await client.signIn(owner.email, PASSWORD);
      const created = await client.post("/api/v1/automation/rules", {
        tenantIds: [tenant],
        name: "Wake the night shift",
        trigger: "alert.created",
        enabled: true,
        condition: { field: "priority", op: "equals", value: "Critical" },
        actions: [{ type: "notify", userIds: [analyst.id], message: "Critical alert" }],
      });
      expect(created.statusCode, created.body).toBe(201);
      await client.post(`/api/v1/alerts?tenantId=${tenant}`, {
        source: "edr",
        sourceId: "m-1",
        name: "Domain admin added",
        priority: "Critical",
      });
      await automationFor(mailApp.ctx).idle();
      await mailRunner.runDue();
      const [mail] = await sink.waitFor(1);
      expect(mail?.to).toMatchObject({ text: "night-shift@example.test" });
      expect(mail?.subject).toBe("[Watchfloor] Wake the night shift");
      expect(mail?.text).toContain('Critical alert (alert "Domain admin added")');
    } finally {
      await mailRunner.stop();
      await mailApp.close();
      await sink.close();
    }
  });
});

describe("finding triggers", () => {
  it("answers findings a scan creates and findings the KEV catalog newly flags", async () => {
    await later(0);
    const created = await create({
      name: "Critical findings to Ana",
      trigger: "finding.created",
      condition: { field: "severity", op: "equals", value: "Critical" },
      actions: [{ type: "assign", userId: analyst1.id }],
    });
    await create({
      name: "Tell Ben about KEV",
      trigger: "finding.known_exploited",
      condition: { field: "knownExploited", op: "equals", value: "yes" },
      actions: [{ type: "notify", userIds: [analyst2.id], message: "Now known-exploited" }],
    });
    const scan = readFileSync(path.join(data, "vulnscans/trivy/scheme_2_many_vulns.json"));
    const imported = await admin.request({
      method: "POST",
      url: `/api/v1/imports/findings?tenantId=${tenantA}`,
      payload: scan,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await automationFor(app.ctx).idle();
    const findings = (await admin.get(`/api/v1/findings?tenantId=${tenantA}&limit=100`)).json().items as {
      priority: string;
      assignee: string | null;
      cveIds: string[];
    }[];
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.some((f) => f.priority === "Critical")).toBe(true);
    for (const f of findings)
      expect([f.priority, f.assignee]).toEqual([f.priority, f.priority === "Critical" ? "Ana Lyst" : null]);
    expect((await admin.get(`/api/v1/automation/rules/${created.id}/runs`)).json().items).toHaveLength(
      findings.filter((f) => f.priority === "Critical").length,
    );

    const platform = (await signedInClient(app, [], { platformAdmin: true })).client;
    const kev = await platform.request({
      method: "POST",
      url: "/api/v1/intel/kev",
      payload: readFileSync(path.join(data, "vulnintel/known_exploited_vulnerabilities.json")),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(kev.statusCode, kev.body).toBe(200);
    await automationFor(app.ctx).idle();
    const ben = await as(analyst2);
    const told = ((await ben.get("/api/v1/notifications?limit=100")).json().items as { kind: string; message: string }[])
      .filter((n) => n.message.startsWith("Now known-exploited"))
      .map((n) => n.message);
    const flagged = findings.filter((f) => f.cveIds.includes("CVE-2020-15999"));
    expect(flagged.length).toBeGreaterThan(0);
    expect(told).toHaveLength(flagged.length);
    await removeAll();
  });
});

describe("compliance trigger", () => {
  it("answers controls a later scan newly fails, not the first scan's failures", async () => {
    await later(0);
    await create({
      name: "SSH controls to Ben",
      trigger: "compliance.newly_failing",
      condition: { field: "title", op: "contains", value: "ssh" },
      actions: [{ type: "notify", userIds: [analyst2.id], message: "Newly failing" }],
    });
    const scan = (day: string, sshFails: boolean) => ({
      platform: { name: "ubuntu", target_id: "web-07.example.test" },
      profiles: [
        {
          name: "linux-baseline",
          controls: [
            {
              id: "ssh-1",
              title: "SSH root login is off",
              impact: 0.7,
              results: [{ status: sshFails ? "failed" : "passed", start_time: `${day}T00:00:00Z` }],
            },
            {
              id: "fs-1",
              title: "Separate /tmp partition",
              impact: 0.5,
              results: [{ status: "failed", start_time: `${day}T00:00:00Z` }],
            },
          ],
        },
      ],
    });
    const post = async (body: object) => {
      const response = await admin.request({
        method: "POST",
        url: `/api/v1/imports/compliance?tenantId=${tenantA}`,
        payload: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode, response.body).toBe(200);
      await automationFor(app.ctx).idle();
    };
    const told = async () =>
      ((await (await as(analyst2)).get("/api/v1/notifications?limit=100")).json().items as { message: string }[])
        .map((n) => n.message)
        .filter((m) => m.startsWith("Newly failing"));
    await post(scan("2026-11-01", false));
    expect(await told()).toEqual([]);
    await post(scan("2026-11-08", true));
    expect(await told()).toEqual([
      'Newly failing (control "SSH root login is off" (Chef InSpec ssh-1) newly failing on web-07.example.test)',
    ]);
    await removeAll();
  });
});
