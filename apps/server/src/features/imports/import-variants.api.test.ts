import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importLimits } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { alertImportDestinations } from "../../import-destinations";
import { sourceFromFile } from "../../importers/types";
import { importAlertFile } from "./alert-import.service";

// Issue 20: the alert import's cases through the upload API on a real database (SQLite, or
// PostgreSQL with WATCHFLOOR_TEST_DATABASE_URL). Fixtures are written from each format's documented shape.
let app: TestApp;
let tenantId: string;
let otherTenantId: string;
let admin: TestClient;
let other: TestClient;

const lines = (...docs: object[]) => docs.map((d) => JSON.stringify(d)).join("\n");
const upload = (client: TestClient, tenant: string, body: string, query = "") =>
  client.request({
    method: "POST",
    url: `/api/v1/imports/alerts?tenantId=${tenant}${query}`,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
const alertsOf = async (client: TestClient, source: string) => {
  // The list has no source filter; this file's alerts are few.
  const response = await client.get("/api/v1/alerts?limit=200");
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json().items as { source: string; sourceId: string; priority: string; detectedAt: string }[];
  return items.filter((a) => a.source === source);
};
const findingsOf = async (client: TestClient, scanner: string) => {
  const response = await client.get(`/api/v1/findings?scanner=${encodeURIComponent(scanner)}&limit=200`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { title: string; priority: string; status: string; tenantId: string; score: number | null }[];
};

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Variants A")).id;
  otherTenantId = (await makeTenant(app, "Variants B")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherTenantId, role: "admin" }])).client;
});
afterAll(() => app.close());

describe("ECS documents with flat dotted keys", () => {
  it("detects and imports them with epoch-millisecond @timestamp", async () => {
    const body = lines(
      {
        "@timestamp": 1717243200000,
        "event.kind": "signal",
        "event.id": "flat-1",
        "kibana.alert.severity": "critical",
        "rule.name": "Flat signal",
        "source.ip": "10.1.2.3",
      },
      {
        "@timestamp": "2024-06-01T12:05:00Z",
        event: { kind: "alert", id: "nested-1", severity: 50 },
        rule: { name: "Nested alert" },
      },
    );
    const response = await upload(admin, tenantId, body, "&filename=signals.ndjson");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ format: "ecs", created: 2, rejectedCount: 0, findingCount: 0, routed: [] });
    const alerts = await alertsOf(admin, "ecs");
    expect(alerts.map((a) => [a.sourceId, a.priority, a.detectedAt]).sort()).toEqual([
      ["flat-1", "Critical", "2024-06-01T12:00:00.000Z"],
      ["nested-1", "High", "2024-06-01T12:05:00.000Z"],
    ]);
  });
});

