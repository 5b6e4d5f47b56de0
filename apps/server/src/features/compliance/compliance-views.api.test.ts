import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ComplianceException, ComplianceResultItem, ComplianceTarget } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { notifyExpiredExceptions } from "./compliance-exceptions.service";

const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/compliance", import.meta.url)));
const DAY = 86_400_000;

let app: TestApp;
let tenantId: string;
let admin: TestClient;
let analyst: TestClient;
let adminId: string;
let otherAdmin: TestClient;

const upload = async (client: TestClient, file: string, tenant = tenantId) => {
  const response = await client.request({
    method: "POST",
    url: `/api/v1/imports/compliance?tenantId=${tenant}`,
    payload: readFileSync(path.join(shared, file)),
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const get = async <T>(client: TestClient, url: string): Promise<T> => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const targets = (client: TestClient, query = "") =>
  get<{ items: ComplianceTarget[]; total: number; stale: number }>(client, `/api/v1/compliance/targets${query}`);
const results = (client: TestClient, query: string) =>
  get<{ items: ComplianceResultItem[]; total: number }>(client, `/api/v1/compliance/results?${query}`);

const breakdownFields = {
  service: "service",
  region: "region",
  resourceType: "resourceType",
  severity: "severity",
  tool: "tool",
  benchmark: "benchmarkId",
} as const;
type BreakdownRow = [string | null, number, number, number, number, number, number];
const byKey = (a: BreakdownRow, b: BreakdownRow) => String(a[0]).localeCompare(String(b[0]));

/** Every latest result the results list pages through with this filter. */
async function everyResult(client: TestClient, query = ""): Promise<ComplianceResultItem[]> {
  const all: ComplianceResultItem[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await results(client, `limit=500&offset=${offset}${query}`);
    all.push(...page.items);
    if (page.items.length < 500) return all;
  }
}

type FailingRow = [string, string, string, number, number, number];

/** Failing controls counted from the failing results one by one: tool, control, severity, open failing, excepted, targets. */
async function countedFailing(client: TestClient, query = ""): Promise<FailingRow[]> {
  const ranks = ["unknown", "info", "low", "medium", "high", "critical"];
  const controls = new Map<string, { row: FailingRow; targets: Set<string> }>();
  for (const r of await everyResult(client, `&result=fail${query}`)) {
    const key = `${r.tool} ${r.controlId}`;
    const control = controls.get(key) ?? { row: [r.tool, r.controlId, "unknown", 0, 0, 0], targets: new Set<string>() };
    controls.set(key, control);
    const { row } = control;
    if (ranks.indexOf(r.severity) > ranks.indexOf(row[2])) row[2] = r.severity;
    if (r.exceptionId) row[4]++;
    else {
      row[3]++;
      control.targets.add([r.tenantId, r.targetKind, r.targetId].join(" "));
    }
  }
  return [...controls.values()]
    .map((c) => [...c.row.slice(0, 5), c.targets.size] as FailingRow)
    .filter((row) => row[3] > 0)
    .sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`));
}

/** The failing controls the API answers, every page, in the same shape. */
async function answeredFailing(client: TestClient, query = ""): Promise<FailingRow[]> {
  const rows: FailingRow[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await get<{
      items: { tool: string; controlId: string; severity: string; failing: number; excepted: number; targets: number }[];
    }>(client, `/api/v1/compliance/failing?limit=200&offset=${offset}${query}`);
    for (const i of page.items) rows.push([i.tool, i.controlId, i.severity, i.failing, i.excepted, i.targets]);
    if (page.items.length < 200) return rows.sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`));
  }
}

/** The failing controls against the failing results, unfiltered and with each filter. */
async function expectFailingCounted(client: TestClient) {
  for (const query of ["", "&targetKind=cloud-account", "&targetKind=host", "&severity=high", "&framework=cis"]) {
    const counted = await countedFailing(client, query);
    expect(counted.length, query).toBeGreaterThan(0);
    expect(await answeredFailing(client, query), query).toEqual(counted);
  }
}

