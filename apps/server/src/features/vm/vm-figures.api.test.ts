import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findingRisk, type Priority, type VmFixGroup, type VmOverview } from "@watchfloor/shared";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

/**
 * VM's maintained figures (migration 0036) against the findings themselves, after changes made
 * through every path that moves a finding: imports (new, fixed by a later scan), the status API
 * (closed with each reason, reopened), a risk acceptance, and plain SQL for the paths that have
 * no route of their own here (an intel refresh moving KEV and EPSS, a severity or remediation
 * rewrite, retention deleting rows). The expected figures are computed here in TypeScript from
 * the rows, not with the migration's SQL.
 */
const data = (file: string) =>
  readFileSync(path.resolve(fileURLToPath(new URL(`../../../../../../shared/data/${file}`, import.meta.url))), "utf8");
const DAY = 86_400_000;

let app: TestApp;
let admin: TestClient;
let tenantA: string;
let tenantB: string;

const upload = async (tenant: string, body: string) => {
  const response = await admin.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenant}`,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body).toBe(200);
};

interface Row {
  id: string;
  tenant_id: string;
  asset_id: string;
  status: string;
  close_reason: string | null;
  severity: string;
  severity_rank: number;
  first_seen: number;
  due_at: number | null;
  closed_at: number | null;
  kev: number;
  epss: number | null;
  cvss_score: number | null;
  remediation: string | null;
  cve_text: string | null;
}

async function findings(): Promise<Row[]> {
  const rows = await app.ctx.db
    .selectFrom("findings")
    .select([
      "id",
      "tenant_id",
      "asset_id",
      "status",
      "close_reason",
      "severity",
      "severity_rank",
      "first_seen",
      "due_at",
      "closed_at",
      "kev",
      "epss",
      "cvss_score",
      "remediation",
      "cve_text",
    ])
    .execute();
  return rows.map((r) => ({
    ...r,
    severity_rank: Number(r.severity_rank),
    first_seen: Number(r.first_seen),
    due_at: r.due_at == null ? null : Number(r.due_at),
    closed_at: r.closed_at == null ? null : Number(r.closed_at),
    kev: Number(r.kev),
  }));
}

const count = <K>(rows: Row[], key: (r: Row) => K | null, value: (r: Row) => number[] = () => [1]) => {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    if (k == null) continue;
    const id = JSON.stringify(k);
    const add = value(r);
    const was = out.get(id) ?? add.map(() => 0);
    out.set(
      id,
      was.map((v, i) => v + (add[i] ?? 0)),
    );
  }
  return out;
};
const day = (ms: number) => Math.floor(ms / DAY);
const isOpen = (r: Row) => r.status !== "Closed";
const grouped = (r: Row) => isOpen(r) && !!r.remediation;
const riskMilli = (r: Row) =>
  Math.round(
    1000 * findingRisk({ cvssScore: r.cvss_score, severity: r.severity as Priority, kev: r.kev === 1, epss: r.epss }).risk,
  );

async function table(name: string, key: string[], values: string[]) {
  const rows = (await sql.raw(`select ${[...key, ...values].join(", ")} from ${name}`).execute(app.ctx.db)).rows as Record<
    string,
    unknown
  >[];
  return new Map(
    rows.map((r) => [
      JSON.stringify(key.map((k) => (typeof r[k] === "string" ? r[k] : Number(r[k])))),
      values.map((v) => Number(r[v])),
    ]),
  );
}

/** Every maintained table equals the same figures counted from the findings. */
async function expectFiguresMatch() {
  const rows = await findings();
  expect(
    await table("vm_open_figures", ["tenant_id", "severity_rank", "seen_day", "due_day", "kev", "high_epss"], ["n"]),
  ).toEqual(
    count(rows, (r) =>
      isOpen(r)
        ? [
            r.tenant_id,
            r.severity_rank,
            day(r.first_seen),
            r.due_at == null ? -1 : day(r.due_at),
            r.kev,
            (r.epss ?? 0) > 0.1 ? 1 : 0,
          ]
        : null,
    ),
  );
  expect(
    await table("vm_closed_figures", ["tenant_id", "close_reason", "closed_day", "severity_rank", "on_time"], ["n", "age_ms"]),
  ).toEqual(
    count(
      rows,
      (r) =>
        r.status === "Closed" && r.closed_at != null
          ? [
              r.tenant_id,
              r.close_reason ?? "",
              day(r.closed_at),
              r.severity_rank,
              r.due_at == null || r.closed_at <= r.due_at ? 1 : 0,
            ]
          : null,
      (r) => [1, (r.closed_at ?? 0) - r.first_seen],
    ),
  );
  expect(
    await table("vm_fix_groups", ["tenant_id", "fix"], ["findings", "sev_1", "sev_2", "sev_3", "sev_4", "kev", "risk_milli"]),
  ).toEqual(
    count(
      rows,
      (r) => (grouped(r) ? [r.tenant_id, r.remediation] : null),
      (r) => [1, ...[1, 2, 3, 4].map((rank) => (r.severity_rank === rank ? 1 : 0)), r.kev, riskMilli(r)],
    ),
  );
  expect(await table("vm_fix_assets", ["tenant_id", "fix", "asset_id"], ["n"])).toEqual(
    count(rows, (r) => (grouped(r) ? [r.tenant_id, r.remediation, r.asset_id] : null)),
  );
  return rows;
}

const status = async (id: string, body: Record<string, unknown>) => {
  const response = await admin.post(`/api/v1/findings/${id}/status`, body);
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  app = await createTestApp();
  tenantA = (await makeTenant(app, "Figures A", ["vm"])).id;
  tenantB = (await makeTenant(app, "Figures B", ["vm"])).id;
  admin = (
    await signedInClient(app, [
      { tenantId: tenantA, role: "admin" },
      { tenantId: tenantB, role: "admin" },
    ])
  ).client;
});
afterAll(() => app.close());

describe("vm maintained figures", () => {
  it("stay equal to the findings through imports, status changes, acceptances, SQL updates and deletes", {
    timeout: 120_000,
  }, async () => {
    await upload(tenantA, data("vulnscans/nessus/nessus_with_cvssv3.nessus"));
    await upload(tenantA, data("vulnscans/openvas/openvas_many_vuln.xml"));
    await upload(tenantB, data("vulnscans/trivy/scheme_2_many_vulns.json"));
    let rows = await expectFiguresMatch();
    expect(rows.filter(grouped).length).toBeGreaterThan(40);

    // Closed with each reason a day later, one reopened: the closed figures by reason and day.
    app.clock.now += DAY;
    admin = (
      await signedInClient(app, [
        { tenantId: tenantA, role: "admin" },
        { tenantId: tenantB, role: "admin" },
      ])
    ).client;
    const open = rows.filter((r) => r.tenant_id === tenantA && isOpen(r));
    const reasons = ["Remediated", "False Positive", "Accepted Risk", "Remediated"];
    for (const [i, reason] of reasons.entries()) await status(open[i]?.id ?? "", { status: "Closed", closeReason: reason });
    await status(open[1]?.id ?? "", { status: "Open" });
    await status(open[5]?.id ?? "", { status: "In Progress" });
    rows = await expectFiguresMatch();

    // A risk acceptance closes a whole fix group of tenant B.
    const groups = (await admin.get(`/api/v1/vm/fix-groups?tenantId=${tenantB}`)).json() as { items: VmFixGroup[] };
    const fix = groups.items[0]?.fix ?? "";
    const accepted = await admin.post("/api/v1/vm/acceptances", {
      tenantId: tenantB,
      fix,
      reason: "Compensating control",
      expiresAt: new Date(app.clock.now + 30 * DAY).toISOString(),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    rows = await expectFiguresMatch();

    // What intel refreshes, scanners and retention do to rows, through SQL: the triggers see it all.
    const db = app.ctx.db;
    await db
      .updateTable("findings")
      .set({ kev: 1, epss: 0.97 })
      .where("tenant_id", "=", tenantA)
      .where("severity_rank", ">=", 3)
      .execute();
    await db
      .updateTable("findings")
      .set({ severity: "Critical", severity_rank: 4 })
      .where("id", "=", open[6]?.id ?? "")
      .execute();
    // A remediation text past PostgreSQL's B-tree entry limit, moved onto a second finding.
    const long = `Apply the vendor's fix. ${"Restart the service after upgrading every affected package. ".repeat(100)}`;
    await db
      .updateTable("findings")
      .set({ remediation: long })
      .where("id", "in", [open[7]?.id ?? "", open[8]?.id ?? ""])
      .execute();
    await db.updateTable("findings").set({ last_seen: app.clock.now }).where("tenant_id", "=", tenantA).execute();
    await db
      .deleteFrom("findings")
      .where("id", "=", open[9]?.id ?? "")
      .execute();
    rows = await expectFiguresMatch();
    expect(rows.filter((r) => r.remediation === long && isOpen(r))).toHaveLength(2);

    // A later scan that no longer reports tenant B's findings closes them as Fixed.
    const trivy = JSON.parse(data("vulnscans/trivy/scheme_2_many_vulns.json")) as { Results: { Vulnerabilities?: unknown[] }[] };
    const later = { ...trivy, Results: trivy.Results.map((r) => ({ ...r, Vulnerabilities: r.Vulnerabilities?.slice(-1) })) };
    await upload(tenantB, JSON.stringify(later));
    rows = await expectFiguresMatch();
    expect(rows.some((r) => r.tenant_id === tenantB && r.close_reason === "Fixed")).toBe(true);
  });

  it("answer the overview and the fix groups with what the findings say", async () => {
    const rows = await findings();
    const o = (await admin.get("/api/v1/vm/overview")).json() as VmOverview;
    const now = app.clock.now;
    const openRows = rows.filter(isOpen);
    expect(o.totals.open).toBe(openRows.length);
    expect(o.totals.overdue).toBe(openRows.filter((r) => r.due_at != null && r.due_at < now).length);
    expect(o.totals.kev).toBe(openRows.filter((r) => r.kev === 1).length);
    expect(o.totals.accepted).toBe(rows.filter((r) => r.close_reason === "Accepted Risk").length);
    for (const s of o.severities) {
      const mine = openRows.filter((r) => r.severity === s.severity);
      const age = (r: Row) => day(now) - day(r.first_seen);
      expect(s.ages).toEqual([
        mine.filter((r) => age(r) <= 30).length,
        mine.filter((r) => age(r) > 30 && age(r) <= 90).length,
        mine.filter((r) => age(r) > 90 && age(r) <= 180).length,
        mine.filter((r) => age(r) > 180).length,
      ]);
    }
    const groups = (await admin.get("/api/v1/vm/fix-groups?limit=200")).json() as { items: VmFixGroup[]; total: number };
    const byFix = count(
      rows.filter(grouped),
      (r) => r.remediation,
      (r) => [1, riskMilli(r)],
    );
    expect(groups.total).toBe(byFix.size);
    for (const g of groups.items) {
      const [findingsOf, risk] = byFix.get(JSON.stringify(g.fix)) ?? [];
      expect([g.findings, Math.round(g.riskRemoved)]).toEqual([findingsOf, Math.round((risk ?? 0) / 1000)]);
      const assets = new Set(
        rows.filter((r) => grouped(r) && r.remediation === g.fix).map((r) => `${r.tenant_id}/${r.asset_id}`),
      );
      expect(g.assets).toBe(assets.size);
    }
  });
});
