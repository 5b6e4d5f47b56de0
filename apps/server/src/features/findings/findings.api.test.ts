import { findingSortKeys } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetsTable } from "../../db/tables";
import { days } from "../../lib/time";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { type FindingSeed, seedAsset, seedFinding } from "../../test/finding-factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { notifyOverdueFindings } from "./finding-sla-overdue.service";
import { indexPendingFindings } from "./findings-search.repository";

let app: TestApp;
let tenantId: string;
let owner: TestClient;
let analyst: TestClient;
let analystId: string;
let now: number;
const ids: Record<string, string> = {};

interface Item {
  id: string;
  title: string;
  priority: string;
  score: number | null;
  status: string;
  kev: boolean;
  epss: number | null;
  services: string[];
  cveIds: string[];
  department: string | null;
  overdue: boolean;
  dueAt: string | null;
  assignee: string | null;
  assetKey: string;
}

const list = async (client: TestClient, query: string): Promise<{ items: Item[]; nextCursor: string | null }> => {
  const response = await client.get(`/api/v1/findings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const titles = async (query: string) => (await list(analyst, `limit=200&${query}`)).items.map((i) => i.title).sort();

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenantId = (await makeTenant(app, "Findings Tenant")).id;
  owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
  const a = await signedInClient(app, [{ tenantId, role: "analyst" }]);
  analyst = a.client;
  analystId = a.user.id;
  const db = app.ctx.db;
  const web = await seedAsset(
    db,
    tenantId,
    {
      key: "ASSET-0001",
      name: "web-01",
      type: "Web Application",
      department: "Finance",
      businessImpact: "High",
      environment: "Cloud",
      identities: [
        { kind: "hostname", value: "web-01" },
        { kind: "ip", value: "10.0.0.5" },
      ],
    },
    now,
  );
  const dbHost = await seedAsset(
    db,
    tenantId,
    { key: "ASSET-0002", name: "db-01", type: "Database", department: "IT", businessImpact: "Medium", environment: "On-premise" },
    now,
  );
  const ws = await seedAsset(db, tenantId, { key: "ASSET-0003", name: "ws-07", type: "Workstation" }, now);
  const seeds: [string, AssetsTable, FindingSeed][] = [
    [
      "ssl",
      web,
      {
        title: "OpenSSL infinite loop",
        severity: "Critical",
        score: 9.8,
        cves: ["CVE-2022-0778"],
        kev: true,
        epss: 0.97,
        scanners: ["nessus", "openvas"],
        cwe: "CWE-835",
        firstSeen: now - days(10),
        slaDays: 7,
        port: 443,
      },
    ],
    [
      "apache",
      web,
      {
        title: "Apache path traversal",
        severity: "High",
        score: 7.5,
        cves: ["CVE-2021-41773"],
        kev: true,
        epss: 0.94,
        firstSeen: now - days(5),
        slaDays: 30,
        port: 80,
      },
    ],
    [
      "pg",
      dbHost,
      {
        title: "PostgreSQL trust authentication",
        severity: "Medium",
        score: 5.3,
        cwe: "CWE-287",
        scanners: ["openvas"],
        status: "Triaged",
      },
    ],
    ["tls", dbHost, { title: "TLS 1.0 enabled", severity: "Low", score: 3.1, status: "Closed", remediation: '=HYPERLINK("x")' }],
    [
      "chrome",
      ws,
      {
        title: 'Chrome heap overflow, "WebP"',
        severity: "High",
        score: 8.8,
        cves: ["CVE-2023-4863"],
        epss: 0.5,
        scanners: ["trivy"],
        firstSeen: now - days(40),
        slaDays: 30,
      },
    ],
    ["unscored", ws, { title: "Unscored banner", severity: "Low", score: null, remediation: null }],
    [
      "log4j",
      dbHost,
      {
        title: "Log4Shell",
        severity: "Critical",
        score: 10,
        cves: ["CVE-2021-44228", "CVE-2021-45046"],
        kev: true,
        epss: 0.99,
        scanners: ["nessus"],
        status: "In Progress",
        firstSeen: now - days(2),
        slaDays: 7,
      },
    ],
  ];
  for (const [name, asset, seed] of seeds) ids[name] = (await seedFinding(db, asset, seed, now)).id;
});
afterAll(() => app.close());

describe("vulnerable-asset list", () => {
  it("shows each finding with its asset, intelligence and SLA state", async () => {
    const { items } = await list(analyst, "limit=200");
    expect(items).toHaveLength(7);
    const ssl = items.find((i) => i.id === ids.ssl) as Item & Record<string, unknown>;
    expect(ssl).toMatchObject({
      assetKey: "ASSET-0001",
      assetName: "web-01",
      assetType: "Web Application",
      priority: "Critical",
      score: 9.8,
      status: "Open",
      services: ["nessus", "openvas"],
      cweId: "CWE-835",
      department: "Finance",
      businessImpact: "High",
      environment: "Cloud",
      cveIds: ["CVE-2022-0778"],
      kev: true,
      epss: 0.97,
      overdue: true,
      tenantName: "Findings Tenant",
    });
    expect(ssl.dueAt).toBe(new Date(now - days(3)).toISOString());
    expect(items.find((i) => i.id === ids.apache)?.overdue).toBe(false);
  });

  it("filters on every column the brief names", async () => {
    expect(await titles("priority=Critical")).toEqual(["Log4Shell", "OpenSSL infinite loop"]);
    expect(await titles("scoreMin=7&scoreMax=9")).toEqual(["Apache path traversal", 'Chrome heap overflow, "WebP"']);
    expect(await titles("status=Triaged,In%20Progress")).toEqual(["Log4Shell", "PostgreSQL trust authentication"]);
    expect(await titles("kev=true")).toEqual(["Apache path traversal", "Log4Shell", "OpenSSL infinite loop"]);
    expect((await titles("kev=false")).length).toBe(4);
    expect(await titles("epssAbove=0.95")).toEqual(["Log4Shell", "OpenSSL infinite loop"]);
    expect(await titles("scanner=openvas")).toEqual(["OpenSSL infinite loop", "PostgreSQL trust authentication"]);
    expect(await titles("department=Finance")).toEqual(["Apache path traversal", "OpenSSL infinite loop"]);
    expect(await titles("businessImpact=Medium")).toEqual(["Log4Shell", "PostgreSQL trust authentication", "TLS 1.0 enabled"]);
    expect(await titles("environment=On-premise")).toEqual(["Log4Shell", "PostgreSQL trust authentication", "TLS 1.0 enabled"]);
    expect(await titles("overdue=true")).toEqual(['Chrome heap overflow, "WebP"', "OpenSSL infinite loop"]);
    expect((await titles("overdue=false")).length).toBe(5);
    expect(await titles("view=closed")).toEqual(["TLS 1.0 enabled"]);
    expect((await titles("view=open")).length).toBe(6);
    expect(await titles("cve=cve-2021-45046")).toEqual(["Log4Shell"]);
    expect(await titles("q=ws-07")).toEqual(['Chrome heap overflow, "WebP"', "Unscored banner"]);
    const wsAsset = (
      await app.ctx.db
        .selectFrom("findings")
        .select("asset_id")
        .where("id", "=", ids.chrome as string)
        .executeTakeFirstOrThrow()
    ).asset_id;
    expect(await titles(`assetId=${wsAsset}`)).toEqual(['Chrome heap overflow, "WebP"', "Unscored banner"]);
    expect(await titles("q=OPENSSL")).toEqual(["OpenSSL infinite loop"]);
    expect(await titles("q=cve-2021-44228")).toEqual(["Log4Shell"]);
    expect(await titles("q=asset-0002")).toEqual(["Log4Shell", "PostgreSQL trust authentication", "TLS 1.0 enabled"]);
    expect(await titles("q=100%25")).toEqual([]);
    expect(await titles("q=db")).toEqual(["Log4Shell", "PostgreSQL trust authentication", "TLS 1.0 enabled"]);
    expect(await titles("q=%22webp%22")).toEqual(['Chrome heap overflow, "WebP"']);
    expect(await titles("priority=Critical&kev=true&department=IT")).toEqual(["Log4Shell"]);
  });

  it("finds text before and after the background index catches up, and follows changed text", async () => {
    expect(await titles("q=openssl")).toEqual(["OpenSSL infinite loop"]);
    expect(await indexPendingFindings(app.ctx.db)).toBe(app.ctx.dialect === "sqlite" ? 7 : 0);
    expect(await indexPendingFindings(app.ctx.db)).toBe(0);
    expect(await titles("q=openssl")).toEqual(["OpenSSL infinite loop"]);
    expect(await titles("q=web-01")).toEqual(["Apache path traversal", "OpenSSL infinite loop"]);
    // A rescan that renames the vulnerability rewrites search_text; the index follows.
    await app.ctx.db
      .updateTable("findings")
      .set({ search_text: "libssl infinite loop cve-2022-0778 asset-0001 web-01" })
      .where("id", "=", ids.ssl as string)
      .execute();
    expect(await titles("q=openssl")).toEqual([]);
    expect(await titles("q=libssl")).toEqual(["OpenSSL infinite loop"]);
  });

  it("rejects bad filter values with the field", async () => {
    for (const [query, path] of [
      ["priority=Urgent", "priority"],
      ["scoreMin=11", "scoreMin"],
      ["kev=maybe", "kev"],
      ["cve=CVE-21", "cve"],
      ["sort=nope", "sort"],
      ["cursor=garbage", "cursor"],
    ]) {
      const response = await analyst.get(`/api/v1/findings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].path, query).toContain(path);
    }
  });

  it("sorts on every column, NULLs last, and pages with a keyset cursor without gaps or repeats", async () => {
    for (const sort of findingSortKeys) {
      for (const dir of ["asc", "desc"]) {
        const whole = (await list(analyst, `sort=${sort}&dir=${dir}&limit=200`)).items.map((i) => i.id);
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(analyst, `sort=${sort}&dir=${dir}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
          paged.push(...page.items.map((i) => i.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(paged, `${sort} ${dir}`).toEqual(whole);
        expect(new Set(paged).size).toBe(7);
      }
    }
    const scores = (dir: string) => list(analyst, `sort=score&dir=${dir}&limit=200`).then((p) => p.items.map((i) => i.score));
    expect(await scores("desc")).toEqual([10, 9.8, 8.8, 7.5, 5.3, 3.1, null]);
    expect(await scores("asc")).toEqual([3.1, 5.3, 7.5, 8.8, 9.8, 10, null]);
    const priorities = (await list(analyst, "sort=priority&dir=desc&limit=3")).items.map((i) => i.priority);
    expect(priorities).toEqual(["Critical", "Critical", "High"]);
    const departments = (await list(analyst, "sort=department&dir=asc&limit=200")).items.map((i) => i.department);
    expect(departments).toEqual(["Finance", "Finance", "IT", "IT", "IT", null, null]);
  });

  it("refuses a cursor from another sort or direction, or with a value that does not fit the sort (400 on cursor)", async () => {
    const cursor = (await list(analyst, "sort=score&dir=desc&limit=2")).nextCursor as string;
    expect((await list(analyst, `sort=score&dir=desc&limit=2&cursor=${cursor}`)).items).toHaveLength(2);
    const forged = (c: object) => Buffer.from(JSON.stringify(c)).toString("base64url");
    for (const query of [
      `sort=title&dir=desc&cursor=${cursor}`,
      `sort=score&dir=asc&cursor=${cursor}`,
      `sort=score&dir=desc&cursor=${forged({ s: "score", d: "desc", v: "abc", id: "x" })}`,
      `sort=title&dir=asc&cursor=${forged({ s: "title", d: "asc", v: null, id: "x" })}`,
      `sort=score&dir=desc&cursor=${forged({ v: 1, id: "x" })}`,
    ]) {
      const response = await analyst.get(`/api/v1/findings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: "cursor", message: expect.any(String) });
    }
  });

  it("exports the filtered, sorted set as formula-safe CSV", async () => {
    const response = await analyst.get("/api/v1/findings/export.csv?view=all&sort=title&dir=asc");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain("watchfloor-findings-");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,tenant,assetKey,assetName,assetType,title,priority,score,status,lastSeenAt,assignee,services,remediation,cweId,cweName,department,businessImpact,createdAt,environment,cveIds,kev,epss,dueAt,overdue,closeReason",
    );
    expect(lines).toHaveLength(8);
    const listed = (await list(analyst, "view=all&sort=title&dir=asc&limit=200")).items.map((i) => i.id);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(listed);
    expect(response.body).toContain(`"Chrome heap overflow, ""WebP"""`);
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(response.body).toContain("CVE-2021-44228; CVE-2021-45046");
    const kev = (await analyst.get("/api/v1/findings/export.csv?kev=true")).body.trim().split("\r\n");
    expect(kev).toHaveLength(4);
  });
});