/**
 * A dimension's breakdown counted from every latest result, one by one as the results list pages
 * them: key, pass, open fail, open error, excepted, total, resources distinct within each target.
 */
async function countedBreakdown(client: TestClient, by: keyof typeof breakdownFields, query = ""): Promise<BreakdownRow[]> {
  const all = await everyResult(client, query);
  const groups = new Map<string | null, { row: BreakdownRow; resources: Set<string> }>();
  for (const r of all) {
    const key = r[breakdownFields[by]] ?? null;
    const group = groups.get(key) ?? { row: [key, 0, 0, 0, 0, 0, 0], resources: new Set<string>() };
    groups.set(key, group);
    const { row } = group;
    if (r.result === "pass") row[1]++;
    else if (r.exceptionId) row[4]++;
    else if (r.result === "fail") row[2]++;
    else if (r.result === "error") row[3]++;
    row[5]++;
    group.resources.add([r.tenantId, r.targetKind, r.targetId, r.resourceId ?? r.targetId].join(" "));
  }
  return [...groups.values()].map((g) => [...g.row.slice(0, 6), g.resources.size] as BreakdownRow).sort(byKey);
}

/** The breakdown the API answers, in the same shape. */
async function answeredBreakdown(client: TestClient, by: keyof typeof breakdownFields, query = ""): Promise<BreakdownRow[]> {
  const answer = await get<{
    items: {
      key: string | null;
      pass: number;
      fail: number;
      error: number;
      excepted: number;
      other: number;
      resources: number;
    }[];
  }>(client, `/api/v1/compliance/breakdown?by=${by}${query}`);
  return answer.items
    .map(
      (i): BreakdownRow => [
        i.key,
        i.pass,
        i.fail,
        i.error,
        i.excepted,
        i.pass + i.fail + i.error + i.excepted + i.other,
        i.resources,
      ],
    )
    .sort(byKey);
}

/** Every dimension (and a framework's, counted apart) against the results, one by one. */
async function expectBreakdownsCounted(client: TestClient) {
  for (const by of Object.keys(breakdownFields) as (keyof typeof breakdownFields)[]) {
    const counted = await countedBreakdown(client, by);
    expect(counted.length, by).toBeGreaterThan(0);
    expect(await answeredBreakdown(client, by), by).toEqual(counted);
  }
  expect(await answeredBreakdown(admin, "service", "&targetKind=cloud-account")).toEqual(
    await countedBreakdown(admin, "service", "&targetKind=cloud-account"),
  );
  expect(await answeredBreakdown(admin, "service", "&framework=cis")).toEqual(
    await countedBreakdown(admin, "service", "&framework=cis"),
  );
}

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Views Co")).id;
  const other = (await makeTenant(app, "Views Other")).id;
  const signedIn = await signedInClient(app, [{ tenantId, role: "admin" }]);
  admin = signedIn.client;
  adminId = signedIn.user.id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  otherAdmin = (await signedInClient(app, [{ tenantId: other, role: "admin" }])).client;
  await upload(admin, "openscap/openscap_many_vuln_rhsa.xml");
  await upload(admin, "scoutsuite/scoutsuite_aws_results.js");
  await upload(admin, "prowler/prowler_example_output_aws.csv");
  await upload(otherAdmin, "kubebench/kube-bench-report-one-vuln.json", other);
});
afterAll(() => app.close());

