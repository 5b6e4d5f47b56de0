import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateMessySampleCsv } from "../../seed/messy-sample-csv";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/alerts", import.meta.url)));
let app: TestApp;
let tenantId: string;
let admin: TestClient;

const upload = (file: string | Buffer, query = "") =>
  admin.request({ method: "POST", url: `/api/v1/imports/alerts?tenantId=${tenantId}${query}`, payload: file, headers: { "content-type": "application/octet-stream" } });

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Import Tenant")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
});
afterAll(() => app.close());

describe("alert file import", () => {
  it.each([
    ["wazuh/wazuh_alerts_ait_insect.json", "wazuh", 497, 0],
    ["wazuh/wazuh_alert_with_mitre_T1110.json", "wazuh", 1, 0],
    ["suricata/suricata_eve_surevego.json", "suricata-eve", 68, 198],
    ["ecs/ecs_zeek_notice_alert.json", "ecs", 1, 0],
    ["ocsf/ocsf_detection_finding_sechub_guardduty.ocsf.json", "ocsf", 1, 0],
    ["thehive/thehive4_alert_fixture.json", "thehive", 6, 0],
    ["zeek/zeek_notice_beats.json", "zeek-json", 2, 0],
  ])("imports %s (%s) with the documented counts, and again without duplicates", async (file, format, records, skipped) => {
    const body = readFileSync(path.join(shared, file));
    const first = (await upload(body, `&filename=${encodeURIComponent(path.basename(file))}`)).json();
    expect(first).toMatchObject({ format, created: records, updated: 0, rejectedCount: 0 });
    expect(first.skipped.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(skipped);
    const again = (await upload(body)).json();
    expect(again).toMatchObject({ created: 0, updated: records });
  });

  it("keeps the Wazuh 4.x ATT&CK mapping so the technique filter finds it", async () => {
    const items = (await admin.get("/api/v1/alerts?technique=T1110&tactic=Credential%20Access")).json().items;
    expect(items.some((a: { source: string }) => a.source === "wazuh")).toBe(true);
  });

  it("reports the messy sample's quirks, quarantines rejected rows, and lets an admin fix one", async () => {
    const csv = generateMessySampleCsv({ seed: 11, count: 80 });
    const report = (await upload(csv, "&filename=messy.csv")).json();
    expect(report.format).toBe("sample-csv");
    expect(report.rowsRead).toBe(80);
    expect(report.rejectedCount).toBeGreaterThan(0);
    const kinds = new Set(report.findings.map((f: { kind: string }) => f.kind));
    expect(kinds).toEqual(new Set(["out_of_enumeration", "duplicate_id"]));
    expect(report.findings.some((f: { field: string; value: string }) => f.field === "resolutionType" && f.value === "Yes")).toBe(true);
    expect(report.rejected[0].problems[0].field).toBe("status");
    const quarantine = (await admin.get(`/api/v1/quarantine?importId=${report.importId}`)).json().items;
    expect(quarantine).toHaveLength(report.rejectedCount);
    const fixed = await admin.post(`/api/v1/quarantine/${quarantine[0].id}/resubmit`, { alert: { source: "sample", sourceId: "fixed-1", name: "Fixed by hand", priority: "Low" } });
    expect(fixed.statusCode).toBe(200);
    expect((await admin.get(`/api/v1/quarantine?importId=${report.importId}`)).json().items).toHaveLength(report.rejectedCount - 1);
    const runs = (await admin.get("/api/v1/imports")).json().items;
    expect(runs[0]).toMatchObject({ id: report.importId, format: "sample-csv", filename: "messy.csv" });
  });

  it("rejects a malformed file whole and writes nothing", async () => {
    const before = (await admin.get("/api/v1/alerts?limit=200")).json().items.length;
    const broken = '[{"id":"X-1","name":"ok","priority":"High"}, {"id": "X-2", "name": ';
    const response = await upload(broken, "&format=sample-json");
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "MALFORMED_FILE" });
    expect((await admin.get("/api/v1/alerts?limit=200")).json().items.length).toBe(before);
    const unknown = await upload("just some words\n");
    expect(unknown.json().details[0].path).toBe("format");
  });
});