describe("OCSF findings sent to the alert import", () => {
  const detection = (uid: string, severityId: number) => ({
    class_uid: 2004,
    severity_id: severityId,
    time: 1717243200000,
    finding_info: { uid, title: `Detection ${uid}` },
  });
  const vulnerability = (uid: string, cve: string, score: number) => ({
    class_uid: 2002,
    severity_id: 4,
    time: 1717243200000,
    metadata: { product: { name: "Inspector" }, version: "1.1.0" },
    finding_info: { uid, title: "Vulnerable package" },
    device: { hostname: "web-1", ip: "10.0.0.8" },
    vulnerabilities: [{ title: `${cve} - openssl`, severity: "High", cve: { uid: cve, cvss: [{ base_score: score }] } }],
  });
  const compliance = {
    class_uid: 2003,
    severity_id: 3,
    time: 1717243200000,
    metadata: { product: { name: "Security Hub" } },
    finding_info: { uid: "cis-1", title: "CIS 1.1 Avoid the use of the root account" },
    cloud: { provider: "AWS", account: { uid: "111122223333" }, region: "eu-west-1" },
    compliance: { control: "1.1", standards: ["CIS AWS Foundations Benchmark v1.4.0"], status_id: 3 },
  };

  it("imports detections (Unknown severity at the default priority), routes vulnerabilities to the findings and compliance results to compliance", async () => {
    const body = JSON.stringify([
      detection("det-0", 0),
      detection("det-99", 99),
      vulnerability("vul-1", "CVE-2023-0286", 7.4),
      vulnerability("vul-2", "CVE-2023-0464", 7.5),
      compliance,
    ]);
    const response = await upload(admin, tenantId, body, "&filename=securityhub.ocsf.json");
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: "ocsf", rowsRead: 5, created: 2, rejectedCount: 0, findingCount: 2 });
    expect(report.findings.map((f: { row: number; field: string; value: string }) => [f.row, f.field, f.value])).toEqual([
      [1, "priority", "0"],
      [2, "priority", "99"],
    ]);
    expect(report.skipped).toEqual([]);
    expect(report.routed.find((r: { destination: string }) => r.destination === "compliance")).toMatchObject({
      destination: "compliance",
      rows: 1,
      created: 1,
      rejectedCount: 0,
    });
    const scans = (await admin.get("/api/v1/compliance/scans")).json().items as { tool: string }[];
    expect(scans.map((s) => s.tool)).toContain("Security Hub");
    expect(report.routed.filter((r: { destination: string }) => r.destination === "vulnerabilities")).toEqual([
      {
        destination: "vulnerabilities",
        rows: 2,
        importId: expect.any(String),
        created: 2,
        updated: 0,
        rejectedCount: 0,
        // The findings run reads the whole file: the alert rows are skipped there.
        skipped: [
          { reason: "OCSF class_uid 2004 is not a Vulnerability Finding (2002)", count: 2 },
          { reason: "OCSF class_uid 2003 is not a Vulnerability Finding (2002)", count: 1 },
        ],
      },
    ]);
    expect((await alertsOf(admin, "ocsf")).map((a) => [a.sourceId, a.priority]).sort()).toEqual([
      ["det-0", "Medium"],
      ["det-99", "Medium"],
    ]);
    const findings = await findingsOf(admin, "Inspector");
    expect(findings.map((f) => [f.title, f.priority, f.status, f.tenantId]).sort()).toEqual([
      ["CVE-2023-0286 - openssl", "High", "Open", tenantId],
      ["CVE-2023-0464 - openssl", "High", "Open", tenantId],
    ]);
    // Both runs are listed: the alert run with its routed summary, the findings run on its own.
    const runs = (await admin.get("/api/v1/imports")).json().items as {
      id: string;
      kind: string;
      report: { routed?: unknown[] };
    }[];
    expect(runs.find((r) => r.id === report.importId)?.report.routed).toHaveLength(2);
    expect(runs.find((r) => r.id === report.routed[0].importId)?.kind).toBe("findings");
  });

  it("stores no compliance results for a tenant without the compliance module, and says why", async () => {
    const bare = (await makeTenant(app, "Variants without compliance", [])).id;
    const { client } = await signedInClient(app, [{ tenantId: bare, role: "admin" }]);
    const report = (await upload(client, bare, JSON.stringify([detection("det-bare", 2), compliance]))).json();
    expect(report).toMatchObject({ created: 1 });
    expect(report.routed).toEqual([
      { destination: "compliance", rows: 1, error: expect.stringContaining("Compliance module is not enabled") },
    ]);
    expect(
      Number(
        (
          await app.ctx.db
            .selectFrom("compliance_scans")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("tenant_id", "=", bare)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it("updates the same findings on a re-import and never closes the ones a later feed leaves out", async () => {
    const again = (
      await upload(admin, tenantId, JSON.stringify([detection("det-0", 0), vulnerability("vul-1", "CVE-2023-0286", 7.4)]))
    ).json();
    expect(again).toMatchObject({ created: 0, updated: 1 });
    expect(again.routed[0]).toMatchObject({ destination: "vulnerabilities", rows: 1, created: 0, updated: 1 });
    const findings = await findingsOf(admin, "Inspector");
    expect(findings.map((f) => f.status)).toEqual(["Open", "Open"]);
  });

  it("keeps routed findings in the tenant the file was imported into", async () => {
    expect(await findingsOf(other, "Inspector")).toEqual([]);
    expect(await alertsOf(other, "ocsf")).toEqual([]);
    const response = await upload(other, tenantId, JSON.stringify([vulnerability("vul-x", "CVE-2024-0001", 9.8)]));
    expect(response.statusCode).toBe(404);
    expect((await findingsOf(admin, "Inspector")).map((f) => f.title)).not.toContain("CVE-2024-0001 - openssl");
  });

  it("routes the same rows when a big file is parsed in the worker thread, and only where a store is wired in", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wf-ocsf-"));
    try {
      const file = path.join(dir, "feed.ocsf.json");
      writeFileSync(file, lines(detection("wk-det", 4), vulnerability("wk-vul", "CVE-2022-3602", 7.5)));
      const doer = { userId: null, name: "test" };
      const worker = await importAlertFile(app.ctx, tenantId, sourceFromFile(file), {
        filename: "feed.ocsf.json",
        doer,
        offThread: true,
        destinations: alertImportDestinations,
      });
      expect(worker).toMatchObject({
        format: "ocsf",
        created: 1,
        routed: [{ destination: "vulnerabilities", rows: 1, created: 1 }],
      });
      // Without the findings store wired in (a caller that passes none) the rows are skipped, with the reason.
      const bare = await importAlertFile(app.ctx, tenantId, sourceFromFile(file), {
        filename: "feed.ocsf.json",
        doer,
        offThread: false,
      });
      expect(bare).toMatchObject({ updated: 1, routed: [] });
      expect(bare.skipped).toEqual([
        {
          reason:
            "OCSF Vulnerability Finding (class_uid 2002) belongs to the vulnerability findings, which are not imported here",
          count: 1,
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports a routed file that the findings import refuses without losing the alerts", async () => {
    // Every vulnerability row lacks an asset: past importLimits.minProbeRows rows, the findings run
    // refuses the file as mostly unreadable (400) and rolls itself back.
    const noAsset = (uid: string) => ({ ...vulnerability(uid, "CVE-2023-1111", 5), device: undefined });
    const body = JSON.stringify([
      detection("det-keep", 3),
      ...Array.from({ length: importLimits.minProbeRows }, (_, i) => noAsset(`na-${i}`)),
    ]);
    const report = (await upload(admin, tenantId, body)).json();
    expect(report).toMatchObject({
      created: 1,
      routed: [
        { destination: "vulnerabilities", rows: importLimits.minProbeRows, error: expect.stringContaining("rejected whole") },
      ],
    });
    expect((await alertsOf(admin, "ocsf")).map((a) => a.sourceId)).toContain("det-keep");
  });
});

describe("the spec-shaped sample and other sensor versions", () => {
  it('reports ResolType "Yes" and clientEnvironment "Malicious Insider" as data-quality findings', async () => {
    const rows = [
      {
        id: "SPEC-1",
        name: "Phishing",
        priority: "High",
        status: "Open",
        assignee: "A. Analyst",
        resolutionType: "Manual",
        ResolType: "Yes",
        clientEnvironment: "Malicious Insider",
      },
    ];
    const report = (await upload(admin, tenantId, JSON.stringify(rows))).json();
    expect(report).toMatchObject({ format: "sample-json", created: 1, findingCount: 2 });
    expect(report.findings.map((f: { field: string; value: string; kind: string }) => [f.kind, f.field, f.value])).toEqual([
      ["out_of_enumeration", "resolutionType", "Yes"],
      ["out_of_enumeration", "clientEnvironment", "Malicious Insider"],
    ]);
  });

  it.each([
    [
      "suricata-eve",
      "suricata",
      lines({
        timestamp: "2024-05-02T10:11:12.123456+0000",
        flow_id: 99,
        event_type: "alert",
        src_ip: "10.0.0.5",
        dest_ip: "203.0.113.7",
        proto: "TCP",
        alert: {
          signature_id: 2027865,
          signature: "ET INFO DoH",
          severity: 2,
          metadata: { mitre_technique_id: ["T1071"], mitre_tactic_name: ["Command_And_Control"] },
        },
      }),
    ],
    [
      "wazuh",
      "wazuh",
      lines({
        timestamp: "2024-05-02T10:11:12.345+0000",
        id: "w-win-1",
        rule: { level: 10, id: "60204", description: "Multiple Windows logon failures" },
        agent: { name: "DC01" },
        data: {
          win: { system: { eventID: "4625" }, eventdata: { targetUserName: "administrator", ipAddress: "198.51.100.23" } },
        },
      }),
    ],
    [
      "zeek-tsv",
      "zeek",
      [
        "#separator \\x09",
        "#unset_field\t-",
        "#empty_field\t(empty)",
        "#set_separator\t,",
        "#path\tnotice",
        "#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tnote\tmsg\tsrc\tdst\tp\tn\tactions\temail_dest",
        "#types\ttime\tstring\taddr\tport\taddr\tport\tenum\tenum\tstring\taddr\taddr\tport\tcount\tset[enum]\tset[string]",
        "1714644000.5\tCz1\t10.0.0.5\t51515\t203.0.113.7\t443\ttcp\tSSL::Invalid_Server_Cert\tbad cert\t10.0.0.5\t203.0.113.7\t443\t-\tNotice::ACTION_LOG\t(empty)",
      ].join("\n"),
    ],
  ])("detects and imports a documented %s variant", async (format, source, body) => {
    const report = (await upload(admin, tenantId, body)).json();
    expect(report).toMatchObject({ format, created: 1, rejectedCount: 0, findingCount: 0 });
    expect((await alertsOf(admin, source)).length).toBe(1);
  });
});
