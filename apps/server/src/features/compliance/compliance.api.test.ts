import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/compliance", import.meta.url)));
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../importers/compliance/fixtures/${name}`, import.meta.url)), "utf8");

/** Every shared file: its detected format, the results and scans it stores, and its results by verdict (docs/importers/compliance.md). */
const files = [
  { file: "openscap/openscap_many_vuln_rhsa.xml", format: "xccdf", results: 2935, counts: { pass: 2904, fail: 31 } },
  { file: "inspec/chef_inspec_one_finding.jsonl", format: "inspec", results: 1, counts: { pass: 1 } },
  { file: "kubebench/kube-bench-report-one-vuln.json", format: "kube-bench", results: 23, counts: { pass: 22, fail: 1 } },
  { file: "prowler/prowler_aws_many_vuln.ocsf.json", format: "prowler-ocsf", results: 3, counts: { fail: 3 } },
  { file: "prowler/prowler_example_output_aws.csv", format: "prowler-csv", results: 4, counts: { fail: 2, manual: 2 } },
  { file: "prowler/prowler_example_output_kubernetes.csv", format: "prowler-csv", results: 4, counts: { fail: 4 } },
  { file: "prowler/prowler_v3_aws_one_vuln.json", format: "prowler-json", results: 1, counts: { fail: 1 } },
  {
    file: "scoutsuite/scoutsuite_aws_results.js",
    format: "scoutsuite",
    results: 148,
    counts: { pass: 45, fail: 30, notApplicable: 73 },
  },
] as const;

let app: TestApp;
let tenantId: string;
let otherTenant: string;
let admin: TestClient;
let viewer: TestClient;
let stranger: TestClient;

const upload = (client: TestClient, body: string, query: string) =>
  client.request({
    method: "POST",
    url: `/api/v1/imports/compliance?${query}`,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
const rows = async (table: "compliance_scans" | "compliance_results" | "compliance_mappings" | "import_runs", tenant: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenant)
        .executeTakeFirstOrThrow()
    ).n,
  );
const scansOf = async (client: TestClient, query = "") => {
  const response = await client.get(`/api/v1/compliance/scans${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().items as {
    id: string;
    tool: string;
    targetId: string;
    counts: Record<string, number>;
    latest: boolean;
    passRate: number | null;
    scannedAt: string;
    timeSource: string;
  }[];
};

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Compliance Co")).id;
  otherTenant = (await makeTenant(app, "Compliance Other")).id;
  admin = (
    await signedInClient(app, [
      { tenantId, role: "admin" },
      { tenantId: otherTenant, role: "admin" },
    ])
  ).client;
  viewer = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
  stranger = (await signedInClient(app, [{ tenantId: (await makeTenant(app, "Compliance Stranger")).id, role: "owner" }])).client;
});
afterAll(async () => {
  await app.close();
});

describe("POST /imports/compliance with the shared files", () => {
  for (const f of files) {
    it(`${f.file}: ${f.results} results in one scan, the same again on re-import`, async () => {
      const body = readFileSync(path.join(shared, f.file), "utf8");
      const name = path.basename(f.file);
      const first = await upload(admin, body, `tenantId=${tenantId}&filename=${name}`);
      expect(first.statusCode, first.body).toBe(200);
      const report = first.json();
      expect(report).toMatchObject({ format: f.format, resultsStored: f.results, merged: 0, rejectedCount: 0 });
      expect(report.scans).toHaveLength(1);
      expect(report.scans[0].replacedEarlierImport).toBe(false);
      const scan = (await scansOf(admin)).find((s) => s.id === report.scans[0].id);
      const { total, ...byResult } = scan?.counts ?? {};
      expect(total).toBe(f.results);
      expect(Object.fromEntries(Object.entries(byResult).filter(([, n]) => n > 0))).toEqual(f.counts);
      expect(scan?.latest).toBe(true);

      const before = {
        scans: await rows("compliance_scans", tenantId),
        results: await rows("compliance_results", tenantId),
        mappings: await rows("compliance_mappings", tenantId),
      };
      const again = await upload(admin, body, `tenantId=${tenantId}&filename=${name}`);
      expect(again.statusCode).toBe(200);
      expect(again.json().scans[0].replacedEarlierImport).toBe(true);
      expect({
        scans: await rows("compliance_scans", tenantId),
        results: await rows("compliance_results", tenantId),
        mappings: await rows("compliance_mappings", tenantId),
      }).toEqual(before);
    });
  }

  it("stores the tool's record verbatim and the mappings as data", async () => {
    const raw = await app.ctx.db
      .selectFrom("compliance_results")
      .select(["raw", "evidence"])
      .where("tenant_id", "=", tenantId)
      .where("control_id", "=", "acm_certificates_expiration_check")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(raw.raw)).toMatchObject({
      CheckID: "acm_certificates_expiration_check",
      Compliance: { GDPR: ["article_32"] },
    });
    const gdpr = await app.ctx.db
      .selectFrom("compliance_mappings")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("control_id", "=", "acm_certificates_expiration_check")
      .where("framework", "=", "gdpr")
      .execute();
    expect(gdpr.map((m) => [m.tool, m.source, m.requirement])).toEqual([["Prowler", "GDPR", "article_32"]]);
  });
});

