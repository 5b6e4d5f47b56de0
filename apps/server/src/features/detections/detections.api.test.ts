import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DetectionRule, DetectionRuleDetail, EventIngestReport, RuleImportReport } from "@watchfloor/shared";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/alerts", import.meta.url)));
const sigmaDir = path.join(shared, "sigma");
const eventsDir = path.join(shared, "windows-events");
const ruleFiles = readdirSync(sigmaDir).filter((f) => f.endsWith(".yml"));
const eventFiles = readdirSync(eventsDir).filter((f) => f.endsWith(".event.json"));

let app: TestApp;
let tenantId: string;
let otherId: string;
let owner: TestClient;
let analyst: TestClient;
let other: TestClient;
let apiKey: string;

const importRules = (client: TestClient, body: Buffer | string, query: string) =>
  client.request({
    method: "POST",
    url: `/api/v1/detections/rules/import?${query}`,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
const postEvents = (body: string, contentType = "application/json", auth = `Bearer ${apiKey}`) =>
  app.app.inject({
    method: "POST",
    url: "/api/v1/events",
    payload: body,
    headers: { "content-type": contentType, authorization: auth },
  });
const rules = async (client: TestClient) => (await client.get("/api/v1/detections/rules")).json().items as DetectionRule[];
const eventText = (file: string) => readFileSync(path.join(eventsDir, file), "utf8");
const sigmaAlerts = (tenant: string) =>
  app.ctx.db
    .selectFrom("alerts")
    .select(["name", "rule", "source_id", "priority", "mitre_techniques", "tactics", "raw", "hostname"])
    .where("tenant_id", "=", tenant)
    .where("source", "=", "sigma")
    .orderBy("source_id")
    .execute();

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Sigma Co", ["automation"])).id;
  otherId = (await makeTenant(app, "Sigma Other", ["automation"])).id;
  owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherId, role: "owner" }])).client;
  apiKey = (await owner.post("/api/v1/api-keys", { tenantId, name: "sigma-events" })).json().key;
});

afterAll(async () => {
  await app?.close();
});