describe("finding workflow", () => {
  it("shows the detail with sources, allowed moves and timeline", async () => {
    const detail = (await analyst.get(`/api/v1/findings/${ids.ssl}`)).json();
    expect(detail.finding).toMatchObject({
      title: "OpenSSL infinite loop",
      port: 443,
      closedAt: null,
      firstSeenAt: new Date(now - days(10)).toISOString(),
    });
    expect(detail.sources.map((s: { scanner: string }) => s.scanner)).toEqual(["nessus", "openvas"]);
    expect(detail.allowedMoves).toEqual(["Triaged", "In Progress", "Closed"]);
    expect(detail.timeline.map((t: { kind: string }) => t.kind)).toEqual(["created"]);
    expect((await analyst.get("/api/v1/findings/no-such-finding")).statusCode).toBe(404);
  });

  it("enforces the status workflow: 409 with the allowed moves, a reason to close, dates from the clock", async () => {
    const id = ids.apache as string;
    const again = await analyst.post(`/api/v1/findings/${id}/status`, { status: "Open" });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0]).toEqual({ path: "status", message: "allowed: Triaged, In Progress, Closed" });
    const noReason = await analyst.post(`/api/v1/findings/${id}/status`, { status: "Closed" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe("closeReason");
    const fixedByHand = await analyst.post(`/api/v1/findings/${id}/status`, { status: "Closed", closeReason: "Fixed" });
    expect(fixedByHand.statusCode).toBe(400);
    app.clock.now += 60_000;
    const triaged = (await analyst.post(`/api/v1/findings/${id}/status`, { status: "Triaged", comment: "Owner agreed" })).json();
    expect(triaged.finding.status).toBe("Triaged");
    expect(triaged.finding.updatedAt).toBe(new Date(app.clock.now).toISOString());
    app.clock.now += 60_000;
    const closed = (
      await analyst.post(`/api/v1/findings/${id}/status`, { status: "Closed", closeReason: "Accepted Risk" })
    ).json();
    expect(closed.finding).toMatchObject({
      status: "Closed",
      closeReason: "Accepted Risk",
      closedAt: new Date(app.clock.now).toISOString(),
      overdue: false,
    });
    expect(closed.allowedMoves).toEqual(["Open"]);
    const wrong = await analyst.post(`/api/v1/findings/${id}/status`, { status: "In Progress" });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().details[0].message).toBe("allowed: Open");
    const reopened = (await analyst.post(`/api/v1/findings/${id}/status`, { status: "Open" })).json();
    expect(reopened.finding).toMatchObject({ status: "Open", closedAt: null, closeReason: null });
    await analyst.post(`/api/v1/findings/${id}/comments`, { comment: "Seen again on the web tier" });
    const timeline = (await analyst.get(`/api/v1/findings/${id}`)).json().timeline;
    expect(timeline.map((t: { kind: string }) => t.kind)).toEqual(["created", "status", "status", "status", "comment"]);
    expect(timeline[1]).toMatchObject({ changes: { status: ["Open", "Triaged"] }, comment: "Owner agreed" });
    expect(timeline[2].changes).toEqual({ status: ["Triaged", "Closed"], closeReason: "Accepted Risk" });
    expect((await analyst.post(`/api/v1/findings/${id}/comments`, { comment: " " })).statusCode).toBe(400);
  });

  it("assigns to a member, notifies them, filters by assignee, and refuses strangers", async () => {
    const colleague = await makeUser(app, [{ tenantId, role: "analyst" }], { displayName: "Ines Duarte" });
    const stranger = await makeUser(app, [{ tenantId: (await makeTenant(app)).id, role: "analyst" }]);
    const assigned = (await analyst.post(`/api/v1/findings/${ids.pg}/assign`, { assigneeUserId: colleague.id })).json();
    expect(assigned.finding).toMatchObject({ assignee: "Ines Duarte", assigneeUserId: colleague.id });
    const note = await app.ctx.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", colleague.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ kind: "assignment", link: `/dashboard/risk/vulnerabilities/findings/${ids.pg}` });
    expect(
      (await analyst.post(`/api/v1/findings/${ids.pg}/assign`, { assigneeUserId: stranger.id })).json().details[0].path,
    ).toBe("assigneeUserId");
    expect(await titles("assignee=Ines%20Duarte")).toEqual(["PostgreSQL trust authentication"]);
    expect((await titles("assignee=unassigned")).length).toBe(6);
    const timeline = (await analyst.get(`/api/v1/findings/${ids.pg}`)).json().timeline;
    expect(timeline.at(-1)).toMatchObject({ kind: "assigned", changes: { assignee: [null, "Ines Duarte"] } });
  });

  it("bulk-changes status and assignment, each finding on its own, all in the timeline", async () => {
    const targets = [ids.chrome, ids.unscored, ids.tls] as string[];
    const bulk = await analyst.post("/api/v1/findings/bulk", {
      ids: targets,
      action: { type: "status", status: "Closed", closeReason: "False Positive", comment: "Scanner noise" },
    });
    expect(bulk.statusCode).toBe(200);
    const body = bulk.json();
    expect(body.updated).toBe(2);
    expect(body.results.find((r: { id: string }) => r.id === ids.tls)).toMatchObject({ ok: false });
    expect(body.results.find((r: { id: string }) => r.id === ids.tls).error).toContain("allowed: Open");
    for (const id of [ids.chrome, ids.unscored]) {
      const detail = (await analyst.get(`/api/v1/findings/${id}`)).json();
      expect(detail.finding).toMatchObject({ status: "Closed", closeReason: "False Positive" });
      expect(detail.timeline.at(-1)).toMatchObject({ kind: "status", comment: "Scanner noise" });
    }
    const assign = (
      await analyst.post("/api/v1/findings/bulk", {
        ids: [ids.chrome, ids.log4j],
        action: { type: "assign", assigneeUserId: analystId },
      })
    ).json();
    expect(assign.updated).toBe(2);
    expect(
      (
        await list(
          analyst,
          `assignee=${encodeURIComponent((await analyst.get(`/api/v1/findings/${ids.log4j}`)).json().finding.assignee)}&limit=200`,
        )
      ).items.length,
    ).toBe(2);
    const unknown = await analyst.post("/api/v1/findings/bulk", {
      ids: [ids.ssl, "not-a-finding"],
      action: { type: "assign", assigneeUserId: null },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain("not-a-finding");
    const reason = await analyst.post("/api/v1/findings/bulk", {
      ids: [ids.ssl],
      action: { type: "status", status: "Closed", closeReason: "Because" },
    });
    expect(reason.statusCode).toBe(400);
  });
});

describe("remediation SLA and overdue notices", () => {
  it("notifies the assignee and tenant admins once per overdue finding, as the clock moves", async () => {
    const admin = await makeUser(app, [{ tenantId, role: "admin" }]);
    // Read straight from the table: moving the clock by days ends the test clients' sessions.
    const overdueNotes = (userId: string) =>
      app.ctx.db
        .selectFrom("notifications")
        .select(["message", "link"])
        .where("user_id", "=", userId)
        .where("kind", "=", "sla_breach")
        .orderBy("created_at")
        .execute();
    const sslId = ids.ssl as string;
    await analyst.post(`/api/v1/findings/${sslId}/assign`, { assigneeUserId: analystId });
    expect(await notifyOverdueFindings(app.ctx)).toBe(1); // OpenSSL: due 3 days ago; Chrome was closed in bulk
    expect(await notifyOverdueFindings(app.ctx)).toBe(0);
    // Assigning oneself sends no assignment notice, but the overdue notice goes to the assignee.
    expect((await overdueNotes(analystId)).map((n) => n.message)).toEqual([expect.stringContaining("OpenSSL infinite loop")]);
    const adminNotes = await overdueNotes(admin.id);
    expect(adminNotes).toHaveLength(1);
    expect(adminNotes[0]?.message).toContain("ASSET-0001");
    expect(adminNotes[0]?.link).toBe(`/dashboard/risk/vulnerabilities/findings/${sslId}`);
    const members = await app.ctx.db
      .selectFrom("memberships")
      .select(["user_id", "role"])
      .where("tenant_id", "=", tenantId)
      .execute();
    for (const m of members)
      expect((await overdueNotes(m.user_id)).length, m.role).toBe(
        ["owner", "admin"].includes(m.role) || m.user_id === analystId ? 1 : 0,
      );
    // Log4Shell (In Progress, assigned to the analyst) is due 7 days after it was first seen 2 days ago.
    app.clock.now = now + days(5) + 1;
    expect(await notifyOverdueFindings(app.ctx)).toBe(1);
    expect((await overdueNotes(analystId)).map((n) => n.message)).toEqual([
      expect.stringContaining("OpenSSL"),
      expect.stringContaining("Log4Shell"),
    ]);
    expect(await notifyOverdueFindings(app.ctx)).toBe(0);
    app.clock.now = now + 5 * 60_000;
  });

  it("lets the owner set days per severity, moves open findings' due dates and re-arms their notice", async () => {
    const defaults = (await analyst.get("/api/v1/remediation-sla")).json();

    expect(defaults.items.filter((i: { tenantId: string }) => i.tenantId === tenantId)).toEqual([
      { tenantId, priority: "Low", days: 180, custom: false },
      { tenantId, priority: "Medium", days: 90, custom: false },
      { tenantId, priority: "High", days: 30, custom: false },
      { tenantId, priority: "Critical", days: 7, custom: false },
    ]);
    expect(
      (await analyst.put("/api/v1/remediation-sla", { tenantId, policies: [{ priority: "Critical", days: 14 }] })).statusCode,
    ).toBe(403);
    const twice = await owner.put("/api/v1/remediation-sla", {
      tenantId,
      policies: [
        { priority: "High", days: 10 },
        { priority: "High", days: 20 },
      ],
    });
    expect(twice.json().details[0].path).toBe("policies.1.priority");
    expect((await owner.put("/api/v1/remediation-sla", { tenantId, policies: [{ priority: "High", days: 0 }] })).statusCode).toBe(
      400,
    );
    const saved = await owner.put("/api/v1/remediation-sla", { tenantId, policies: [{ priority: "Critical", days: 14 }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().recomputed).toBe(2); // OpenSSL and Log4Shell, both open Critical
    expect(saved.json().items.find((i: { priority: string }) => i.priority === "Critical")).toEqual({
      tenantId,
      priority: "Critical",
      days: 14,
      custom: true,
    });
    const ssl = (await analyst.get(`/api/v1/findings/${ids.ssl}`)).json().finding;
    expect(ssl.dueAt).toBe(new Date(now + days(4)).toISOString());
    expect(ssl.overdue).toBe(false);
    expect(await titles("overdue=true")).toEqual([]);
    app.clock.now = now + days(4) + 1;
    expect(await notifyOverdueFindings(app.ctx)).toBe(1); // OpenSSL again: a new due date, a new notice
    app.clock.now = now + 5 * 60_000;
  });
});

describe("tenant isolation", () => {
  it("hides another tenant's findings (404) and refuses viewers' changes (403)", async () => {
    const other = (await makeTenant(app, "Other Findings Tenant")).id;
    const { client: stranger } = await signedInClient(app, [{ tenantId: other, role: "owner" }]);
    expect((await list(stranger, "limit=200")).items).toEqual([]);
    expect((await stranger.get(`/api/v1/findings/${ids.ssl}`)).statusCode).toBe(404);
    const move = await stranger.post(`/api/v1/findings/${ids.ssl}/status`, { status: "Triaged" });
    expect(move.statusCode).toBe(404);
    expect(move.body).not.toContain("OpenSSL");
    expect(
      (await stranger.post("/api/v1/findings/bulk", { ids: [ids.ssl], action: { type: "assign", assigneeUserId: null } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await stranger.put("/api/v1/remediation-sla", { tenantId, policies: [{ priority: "Low", days: 1 }] })).statusCode,
    ).toBe(404);
    expect((await stranger.get("/api/v1/findings/export.csv")).body.trim().split("\r\n")).toHaveLength(1);
    const { client: viewer } = await signedInClient(app, [{ tenantId, role: "viewer" }]);
    expect((await viewer.get(`/api/v1/findings/${ids.ssl}`)).statusCode).toBe(200);
    expect((await viewer.post(`/api/v1/findings/${ids.ssl}/comments`, { comment: "hi" })).statusCode).toBe(403);
  });
});

describe("concurrent changes and who may be assigned", () => {
  let raceTenant: string;
  let racer: TestClient;
  let raceAsset: AssetsTable;
  beforeAll(async () => {
    raceTenant = (await makeTenant(app, "Race Tenant")).id;
    racer = (await signedInClient(app, [{ tenantId: raceTenant, role: "analyst" }])).client;
    raceAsset = await seedAsset(app.ctx.db, raceTenant, { key: "ASSET-0001", name: "race-01", type: "Server" }, now);
  });
  const status = async (id: string) => (await racer.get(`/api/v1/findings/${id}`)).json().finding.status as string;

  /** Someone else moves the finding after the request read it and before it writes (the next transaction). */
  const movedMeanwhile = (id: string, to: string) => {
    const db = app.ctx.db as unknown as { transaction: () => { execute: (fn: unknown) => Promise<unknown> } };
    Object.defineProperty(db, "transaction", {
      configurable: true,
      value: () => {
        delete (db as { transaction?: unknown }).transaction;
        const builder = db.transaction();
        return {
          execute: async (fn: unknown) => {
            await app.ctx.db.updateTable("findings").set({ status: to }).where("id", "=", id).execute();
            return builder.execute(fn);
          },
        };
      },
    });
  };

  it("answers 409 with the moves allowed now when the status changed between the check and the write", async () => {
    const id = (await seedFinding(app.ctx.db, raceAsset, { title: "Raced alone", severity: "High", score: 7 }, now)).id;
    movedMeanwhile(id, "Closed");
    const lost = await racer.post(`/api/v1/findings/${id}/status`, { status: "Triaged" });
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json().details[0]).toEqual({ path: "status", message: "allowed: Open" });
    expect(await status(id)).toBe("Closed");
    expect((await racer.get(`/api/v1/findings/${id}`)).json().timeline.map((t: { kind: string }) => t.kind)).toEqual(["created"]);
  });

  it("does the same for bulk moves, finding by finding", async () => {
    const targets: string[] = [];
    for (const title of ["Raced in bulk 1", "Raced in bulk 2"])
      targets.push((await seedFinding(app.ctx.db, raceAsset, { title, severity: "Medium", score: 5 }, now)).id);
    movedMeanwhile(targets[0] as string, "In Progress");
    const body = (
      await racer.post("/api/v1/findings/bulk", { ids: targets, action: { type: "status", status: "Triaged" } })
    ).json();
    expect(body.updated).toBe(1);
    expect(body.results.find((r: { id: string }) => r.id === targets[0])).toMatchObject({
      ok: false,
      error: expect.stringContaining("allowed: Triaged, Closed"),
    });
    expect([await status(targets[0] as string), await status(targets[1] as string)]).toEqual(["In Progress", "Triaged"]);
  });

  it("assigns only members who may write data: not viewers, not executives", async () => {
    const id = (await seedFinding(app.ctx.db, raceAsset, { title: "Needs an owner", severity: "Low", score: 2 }, now)).id;
    for (const role of ["viewer", "executive"] as const) {
      const member = await makeUser(app, [{ tenantId: raceTenant, role }]);
      const refused = await racer.post(`/api/v1/findings/${id}/assign`, { assigneeUserId: member.id });
      expect(refused.statusCode, role).toBe(400);
      expect(refused.json().details[0].path).toBe("assigneeUserId");
    }
    const analystMember = await makeUser(app, [{ tenantId: raceTenant, role: "analyst" }]);
    expect((await racer.post(`/api/v1/findings/${id}/assign`, { assigneeUserId: analystMember.id })).statusCode).toBe(200);
  });
});