describe("compliance targets", () => {
  it("sums each target's latest scans, with failing results by severity and staleness", async () => {
    const all = await targets(admin);
    const scans = (
      await get<{ items: { targetId: string; counts: { fail: number; pass: number } }[] }>(
        admin,
        "/api/v1/compliance/scans?latest=true",
      )
    ).items;
    expect(all.total).toBe(new Set(scans.map((s) => s.targetId)).size);
    for (const t of all.items) {
      const mine = scans.filter((s) => s.targetId === t.targetId);
      expect(t.tally.fail).toBe(mine.reduce((a, s) => a + s.counts.fail, 0));
      expect(t.tally.pass).toBe(mine.reduce((a, s) => a + s.counts.pass, 0));
      expect(Object.values(t.failingBySeverity).reduce((a, n) => a + n, 0)).toBe(t.tally.fail);
    }
    const host = (await targets(admin, "?targetKind=host")).items;
    expect(host).toHaveLength(1);
    expect(host[0]?.tally).toMatchObject({ pass: 2904, fail: 31 });
    // The shared OpenSCAP report is years old: the host counts as not assessed in 30 days.
    expect(host[0]?.stale).toBe(true);
    expect((await targets(admin, "?stale=true")).items.map((t) => t.targetId)).toContain(host[0]?.targetId);
    // Another tenant's cluster is not in this scope.
    expect(all.items.some((t) => t.targetKind === "kubernetes-cluster")).toBe(false);
    const sorted = (await targets(admin, "?sort=failing")).items;
    expect(sorted.map((t) => t.tally.fail + t.tally.error)).toEqual(
      [...sorted.map((t) => t.tally.fail + t.tally.error)].sort((a, b) => b - a),
    );
  });

  it("filters results by verdict, severity, service and text, sorts them, and pages with a total", async () => {
    const failing = await results(admin, "result=fail&limit=500");
    expect(failing.total).toBe(31 + 30 + 2);
    expect(failing.items.every((r) => r.result === "fail" && r.latest)).toBe(true);
    const rank = ["unknown", "info", "low", "medium", "high", "critical"];
    const ranks = failing.items.map((r) => rank.indexOf(r.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const cloud = await results(admin, "targetKind=cloud-account&result=fail&sort=service&limit=500");
    expect(cloud.total).toBe(32);
    const service = cloud.items.find((r) => r.service)?.service as string;
    const byService = await results(admin, `targetKind=cloud-account&result=fail&service=${encodeURIComponent(service)}`);
    expect(byService.total).toBe(cloud.items.filter((r) => r.service === service).length);
    const first = failing.items[0] as ComplianceResultItem;
    const found = await results(admin, `q=${encodeURIComponent(first.controlId.slice(-12).toUpperCase())}`);
    expect(found.items.map((r) => r.id)).toContain(first.id);
    const page = await results(admin, "result=fail&limit=10&offset=10");
    expect(page.items.map((r) => r.id)).toEqual(failing.items.slice(10, 20).map((r) => r.id));
    expect(page.total).toBe(failing.total);
    // The last page, one past the end, and no match at all: each still tells the whole total.
    const last = await results(admin, `result=fail&limit=10&offset=${failing.total - 3}`);
    expect(last).toMatchObject({ total: failing.total });
    expect(last.items.map((r) => r.id)).toEqual(failing.items.slice(-3).map((r) => r.id));
    expect(await results(admin, "result=fail&limit=10&offset=1000")).toMatchObject({ items: [], total: failing.total });
    expect(await results(admin, "q=no-such-control-anywhere")).toMatchObject({ items: [], total: 0 });
    const bad = await admin.get("/api/v1/compliance/results?result=broken");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("result");
  });

  it("shows one control across targets, with its mappings and text", async () => {
    const failing = (await results(admin, "targetKind=cloud-account&result=fail&tool=Prowler&framework=cis"))
      .items[0] as ComplianceResultItem;
    const control = await get<{
      title: string;
      mappings: { framework: string | null }[];
      tally: { fail: number };
      targets: number;
    }>(admin, `/api/v1/compliance/control?tool=${failing.tool}&controlId=${encodeURIComponent(failing.controlId)}`);
    expect(control.title).toBe(failing.title);
    expect(control.mappings.some((m) => m.framework === "cis")).toBe(true);
    expect(control.tally.fail).toBeGreaterThan(0);
    expect(control.targets).toBe(1);
    const missing = await admin.get("/api/v1/compliance/control?tool=Prowler&controlId=nope");
    expect(missing.statusCode).toBe(404);
  });

  it("breaks cloud results down by service and region, and draws the trend from the scans", async () => {
    const byService = await get<{ items: { key: string | null; fail: number; pass: number; resources: number }[] }>(
      admin,
      "/api/v1/compliance/breakdown?by=service&targetKind=cloud-account",
    );
    expect(byService.items.reduce((a, i) => a + i.fail, 0)).toBe(32);
    const fails = byService.items.map((i) => i.fail);
    expect(fails).toEqual([...fails].sort((a, b) => b - a));
    const byRegion = await get<{ items: { key: string | null }[] }>(admin, "/api/v1/compliance/breakdown?by=region");
    expect(byRegion.items.length).toBeGreaterThan(1);
    const trend = await get<{ points: { day: string; fail: number; targets: number }[] }>(
      admin,
      "/api/v1/compliance/trend?days=7",
    );
    expect(trend.points).toHaveLength(7);
    expect(trend.points.at(-1)).toMatchObject({ fail: 31 + 30 + 2, day: "2026-11-21" });
  });

  it("counts every dimension's breakdown as the latest results add up, resources distinct within each target", async () => {
    await expectBreakdownsCounted(admin);
  });

  it("tells the whole total of a full page, from the scans' counts where they hold it", async () => {
    for (const query of [
      "",
      "&result=fail",
      "&result=pass&targetKind=cloud-account",
      "&framework=cis",
      "&framework=cis&result=fail",
      "&framework=pci-dss-4.0&result=error&tool=Prowler",
      "&result=manual",
      "&severity=high&framework=cis",
    ]) {
      const rows = (await everyResult(admin, query)).length;
      expect(rows, query).toBeGreaterThan(query.includes("error") ? -1 : 0);
      expect((await results(admin, `limit=1${query}`)).total, query).toBe(rows);
    }
  });

  it("pages the severity sort one severity after another, as one sort of every match would", async () => {
    const all = await everyResult(admin);
    for (const query of ["", "&result=fail", "&open=true", "&framework=cis", "&targetKind=cloud-account&result=pass"]) {
      // Each severity on its own is one sort in the database; the list is those, most severe first.
      const expected: string[] = [];
      for (const severity of ["critical", "high", "medium", "low", "info", "unknown"]) {
        const alone = await everyResult(admin, `${query}&severity=${severity}`);
        expect(alone.every((r) => r.severity === severity)).toBe(true);
        expected.push(...alone.map((r) => r.id));
      }
      // Pages of 7 cross from one severity into the next at other places than pages of 500.
      const paged: string[] = [];
      let total = -1;
      for (let offset = 0; offset < expected.length + 7; offset += 7) {
        const page = await results(admin, `limit=7&offset=${offset}${query}`);
        paged.push(...page.items.map((r) => r.id));
        total = page.total;
      }
      expect(paged, query).toEqual(expected);
      expect(total, query).toBe(expected.length);
    }
    // A severity asked on its own (its verdicts named for the index) drops no result.
    const high = await everyResult(admin, "&severity=high");
    expect(high.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => r.severity === "high")
        .map((r) => r.id)
        .sort(),
    );
  });

  it("counts failing controls as the failing results add up, with each filter and over two tenants", async () => {
    await expectFailingCounted(admin);
    // The same Prowler file in a second tenant: a control failing in both has two targets.
    const third = (await makeTenant(app, "Views Third")).id;
    const both = (
      await signedInClient(app, [
        { tenantId, role: "admin" },
        { tenantId: third, role: "admin" },
      ])
    ).client;
    await upload(both, "prowler/prowler_example_output_aws.csv", third);
    const counted = await countedFailing(both);
    expect(counted.some((row) => row[5] === 2)).toBe(true);
    expect(await answeredFailing(both)).toEqual(counted);
  });

  it("makes a framework's evidence pack as PDF: score, requirements, failing results with evidence", async () => {
    const response = await admin.get("/api/v1/reports/compliance-evidence.pdf?framework=cis&tz=Europe/Berlin");
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain("watchfloor-evidence-cis-2026-11-21.pdf");
    const dir = mkdtempSync(path.join(tmpdir(), "wf-evidence-"));
    try {
      writeFileSync(path.join(dir, "pack.pdf"), response.rawPayload);
      const text = execFileSync("pdftotext", [path.join(dir, "pack.pdf"), "-"], { encoding: "utf8" })
        .replaceAll("\u200B", "")
        .replace(/\s+/g, " ");
      const failing = (await results(admin, "result=fail&framework=cis&limit=1")).items[0] as ComplianceResultItem;
      expect(text).toContain("CIS Benchmarks evidence pack");
      expect(text).toContain("Europe/Berlin");
      expect(text).toContain("Failing, erroring and excepted results");
      // Titles wrap at spaces (ids at their hyphens, which pdftotext keeps apart).
      expect(text).toContain(failing.title);
      expect(text).toMatch(/Page 1 of \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await admin.get("/api/v1/reports/compliance-evidence.pdf?framework=fedramp")).statusCode).toBe(400);
    expect((await admin.get("/api/v1/reports/compliance-evidence.pdf?framework=cis&tz=Mars/Olympus")).statusCode).toBe(400);
  });

  it("scores frameworks over one kind of target", async () => {
    type Scores = { items: { framework: string; pass: number; fail: number }[] };
    const all = await get<Scores>(admin, "/api/v1/compliance/frameworks");
    const cloud = await get<Scores>(admin, "/api/v1/compliance/frameworks?targetKind=cloud-account");
    const host = await get<Scores>(admin, "/api/v1/compliance/frameworks?targetKind=host");
    for (const f of all.items) {
      const c = cloud.items.find((x) => x.framework === f.framework);
      const h = host.items.find((x) => x.framework === f.framework);
      expect((c?.fail ?? 0) + (h?.fail ?? 0)).toBe(f.fail);
      expect((c?.pass ?? 0) + (h?.pass ?? 0)).toBe(f.pass);
    }
    expect((await get<Scores>(admin, "/api/v1/compliance/frameworks?targetKind=kubernetes-cluster")).items).toEqual([]);
    type Reqs = { items: { fail: number; pass: number }[] };
    const sum = async (query: string) =>
      (await get<Reqs>(admin, `/api/v1/compliance/requirements?framework=cis${query}`)).items.reduce(
        (a, r) => a + r.fail + r.pass,
        0,
      );
    const [every, hosts, accounts] = await Promise.all([sum(""), sum("&targetKind=host"), sum("&targetKind=cloud-account")]);
    expect(accounts).toBeGreaterThan(0);
    expect(hosts + accounts).toBe(every);
  });

  it("exports the filtered results and a framework's evidence pack as CSV", async () => {
    const csv = await admin.get("/api/v1/compliance/results/export.csv?result=fail");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^tenant_id,target_kind,target/);
    expect(lines.filter((l) => /,fail,/.test(l)).length).toBe(63);
    const targetsCsv = (await admin.get("/api/v1/compliance/targets/export.csv?targetKind=cloud-account&sort=failing")).body
      .trim()
      .split("\r\n");
    const listed = await targets(admin, "?targetKind=cloud-account&sort=failing");
    expect(targetsCsv[0]).toMatch(/^tenant_id,target_kind,target,target_name,pass_rate/);
    expect(targetsCsv.slice(1).map((l) => l.split(",")[2])).toEqual(listed.items.map((t) => t.targetId));
    const failingCsv = (await admin.get("/api/v1/compliance/failing/export.csv?targetKind=cloud-account")).body
      .trim()
      .split("\r\n");
    const failingList = await get<{ total: number }>(admin, "/api/v1/compliance/failing?targetKind=cloud-account");
    expect(failingCsv[0]).toBe("tool,control_id,title,severity,failing,excepted,targets");
    expect(failingCsv).toHaveLength(failingList.total + 1);
    const pack = await admin.get("/api/v1/compliance/evidence.csv?framework=cis");
    expect(pack.statusCode).toBe(200);
    expect(pack.headers["content-disposition"]).toContain("evidence-cis");
    const packLines = pack.body.trim().split("\r\n");
    expect(packLines[0]).toMatch(/^framework,requirements,tenant_id/);
    expect(packLines[1]).toMatch(/^CIS Benchmarks,"?CIS/);
  });
});

describe("compliance rollups", () => {
  const inspec = (host: string, tags: Record<string, unknown>, status: string) =>
    JSON.stringify({
      platform: { name: "ubuntu", target_id: host },
      profiles: [
        {
          name: "rollup-profile",
          controls: [
            { id: "r-1", title: "Rollup control", impact: 0.7, tags, results: [{ status, start_time: "2026-11-01T00:00:00Z" }] },
          ],
        },
      ],
    });
  const post = async (client: TestClient, tenant: string, body: string) => {
    const response = await client.request({
      method: "POST",
      url: `/api/v1/imports/compliance?tenantId=${tenant}`,
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("a mapping a later file adds counts for the scans already stored, as the scores read them", async () => {
    const tenant = (await makeTenant(app, "Rollup Co")).id;
    const client = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    await post(client, tenant, inspec("host-a", { cis: "1.1" }, "failed"));
    type Scores = { items: { framework: string; fail: number; pass: number }[] };
    expect((await get<Scores>(client, "/api/v1/compliance/frameworks")).items.map((f) => [f.framework, f.fail])).toEqual([
      ["cis", 1],
    ]);
    // Host B's file maps the same control to PCI DSS 4.0 too: host A's failure counts there as well.
    await post(client, tenant, inspec("host-b", { cis: "1.1", "pci_dss_v4.0": ["8.3.1"] }, "passed"));
    const scores = (await get<Scores>(client, "/api/v1/compliance/frameworks")).items;
    expect(scores.map((f) => [f.framework, f.fail, f.pass])).toEqual([
      ["cis", 1, 1],
      ["pci-dss-4.0", 1, 1],
    ]);
    const failing = await get<{ items: { controlId: string; failing: number; targets: number }[] }>(
      client,
      "/api/v1/compliance/failing?framework=pci-dss-4.0",
    );
    expect(failing.items).toMatchObject([{ controlId: "r-1", failing: 1, targets: 1 }]);
  });
});

describe("compliance exceptions", () => {
  let failing: ComplianceResultItem;
  let exception: ComplianceException;
  const expiresAt = () => new Date(app.clock.now + 10 * DAY).toISOString();
  const frameworks = () =>
    get<{ items: { framework: string; fail: number; excepted: number }[] }>(admin, "/api/v1/compliance/frameworks");

  beforeAll(async () => {
    failing = (await results(admin, "targetKind=cloud-account&result=fail&tool=Prowler&framework=cis"))
      .items[0] as ComplianceResultItem;
  });

  it("refuses analysts, bad expiries, unknown controls and a resource without its target", async () => {
    const body = {
      tenantId,
      tool: failing.tool,
      controlId: failing.controlId,
      reason: "Compensating control in place",
      expiresAt: expiresAt(),
    };
    expect((await analyst.post("/api/v1/compliance/exceptions", body)).statusCode).toBe(403);
    expect((await otherAdmin.post("/api/v1/compliance/exceptions", body)).statusCode).toBe(404);
    const cases: [Record<string, unknown>, string][] = [
      [{ expiresAt: new Date(app.clock.now - DAY).toISOString() }, "expiresAt"],
      [{ expiresAt: new Date(app.clock.now + 400 * DAY).toISOString() }, "expiresAt"],
      [{ controlId: "no-such-control" }, "controlId"],
      [{ resourceId: "arn:aws:s3:::x" }, "resourceId"],
      [{ reason: "short" }, "reason"],
      [{ targetId: "123" }, "targetKind"],
    ];
    for (const [change, field] of cases) {
      const response = await admin.post("/api/v1/compliance/exceptions", { ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body).toContain(field);
    }
  });

  it("counts excepted results apart in scores, lists and targets, and records who accepted them", async () => {
    const before = (await frameworks()).items.find((f) => f.framework === "cis");
    const failingBefore = (await targets(admin, "?targetKind=cloud-account")).items.find((t) => t.targetId === failing.targetId);
    const response = await admin.post("/api/v1/compliance/exceptions", {
      tenantId,
      tool: failing.tool,
      controlId: failing.controlId,
      targetKind: failing.targetKind,
      targetId: failing.targetId,
      resourceId: failing.resourceId,
      reason: "Compensating control: access reviewed weekly",
      expiresAt: expiresAt(),
    });
    expect(response.statusCode, response.body).toBe(201);
    exception = response.json();
    expect(exception).toMatchObject({ state: "active", covers: 1, approvedBy: { id: adminId } });
    const after = (await frameworks()).items.find((f) => f.framework === "cis");
    expect(after?.excepted).toBe((before?.excepted ?? 0) + 1);
    expect(after?.fail).toBe((before?.fail ?? 0) - 1);
    const excepted = await results(admin, "excepted=true");
    expect(excepted.items.map((r) => [r.id, r.exceptionId])).toEqual([[failing.id, exception.id]]);
    expect((await results(admin, "open=true&result=fail")).total).toBe(62);
    const target = (await targets(admin, "?targetKind=cloud-account")).items.find((t) => t.targetId === failing.targetId);
    expect(target?.tally.excepted).toBe(1);
    expect(target?.tally.fail).toBe((failingBefore?.tally.fail ?? 0) - 1);
    const exceptedInBreakdown = (await answeredBreakdown(admin, "service")).reduce((n, row) => n + row[4], 0);
    expect(exceptedInBreakdown).toBe(1);
    await expectBreakdownsCounted(admin);
    await expectFailingCounted(admin);
    const audit = await app.ctx.db
      .selectFrom("audit_log")
      .select(["event", "details"])
      .where("tenant_id", "=", tenantId)
      .where("event", "=", "compliance.exception_created")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ exceptionId: exception.id });
    // Analysts see exceptions; other tenants do not.
    expect((await get<{ items: unknown[] }>(analyst, "/api/v1/compliance/exceptions")).items).toHaveLength(1);
    expect((await get<{ items: unknown[] }>(otherAdmin, "/api/v1/compliance/exceptions")).items).toHaveLength(0);
  });

  it("brings results back on expiry and tells the approver once", async () => {
    // The clock stays moved on: the tests below sign in afresh (sessions idle that long have ended).
    app.clock.now += 11 * DAY;
    admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
    analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    {
      const later = admin;
      expect((await results(later, "excepted=true")).total).toBe(0);
      const listed = (await get<{ items: ComplianceException[] }>(later, "/api/v1/compliance/exceptions")).items;
      expect(listed[0]?.state).toBe("expired");
      expect(await notifyExpiredExceptions(app.ctx)).toBe(1);
      expect(await notifyExpiredExceptions(app.ctx)).toBe(0);
      const notes = await app.ctx.db
        .selectFrom("notifications")
        .select(["user_id", "message", "link"])
        .where("kind", "=", "compliance_exception_expired")
        .execute();
      expect(notes.map((n) => n.user_id)).toContain(adminId);
      expect(notes[0]?.link).toContain("/compliance/controls/");
      // Revoking what has expired is refused.
      expect((await later.delete(`/api/v1/compliance/exceptions/${exception.id}`)).statusCode).toBe(409);
    }
  });

  it("revokes an active exception, audited, and the results count as failing again", async () => {
    const created = (
      await admin.post("/api/v1/compliance/exceptions", {
        tenantId,
        tool: failing.tool,
        controlId: failing.controlId,
        reason: "Accepted on every account until the migration",
        expiresAt: expiresAt(),
      })
    ).json() as ComplianceException;
    expect(created.targetId).toBeNull();
    expect((await results(admin, "excepted=true")).total).toBe(1);
    expect((await analyst.delete(`/api/v1/compliance/exceptions/${created.id}`)).statusCode).toBe(403);
    const revoked = await admin.delete(`/api/v1/compliance/exceptions/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: "revoked" });
    expect((await results(admin, "excepted=true")).total).toBe(0);
    const events = await app.ctx.db
      .selectFrom("audit_log")
      .select("event")
      .where("tenant_id", "=", tenantId)
      .where("event", "like", "compliance.%")
      .execute();
    expect(events.map((e) => e.event).sort()).toEqual([
      "compliance.exception_created",
      "compliance.exception_created",
      "compliance.exception_revoked",
    ]);
  });
});