describe("rule import", () => {
  it("imports the shared rules from a zip, disabled, with their ATT&CK tags", async () => {
    const zip = zipSync(Object.fromEntries(ruleFiles.map((f) => [`rules/windows/${f}`, readFileSync(path.join(sigmaDir, f))])));
    const response = await importRules(owner, Buffer.from(zip), `tenantId=${tenantId}&filename=rules.zip`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as RuleImportReport;
    expect(report).toMatchObject({ files: 10, created: 10, updated: 0, refused: [] });
    const list = await rules(owner);
    expect(list).toHaveLength(10);
    expect(list.every((r) => !r.enabled)).toBe(true);
    const cpl = list.find((r) => r.ruleId === "2b140a5c-dc02-4bb8-b6b1-8bdb45714cde");
    expect(cpl).toMatchObject({
      level: "high",
      priority: "High",
      techniques: ["T1574.001"],
      tactics: ["Persistence", "Privilege Escalation", "Execution"],
      unmappedTags: ["attack.stealth"],
      logsource: { product: "windows", category: "image_load" },
    });
  });

  it("re-importing one file updates it; a refused rule is named with its reason and nothing of it is stored", async () => {
    const one = readFileSync(path.join(sigmaDir, "proc_creation_win_dirlister_execution.yml"));
    const bad = `title: Counting logons
id: 0e1c6a64-1111-4222-8333-944455556666
level: low
logsource: { product: windows, service: security }
detection:
  selection: { EventID: 4625 }
  condition: selection | count() by IpAddress > 5
---
title: Placeholder rule
id: 0e1c6a64-1111-4222-8333-944455556667
level: low
logsource: { product: windows, category: process_creation }
detection:
  selection: { CommandLine|expand: '%admins%' }
  condition: selection
---
title: Unknown category
id: 0e1c6a64-1111-4222-8333-944455556668
level: low
logsource: { product: windows, category: no_such_category }
detection:
  selection: { Image: x }
  condition: selection
`;
    const again = (await importRules(owner, one, `tenantId=${tenantId}&filename=dirlister.yml`)).json() as RuleImportReport;
    expect(again).toMatchObject({ created: 0, updated: 1, refused: [] });
    const refused = (await importRules(owner, bad, `tenantId=${tenantId}&filename=bad.yml`)).json() as RuleImportReport;
    expect(refused.created).toBe(0);
    expect(refused.refused.map((r) => [r.ruleId, r.path])).toEqual([
      ["0e1c6a64-1111-4222-8333-944455556666", "detection.condition"],
      ["0e1c6a64-1111-4222-8333-944455556667", "detection.selection.CommandLine|expand"],
      ["0e1c6a64-1111-4222-8333-944455556668", "logsource.category"],
    ]);
    expect(refused.refused[0]?.reason).toMatch(/aggregations/);
    expect(await rules(owner)).toHaveLength(10);
  });

  it("refuses a body that is not a rule file, and people without automation.manage", async () => {
    const notZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]);
    const broken = await importRules(owner, notZip, `tenantId=${tenantId}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].path).toBe("file");
    const yamlError = (await importRules(owner, "title: [unclosed", `tenantId=${tenantId}`)).json() as RuleImportReport;
    expect(yamlError.refused[0]?.path).toBe("yaml");
    expect((await importRules(analyst, "x: 1", `tenantId=${tenantId}`)).statusCode).toBe(403);
    expect((await importRules(other, "x: 1", `tenantId=${tenantId}`)).statusCode).toBe(404);
  });
});

describe("events", () => {
  it("counts events when no rule is enabled and stores nothing", async () => {
    const response = await postEvents(eventText("proc_creation_win_dirlister_execution.event.json"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ received: 1, matched: 0, unmatched: 1, rulesEvaluated: 0, alertsCreated: 0 });
    expect(await sigmaAlerts(tenantId)).toHaveLength(0);
  });

  it("each shared event fires exactly the rule the index names, with the rule's ATT&CK tags", async () => {
    const enabled = await owner.post("/api/v1/detections/rules/enabled", { tenantId, enabled: true });
    expect(enabled.json()).toEqual({ changed: 10 });
    // The index has no quoted fields.
    const index = readFileSync(path.join(eventsDir, "windows_events_attack_index.csv"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(",").map((f) => f.trim()));
    const [header, ...rows] = index;
    const col = (name: string) => (header as string[]).indexOf(name);
    expect(rows).toHaveLength(eventFiles.length);
    const list = await rules(owner);
    for (const row of rows) {
      const file = row[col("event_file")] as string;
      const before = (await sigmaAlerts(tenantId)).length;
      const report = (await postEvents(eventText(file))).json() as EventIngestReport;
      expect(report, file).toMatchObject({ received: 1, matched: 1, alertsCreated: 1, rulesEvaluated: 10 });
      const alerts = await sigmaAlerts(tenantId);
      expect(alerts).toHaveLength(before + 1);
      const fired = alerts.filter((a) => a.rule === row[col("sigma_rule_id")]);
      expect(fired, file).toHaveLength(1);
      const alert = fired[0] as (typeof alerts)[number];
      const rule = list.find((r) => r.ruleId === alert.rule) as DetectionRule;
      expect(alert.name).toBe(row[col("sigma_title")]);
      expect(alert.priority.toLowerCase()).toBe(row[col("level")]);
      expect(JSON.parse(alert.mitre_techniques)).toEqual(rule.techniques);
      expect(JSON.parse(alert.tactics)).toEqual(rule.tactics);
      // The index's truncated tags name the same techniques as the rule file.
      const indexed = (row[col("attack_tags")] as string).split(" ").filter((t) => /^attack\.t\d/.test(t));
      expect(indexed.map((t) => t.slice(7).toUpperCase())).toEqual(rule.techniques);
      expect(JSON.parse(alert.raw as string)).toEqual(JSON.parse(eventText(file)));
      expect(alert.hostname).toBe(row[col("computer")]);
    }
  });

  it("is idempotent on (rule, event) and takes NDJSON and a file upload", async () => {
    const ndjson = eventFiles.map((f) => JSON.stringify(JSON.parse(eventText(f)))).join("\n");
    const again = (await postEvents(ndjson, "application/x-ndjson")).json() as EventIngestReport;
    expect(again).toMatchObject({ received: 10, matched: 10, alertsCreated: 0, alertsUpdated: 10 });
    const file = await owner.request({
      method: "POST",
      url: `/api/v1/detections/events/import?tenantId=${tenantId}&filename=events.json`,
      payload: `[${eventFiles.map(eventText).join(",")}]`,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(file.json()).toMatchObject({ received: 10, alertsCreated: 0, alertsUpdated: 10 });
    expect(await sigmaAlerts(tenantId)).toHaveLength(10);
  });

  it("reads Winlogbeat/ECS events and reports events of no known shape by position", async () => {
    const winlogbeat = {
      "@timestamp": "2025-10-25T13:41:03.540Z",
      host: { name: "wks-7" },
      winlog: {
        channel: "Microsoft-Windows-Sysmon/Operational",
        provider_name: "Microsoft-Windows-Sysmon",
        event_id: 1,
        record_id: 42,
        computer_name: "wks-7.example",
        event_data: { Image: "D:\\tools\\DirLister.exe", CommandLine: "DirLister.exe" },
      },
    };
    const report = (await postEvents(JSON.stringify([winlogbeat, { hello: "world" }, 7]))).json() as EventIngestReport;
    expect(report).toMatchObject({ received: 1, matched: 1, alertsCreated: 1 });
    expect(report.rejected.map((r) => r.index)).toEqual([1, 2]);
    const matches = (
      await owner.get(
        `/api/v1/detections/rules/${(await rules(owner)).find((r) => r.title === "DirLister Execution")?.id}/matches`,
      )
    ).json();
    expect(matches.items.map((m: { hostname: string }) => m.hostname).sort()).toEqual([
      "ar-win-dc.attackrange.local",
      "wks-7.example",
    ]);
  });

  it("refuses bad bodies with the field, and other tenants' sessions", async () => {
    const bad = await postEvents("{not json\n{also not", "application/x-ndjson");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("line 1");
    const stranger = await other.request({
      method: "POST",
      url: `/api/v1/events?tenantId=${tenantId}`,
      payload: [],
    });
    expect(stranger.statusCode).toBe(404);
    const stats = (await owner.get("/api/v1/detections/stats")).json();
    expect(stats).toMatchObject({ rules: 10, enabled: 10 });
    expect(stats.eventsReceived).toBe(stats.eventsMatched + stats.eventsUnmatched);
    expect(stats.eventsUnmatched).toBe(1);
  });
});

describe("rules and the logsource map", () => {
  it("disables one rule, after which its events match nothing", async () => {
    const rule = (await rules(owner)).find((r) => r.title === "DirLister Execution") as DetectionRule;
    const off = await owner.request({
      method: "PUT",
      url: `/api/v1/detections/rules/${rule.id}/enabled`,
      payload: { enabled: false },
    });
    expect((off.json() as DetectionRuleDetail).enabled).toBe(false);
    const report = (await postEvents(eventText("proc_creation_win_dirlister_execution.event.json"))).json();
    expect(report).toMatchObject({ matched: 0, rulesEvaluated: 9 });
    const detail = (await analyst.get(`/api/v1/detections/rules/${rule.id}`)).json() as DetectionRuleDetail;
    expect(detail.source).toContain("DirLister.exe");
    expect(detail.matches).toBe(2);
    expect((await other.get(`/api/v1/detections/rules/${rule.id}`)).statusCode).toBe(404);
    expect(
      (await analyst.request({ method: "PUT", url: `/api/v1/detections/rules/${rule.id}/enabled`, payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
  });

  it("edits the map: refused while a rule would lose its logsource, applied to matching when saved", async () => {
    const map = (await owner.get(`/api/v1/detections/logsources?tenantId=${tenantId}`)).json();
    expect(map.custom).toBe(false);
    const withoutImageLoad = map.entries.filter((e: { category?: string }) => e.category !== "image_load");
    const refused = await owner.request({
      method: "PUT",
      url: `/api/v1/detections/logsources?tenantId=${tenantId}`,
      payload: { entries: withoutImageLoad },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details[0].message).toMatch(/image_load/);
    // Process creation read from the Security log's 4688 as well as Sysmon: the shared Sysmon event still matches.
    const edited = map.entries.map((e: { category?: string }) =>
      e.category === "process_creation"
        ? { ...e, channels: ["Security", "Microsoft-Windows-Sysmon/Operational"], eventIds: [1, 4688] }
        : e,
    );
    const saved = await owner.request({
      method: "PUT",
      url: `/api/v1/detections/logsources?tenantId=${tenantId}`,
      payload: { entries: edited },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().custom).toBe(true);
    const certutil = JSON.parse(eventText("proc_creation_win_certutil_encode_susp_location.event.json"));
    certutil.Event.System.EventID = 4688;
    certutil.Event.System.Channel = "Security";
    certutil.Event.System.EventRecordID = 999;
    const report = (await postEvents(JSON.stringify(certutil))).json();
    expect(report).toMatchObject({ matched: 1, alertsCreated: 1 });
    const reset = await owner.request({
      method: "PUT",
      url: `/api/v1/detections/logsources?tenantId=${tenantId}`,
      payload: { entries: null },
    });
    expect(reset.json().custom).toBe(false);
    certutil.Event.System.EventRecordID = 1000;
    expect((await postEvents(JSON.stringify(certutil))).json()).toMatchObject({ matched: 0 });
  });

  it("keeps tenants apart", async () => {
    expect(await rules(other)).toEqual([]);
    expect((await other.get("/api/v1/detections/stats")).json()).toMatchObject({ rules: 0, eventsReceived: 0 });
  });
});