it("a NUL in a tool's output is stored as U+FFFD (PostgreSQL text cannot hold U+0000)", async () => {
  const t = (await makeTenant(app, "Nul Co")).id;
  const client = (await signedInClient(app, [{ tenantId: t, role: "admin" }])).client;
  const finding = {
    CheckID: "nul_check",
    CheckTitle: "Nul\u0000title",
    Status: "FAIL",
    StatusExtended: "a\u0000b",
    Severity: "low",
    Provider: "aws",
    AccountId: "1",
    Compliance: {},
  };
  const response = await upload(client, JSON.stringify([finding]), `tenantId=${t}`);
  expect(response.statusCode, response.body).toBe(200);
  const row = await app.ctx.db
    .selectFrom("compliance_results")
    .select(["title", "evidence", "raw"])
    .where("tenant_id", "=", t)
    .executeTakeFirstOrThrow();
  expect([row.title, row.evidence]).toEqual(["Nul\uFFFDtitle", "a\uFFFDb"]);
});

it("names the target when the tool does not: kube-bench for cluster prod-eks", async () => {
  const body = readFileSync(path.join(shared, "kubebench/kube-bench-report-one-vuln.json"), "utf8");
  const response = await upload(admin, body, `tenantId=${otherTenant}&target=prod-eks`);
  expect(response.statusCode).toBe(200);
  expect(response.json().scans).toEqual([
    expect.objectContaining({
      tool: "kube-bench",
      targetKind: "kubernetes-cluster",
      targetId: "prod-eks",
      results: 23,
      replacedEarlierImport: false,
    }),
  ]);
  expect((await upload(admin, body, `tenantId=${otherTenant}&target=%20`)).statusCode).toBe(400);
  await app.ctx.db.deleteFrom("compliance_scans").where("tenant_id", "=", otherTenant).execute();
});

describe("bad files are refused whole", () => {
  it("malformed XML: 422 naming the fault, nothing stored", async () => {
    const runs = await rows("import_runs", otherTenant);
    const cut = fixture("xccdf-1.2-results.xml").slice(0, 2500);
    const response = await upload(admin, cut, `tenantId=${otherTenant}&format=xccdf`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/rejected whole: Malformed XCCDF results XML/);
    expect(await rows("import_runs", otherTenant)).toBe(runs);
    expect(await rows("compliance_scans", otherTenant)).toBe(0);
  });

  it("an entity-expansion document is refused, not expanded", async () => {
    const response = await upload(admin, fixture("xccdf-entity-expansion.xml"), `tenantId=${otherTenant}`);
    expect(response.statusCode).toBe(422);
    expect(await rows("compliance_scans", otherTenant)).toBe(0);
  });

  it("a file whose rows are mostly unreadable (120 of 120): 400 UNREADABLE_FILE, nothing stored or quarantined", async () => {
    const header = fixture("prowler-v3.csv").split("\n")[0];
    const bad = Array.from(
      { length: 120 },
      (_, i) =>
        `2023-09-12T10:00:00;x${i};aws;c${i};T;;BROKEN;?;ec2;;low;Other;;;;;;;;;;;;;;;;;;123456789012;;;;;;eu-west-1;i-${i};arn`,
    );
    const response = await upload(admin, [header, ...bad].join("\n"), `tenantId=${otherTenant}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("UNREADABLE_FILE");
    expect(await rows("compliance_scans", otherTenant)).toBe(0);
    expect(
      Number(
        (
          await app.ctx.db
            .selectFrom("quarantine")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("tenant_id", "=", otherTenant)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it("a file of random bytes: 400 UNREADABLE_FILE before any parsing", async () => {
    let seed = 13;
    const junk = Buffer.from(
      Array.from({ length: 64 * 1024 }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % 256;
      }),
    );
    const response = await admin.request({
      method: "POST",
      url: `/api/v1/imports/compliance?tenantId=${otherTenant}&format=xccdf`,
      payload: junk,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("UNREADABLE_FILE");
    expect(await rows("compliance_scans", otherTenant)).toBe(0);
  });

  it("a readable file with a bad row: the row is quarantined with its reason, the rest imported", async () => {
    const response = await upload(admin, fixture("prowler-v3.csv"), `tenantId=${otherTenant}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      format: "prowler-csv",
      resultsStored: 2,
      rejectedCount: 1,
      quarantined: 1,
      rejected: [{ row: 4, problems: [{ field: "STATUS", reason: "is not PASS, FAIL, MANUAL or INFO" }] }],
    });
    const kept = await app.ctx.db
      .selectFrom("quarantine")
      .select(["format", "row_number", "raw"])
      .where("import_id", "=", response.json().importId)
      .execute();
    expect(kept.map((k) => [k.format, k.row_number, k.raw.includes("BROKEN")])).toEqual([["prowler-csv", 4, true]]);
    // A compliance row is not an alert: re-submitting it as one is refused, dismissing it works.
    const row = (await admin.get(`/api/v1/quarantine?importId=${response.json().importId}`)).json().items[0];
    const resubmit = await admin.post(`/api/v1/quarantine/${row.id}/resubmit`, {
      alert: { source: "x", sourceId: "x-1", name: "x", priority: "Low" },
    });
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().message).toContain("prowler-csv import");
    expect((await admin.delete(`/api/v1/quarantine/${row.id}`)).statusCode).toBe(200);
    // Out of this tenant's way for the checks below.
    await app.ctx.db.deleteFrom("compliance_scans").where("tenant_id", "=", otherTenant).execute();
  });

  it("a file of no known format: 400 on format; an unknown format name: 400 listing the formats", async () => {
    const unknown = await upload(admin, "hello, world\n", `tenantId=${otherTenant}`);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toMatch(/format/);
    const named = await upload(admin, "{}", `tenantId=${otherTenant}&format=nessus`);
    expect(named.statusCode).toBe(400);
    expect(JSON.stringify(named.json())).toContain("xccdf, inspec");
  });
});

describe("tenant scope", () => {
  it("a viewer reads but cannot import; a stranger neither imports into nor sees the tenant", async () => {
    expect((await upload(viewer, fixture("inspec-reporter.json"), `tenantId=${tenantId}`)).statusCode).toBe(403);
    expect((await upload(stranger, fixture("inspec-reporter.json"), `tenantId=${tenantId}`)).statusCode).toBe(404);
    expect((await scansOf(viewer)).length).toBeGreaterThan(0);
    expect(await scansOf(stranger)).toEqual([]);
    const someScan = (await scansOf(admin))[0];
    expect((await stranger.get(`/api/v1/compliance/scans/${someScan?.id}/drift`)).statusCode).toBe(404);
    expect((await stranger.get("/api/v1/compliance/frameworks")).json()).toEqual({
      items: [],
      alertWindowDays: 30,
      alertOnly: [],
    });
    expect((await stranger.get("/api/v1/compliance/failing")).json()).toEqual({ items: [], total: 0 });
  });
});

describe("drift, framework scores and failing controls", () => {
  const second = fixture("xccdf-1.2-results.xml")
    .replace('end-time="2024-05-02T10:01:30+00:00"', 'end-time="2024-06-02T10:01:30+00:00"')
    .replace(
      '<result>fail</result>\n      <message severity="info">package aide is not installed</message>',
      "<result>pass</result>",
    )
    .replace(/(content_rule_sshd_disable_root_login"[^>]*>\s*)<result>pass<\/result>/, "$1<result>fail</result>");
  let scope: TestClient;
  let driftTenant: string;
  const newlyFailingNotices = async () =>
    app.ctx.db
      .selectFrom("notifications")
      .select(["message", "link"])
      .where("tenant_id", "=", driftTenant)
      .where("kind", "=", "compliance_newly_failing")
      .execute();

  beforeAll(async () => {
    const t = (await makeTenant(app, "Drift Co")).id;
    driftTenant = t;
    scope = (await signedInClient(app, [{ tenantId: t, role: "admin" }])).client;
    expect((await upload(scope, fixture("xccdf-1.2-results.xml"), `tenantId=${t}`)).statusCode).toBe(200);
  });

  it("framework scores and requirements over the latest scan, through the rules' references", async () => {
    const scores = (await scope.get("/api/v1/compliance/frameworks")).json();
    expect(scores.items).toEqual([
      {
        framework: "cis",
        sources: ["CIS"],
        requirements: 1,
        requirementsFailing: 1,
        alerts: 0,
        pass: 0,
        fail: 1,
        error: 0,
        excepted: 0,
        other: 0,
        passRate: 0,
      },
      {
        framework: "pci-dss-4.0",
        sources: ["PCI-DSS-4.0"],
        requirements: 1,
        requirementsFailing: 1,
        alerts: 0,
        pass: 0,
        fail: 1,
        error: 0,
        excepted: 0,
        other: 0,
        passRate: 0,
      },
      // One failing result mapped to two NIST requirements counts once in the framework, in each requirement.
      {
        framework: "nist-800-53-r5",
        sources: ["NIST-800-53-Revision-5"],
        requirements: 2,
        requirementsFailing: 2,
        alerts: 0,
        pass: 0,
        fail: 1,
        error: 0,
        excepted: 0,
        other: 0,
        passRate: 0,
      },
      {
        framework: "iso-27001-2022",
        sources: ["ISO27001-2022"],
        requirements: 1,
        requirementsFailing: 0,
        alerts: 0,
        pass: 1,
        fail: 0,
        error: 0,
        excepted: 0,
        other: 0,
        passRate: 100,
      },
    ]);
    const nist = (await scope.get("/api/v1/compliance/requirements?framework=nist-800-53-r5")).json();
    expect(
      nist.items.map((i: { source: string; requirement: string; fail: number }) => [i.source, i.requirement, i.fail]),
    ).toEqual([
      ["NIST-800-53-Revision-5", "CM-6(a)", 1],
      ["NIST-800-53-Revision-5", "SI-7", 1],
    ]);
    expect((await scope.get("/api/v1/compliance/requirements?framework=fedramp")).statusCode).toBe(400);
    const failing = (await scope.get("/api/v1/compliance/failing")).json();
    expect(failing).toEqual({
      total: 1,
      items: [
        {
          tool: "OpenSCAP",
          controlId: "xccdf_org.ssgproject.content_rule_package_aide_installed",
          title: "Install AIDE",
          severity: "medium",
          failing: 1,
          excepted: 0,
          targets: 1,
        },
      ],
    });
  });

  it("a later scan of the same target: newly failing, fixed, still failing; scores follow the latest scan", async () => {
    const t = (await scansOf(scope))[0];
    const response = await scope.request({
      method: "POST",
      url: "/api/v1/imports/compliance?format=xccdf",
      payload: second,
      headers: { "content-type": "application/xml" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const scans = await scansOf(scope);
    expect(scans.map((s) => [s.scannedAt, s.latest])).toEqual([
      ["2024-06-02T10:01:30.000Z", true],
      ["2024-05-02T10:01:30.000Z", false],
    ]);
    const drift = (await scope.get(`/api/v1/compliance/scans/${scans[0]?.id}/drift`)).json();
    expect(drift.previous.id).toBe(t?.id);
    expect(
      drift.newlyFailing.map((i: { controlId: string; before: string; after: string }) => [i.controlId, i.before, i.after]),
    ).toEqual([["xccdf_org.ssgproject.content_rule_sshd_disable_root_login", "pass", "fail"]]);
    expect(drift.fixed.map((i: { controlId: string }) => i.controlId)).toEqual([
      "xccdf_org.ssgproject.content_rule_package_aide_installed",
    ]);
    expect(drift.stillFailing).toEqual([]);
    // The owners and admins are told what newly fails (the first scan told nothing).
    const notices = await newlyFailingNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(
      /^1 control newly failing on web-01\.example\.test \(OpenSCAP, .*"Disable SSH Root Login"/,
    );
    expect(notices[0]?.link).toBe(`/compliance/targets/${driftTenant}/host/web-01.example.test`);
    const first = (await scope.get(`/api/v1/compliance/scans/${scans[1]?.id}/drift`)).json();
    expect(first.previous).toBeNull();
    const iso = (await scope.get("/api/v1/compliance/frameworks"))
      .json()
      .items.find((i: { framework: string }) => i.framework === "iso-27001-2022");
    expect(iso).toMatchObject({ pass: 0, fail: 1, passRate: 0 });
    // Each of its requirements counts the newer scan's one result, not the older scan's too.
    const isoRequirements = async () =>
      (await scope.get("/api/v1/compliance/requirements?framework=iso-27001-2022"))
        .json()
        .items.map((i: { pass: number; fail: number }) => [i.pass, i.fail]);
    expect(await isoRequirements()).toEqual(Array.from({ length: iso.requirements }, () => [0, 1]));
    expect(
      (await scope.get("/api/v1/compliance/failing?severity=high")).json().items.map((i: { controlId: string }) => i.controlId),
    ).toEqual(["xccdf_org.ssgproject.content_rule_sshd_disable_root_login"]);

    // The older scan imported again replaces itself and stays behind the newer one.
    const again = await scope.request({
      method: "POST",
      url: "/api/v1/imports/compliance",
      payload: fixture("xccdf-1.2-results.xml"),
      headers: { "content-type": "application/xml" },
    });
    expect(again.json().scans[0].replacedEarlierImport).toBe(true);
    expect((await scansOf(scope)).map((s) => [s.scannedAt, s.latest])).toEqual([
      ["2024-06-02T10:01:30.000Z", true],
      ["2024-05-02T10:01:30.000Z", false],
    ]);
    expect(await isoRequirements()).toEqual(Array.from({ length: iso.requirements }, () => [0, 1]));
    // The tenant's requirement totals (migration 0040) are the sums of its latest scans' rollups, after every import.
    const key = (r: { framework: string; source: string; requirement: string; target_kind: string }) =>
      [r.framework, r.source, r.requirement, r.target_kind].join(" ");
    const totals = await app.ctx.db
      .selectFrom("compliance_requirement_totals")
      .selectAll()
      .where("tenant_id", "=", driftTenant)
      .execute();
    const rollups = await app.ctx.db
      .selectFrom("compliance_scan_requirements")
      .select(["framework", "source", "requirement", "target_kind", "pass", "fail", "error", "total"])
      .where("tenant_id", "=", driftTenant)
      .where("latest", "=", 1)
      .execute();
    const counts = (r: { pass: number; fail: number; error: number; total: number }) =>
      [r.pass, r.fail, r.error, r.total].map(Number);
    expect(totals.length).toBeGreaterThan(0);
    expect(new Map(totals.map((r) => [key(r), counts(r)]))).toEqual(new Map(rollups.map((r) => [key(r), counts(r)])));
    // The kept breakdown rows (migration 0041) follow the newer scan: each severity counts its latest results.
    const latest = (await scope.get("/api/v1/compliance/results?limit=500")).json().items as {
      severity: string;
      result: string;
      controlId: string;
    }[];
    const bySeverity = (await scope.get("/api/v1/compliance/breakdown?by=severity")).json().items as {
      key: string;
      fail: number;
      pass: number;
    }[];
    const tally = (severity: string, result: string) =>
      latest.filter((r) => r.severity === severity && r.result === result).length;
    expect(bySeverity.map((i) => [i.key, i.pass, i.fail])).toEqual(
      [...new Set(latest.map((r) => r.severity))]
        .map((k) => [k, tally(k, "pass"), tally(k, "fail")])
        .sort((a, b) => Number(b[2]) - Number(a[2]) || String(a[0]).localeCompare(String(b[0]))),
    );
    expect(bySeverity.find((i) => i.key === "high")?.fail).toBe(1);
    // The failing controls (migration 0042) are the newer scan's: the one it fixed is gone.
    const failingNow = (await scope.get("/api/v1/compliance/failing"))
      .json()
      .items.map((i: { controlId: string }) => i.controlId);
    expect(failingNow.sort()).toEqual([...new Set(latest.filter((r) => r.result === "fail").map((r) => r.controlId))].sort());
    // The trend counts the newer scan from its day on, not the older one beside it.
    const trend = (await scope.get("/api/v1/compliance/trend?days=7")).json().points;
    const count = (result: string) => latest.filter((r) => r.result === result).length;
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)).toMatchObject({ targets: 1, pass: count("pass"), fail: count("fail"), error: count("error") });
    // An older scan is not news.
    expect(await newlyFailingNotices()).toHaveLength(1);
  });

  it("a result mapped to four CIS versions counts once in CIS, and in each version's requirement", async () => {
    const t = (await makeTenant(app, "Prowler Scores Co")).id;
    const client = (await signedInClient(app, [{ tenantId: t, role: "admin" }])).client;
    expect(
      (await upload(client, readFileSync(path.join(shared, "prowler/prowler_example_output_aws.csv"), "utf8"), `tenantId=${t}`))
        .statusCode,
    ).toBe(200);
    const cis = (await client.get("/api/v1/compliance/frameworks"))
      .json()
      .items.find((i: { framework: string }) => i.framework === "cis");
    // accessanalyzer_enabled fails (CIS 1.20); two contact-detail checks are manual (CIS 1.1, 1.2): 4 labels x 3 requirements.
    expect(cis).toEqual({
      framework: "cis",
      sources: ["CIS-1.4", "CIS-1.5", "CIS-2.0", "CIS-3.0"],
      requirements: 12,
      requirementsFailing: 4,
      alerts: 0,
      pass: 0,
      fail: 1,
      error: 0,
      excepted: 0,
      other: 2,
      passRate: 0,
    });
    const reqs = (await client.get("/api/v1/compliance/requirements?framework=cis")).json().items;
    expect(
      reqs
        .filter((r: { source: string }) => r.source === "CIS-3.0")
        .map((r: { requirement: string; fail: number; other: number; passRate: number | null }) => [
          r.requirement,
          r.fail,
          r.other,
          r.passRate,
        ]),
    ).toEqual([
      ["1.1", 0, 1, null],
      ["1.2", 0, 1, null],
      ["1.20", 1, 0, 0],
    ]);
  });

  it("a control failing at two severities in one scan: every failing result counts, at the highest severity", async () => {
    const t = (await makeTenant(app, "Two Severities Co")).id;
    const client = (await signedInClient(app, [{ tenantId: t, role: "admin" }])).client;
    const csv = readFileSync(path.join(shared, "prowler/prowler_example_output_aws.csv"), "utf8");
    const lines = csv.split("\n");
    const failing = lines.find((l) => l.includes(";accessanalyzer_enabled;") && l.includes(";FAIL;")) as string;
    // The same check failing on a second resource, which the tool rated critical (the first is low).
    const fields = failing.split(";");
    Object.assign(fields, { 8: "<finding_uid_2>", 18: "critical", 20: "<resource_uid_2>" });
    const body = [...lines.slice(0, lines.indexOf(failing) + 1), fields.join(";"), ...lines.slice(lines.indexOf(failing) + 1)];
    expect((await upload(client, body.join("\n"), `tenantId=${t}`)).statusCode).toBe(200);
    const items = (await client.get("/api/v1/compliance/failing")).json().items as {
      controlId: string;
      severity: string;
      failing: number;
    }[];
    const analyzer = items.filter((i) => i.controlId === "accessanalyzer_enabled");
    expect(analyzer.map((i) => [i.severity, i.failing])).toEqual([["critical", 2]]);
  });

  it("pages scans with a cursor and filters them", async () => {
    const page = (await scope.get("/api/v1/compliance/scans?limit=1")).json();
    expect(page.items).toHaveLength(1);
    const next = (await scope.get(`/api/v1/compliance/scans?limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0].id).not.toBe(page.items[0].id);
    expect(next.nextCursor).toBeNull();
    expect((await scope.get("/api/v1/compliance/scans?latest=true")).json().items).toHaveLength(1);
    expect((await scope.get("/api/v1/compliance/scans?targetKind=cloud-account")).json().items).toEqual([]);
    expect((await scope.get("/api/v1/compliance/scans?cursor=nope")).statusCode).toBe(400);
  });
});
