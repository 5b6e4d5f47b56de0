import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  findingRisk,
  type Priority,
  type VmCampaign,
  type VmCampaignDetail,
  type VmFixGroup,
  type VmOverview,
  type VmTicket,
} from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, PASSWORD, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, TestClient } from "../../test/test-server";
import { moveFindingsInTransaction } from "../findings/findings.service";
import { expireAcceptances } from "./vm-acceptances.service";

/**
 * The shared Trivy report (teamdojo:latest) has five vulnerabilities, each with its own fixed
 * version; it is imported as three images, so each fix group holds one finding on each of three
 * assets. A later scan of one image without the freetype vulnerability closes that one as Fixed.
 */
const trivy = path.resolve(
  fileURLToPath(new URL("../../../../../../shared/data/vulnscans/trivy/scheme_2_many_vulns.json", import.meta.url)),
);
const report = JSON.parse(readFileSync(trivy, "utf8")) as {
  ArtifactName: string;
  Results: { Vulnerabilities?: { PkgName: string; FixedVersion?: string }[] }[];
};
const FREETYPE = "Upgrade freetype to 2.9.1-r3";
const DAY = 86_400_000;
const images = ["shop/web:1", "shop/web:2", "shop/api:1"];

let app: TestApp;
let tenantId: string;
let otherId: string;
let bareId: string;
let admin: TestClient;
let adminUserId: string;
let viewer: TestClient;
let other: TestClient;
let bare: TestClient;
let t0: number;

const scan = (artifact: string, drop: string[] = []) =>
  JSON.stringify({
    ...report,
    ArtifactName: artifact,
    Results: report.Results.map((r) => ({
      ...r,
      Vulnerabilities: r.Vulnerabilities?.filter((v) => !drop.includes(v.PkgName)),
    })),
  });
const upload = async (client: TestClient, tenant: string, body: string) => {
  const response = await client.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenant}`,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { created: number; fixed: number };
};
const get = async <T>(client: TestClient, url: string): Promise<T> => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
// Sessions expire idle when the test clock moves on: sign in afresh after moving it.
const signIn = async (tenant: string, role: "admin" | "viewer" | "owner") =>
  (await signedInClient(app, [{ tenantId: tenant, role }])).client;
const overview = (client: TestClient, q = "") => get<VmOverview>(client, `/api/v1/vm/overview${q}`);
const groups = (client: TestClient, q = "") => get<{ items: VmFixGroup[]; total: number }>(client, `/api/v1/vm/fix-groups${q}`);
const listCount = async (client: TestClient, query: Record<string, string>) => {
  const params = new URLSearchParams({ limit: "200", ...query });
  return (await get<{ items: unknown[] }>(client, `/api/v1/findings?${params}`)).items.length;
};

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "VM Co", ["vm"])).id;
  otherId = (await makeTenant(app, "VM Other", ["vm"])).id;
  bareId = (await makeTenant(app, "VM Bare", [])).id;
  const signed = await signedInClient(app, [{ tenantId, role: "admin" }]);
  admin = signed.client;
  adminUserId = signed.user.id;
  viewer = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherId, role: "admin" }])).client;
  bare = (await signedInClient(app, [{ tenantId: bareId, role: "owner" }])).client;
  t0 = app.clock.now;
  for (const image of images) await upload(admin, tenantId, scan(image));
  await upload(other, otherId, scan("other/app:1"));
  await upload(bare, bareId, scan("bare/app:1"));
});
afterAll(() => app.close());

describe("vm overview", () => {
  it("counts open findings by severity and age, backlog and coverage, per tenant", async () => {
    const o = await overview(admin);
    expect(o.totals).toMatchObject({ open: 15, accepted: 0, assets: 3, assetsNotScanned: 0 });
    expect(o.severities.reduce((s, r) => s + r.open, 0)).toBe(15);
    for (const row of o.severities) expect(row.ages).toEqual([row.open, 0, 0, 0]);
    expect(o.tenants.map((t) => [t.tenantName, t.open, t.assets])).toEqual([["VM Co", 15, 3]]);
    // Each figure is the list's count under the same filter.
    for (const row of o.severities) {
      expect(await listCount(admin, { view: "open", priority: row.severity, ageMax: "30" })).toBe(row.open);
    }
    expect(await listCount(admin, { view: "open", kev: "true" })).toBe(o.totals.kev);
    expect(await listCount(admin, { view: "open", epssAbove: "0.1" })).toBe(o.totals.highEpss);
  });

  it("moves findings into older age buckets and assets out of coverage as time passes", async () => {
    app.clock.now = t0 + 40 * DAY;
    // A session of its own: the others would have expired idle at this clock.
    const later = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    const o = await overview(later);
    for (const row of o.severities) expect(row.ages).toEqual([0, row.open, 0, 0]);
    expect(o.totals.assetsNotScanned).toBe(3);
    expect(await listCount(later, { view: "open", ageMin: "31", ageMax: "90" })).toBe(15);
    expect(await listCount(later, { view: "open", ageMax: "30" })).toBe(0);
    app.clock.now = t0;
  });

  it("refuses a tenant without the module and keeps tenants apart", async () => {
    const refused = await bare.get(`/api/v1/vm/overview?tenantId=${bareId}`);
    expect(refused.statusCode).toBe(403);
    expect((await overview(other)).tenants.map((t) => t.tenantName)).toEqual(["VM Other"]);
    expect((await admin.get(`/api/v1/vm/overview?tenantId=${otherId}`)).statusCode).toBe(404);
  });
});

describe("vm fix groups", () => {
  it("groups open findings by the scanner's fix, ranked by the risk the fix removes", async () => {
    const list = await groups(admin);
    const fixes = new Set(
      report.Results.flatMap((r) => r.Vulnerabilities ?? []).map((v) => `Upgrade ${v.PkgName} to ${v.FixedVersion}`),
    );
    expect(new Set(list.items.map((g) => g.fix))).toEqual(fixes);
    expect(list.total).toBe(fixes.size);
    for (const g of list.items) expect([g.findings, g.assets, g.tenants]).toEqual([3, 3, 1]);
    const risks = list.items.map((g) => g.riskRemoved);
    expect([...risks].sort((a, b) => b - a)).toEqual(risks);
    // The risk removed is the risk model's finding risks summed, as the list's rows give them.
    const rows = await app.ctx.db
      .selectFrom("findings")
      .select(["cvss_score", "severity", "kev", "epss"])
      .where("tenant_id", "=", tenantId)
      .where("remediation", "=", FREETYPE)
      .execute();
    const expected = rows.reduce(
      (s, r) =>
        s + findingRisk({ cvssScore: r.cvss_score, severity: r.severity as Priority, kev: r.kev === 1, epss: r.epss }).risk,
      0,
    );
    expect(list.items.find((g) => g.fix === FREETYPE)?.riskRemoved).toBeCloseTo(expected, 1);
    expect(await listCount(admin, { view: "open", fix: FREETYPE })).toBe(3);
    expect((await groups(admin, "?q=FREETYPE")).items.map((g) => g.fix)).toEqual([FREETYPE]);
  });
});

describe("vm campaigns", () => {
  let campaign: VmCampaignDetail;

  it("starts a campaign from a fix group and counts only later scans as progress", async () => {
    const created = await admin.post("/api/v1/vm/campaigns", {
      tenantId,
      name: "Freetype",
      ownerUserId: adminUserId,
      dueDate: "2026-12-31",
      fix: FREETYPE,
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json() as VmCampaignDetail;
    expect(campaign).toMatchObject({ total: 3, fixed: 0, open: 3, closedOtherwise: 0, fix: FREETYPE, dueDate: "2026-12-31" });
    expect(campaign.burndown).toEqual([{ date: "2026-11-21", open: 3 }]);

    app.clock.now = t0 + DAY;
    admin = await signIn(tenantId, "admin");
    expect(await upload(admin, tenantId, scan(images[0] ?? "", ["freetype"]))).toMatchObject({ fixed: 1 });
    // Closing one by hand is not progress.
    const [byHand] = (
      await get<{ items: { id: string; assetKey: string }[] }>(
        admin,
        `/api/v1/findings?view=open&fix=${encodeURIComponent(FREETYPE)}`,
      )
    ).items;
    const closed = await admin.post(`/api/v1/findings/${byHand?.id}/status`, { status: "Closed", closeReason: "Accepted Risk" });
    expect(closed.statusCode, closed.body).toBe(200);
    app.clock.now = t0 + 2 * DAY;
    admin = await signIn(tenantId, "admin");
    other = await signIn(otherId, "admin");
    viewer = await signIn(tenantId, "viewer");
    bare = await signIn(bareId, "owner");
    const now = await get<VmCampaignDetail>(admin, `/api/v1/vm/campaigns/${campaign.id}`);
    expect(now).toMatchObject({ total: 3, fixed: 1, closedOtherwise: 1, open: 1, ownerUserId: adminUserId });
    expect(now.burndown).toEqual([
      { date: "2026-11-21", open: 3 },
      { date: "2026-11-22", open: 2 },
      { date: "2026-11-23", open: 2 },
    ]);
    expect((await overview(admin)).totals.accepted).toBe(1);
    const listed = await get<{ items: VmCampaign[] }>(admin, "/api/v1/vm/campaigns");
    expect(listed.items.map((c) => c.id)).toEqual([campaign.id]);
    expect((await get<{ items: VmCampaign[] }>(other, "/api/v1/vm/campaigns")).items).toEqual([]);
    expect((await other.get(`/api/v1/vm/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });

  it("exports tickets: a webhook payload and Jira's CSV, each linking back", async () => {
    const t = await get<VmTicket>(admin, `/api/v1/vm/campaigns/${campaign.id}/ticket`);
    expect(t.summary).toBe("Freetype (3 findings)");
    expect(t.link).toMatch(new RegExp(`/vm\\?campaign=${campaign.id}$`));
    expect(t.findings).toHaveLength(3);
    expect(t.findings[0]?.link).toMatch(/\/dashboard\/risk\/vulnerabilities\/findings\//);
    const csv = await admin.get("/api/v1/vm/campaigns/export.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Summary,Issue Type,Priority,Due date,Labels,Labels,Description,External link");
    expect(lines.slice(1).join("\n")).toContain(`Freetype (3 findings),Task,`);
    expect(csv.body).toContain(t.link);
  });

  it("refuses bad campaigns with the field and reason", async () => {
    const post = (body: Record<string, unknown>, client = admin) =>
      client.post("/api/v1/vm/campaigns", { tenantId, name: "x", dueDate: "2026-12-31", ...body });
    const both = await post({});
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain("fix");
    const none = await post({ fix: "Upgrade nothing to 0" });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0]).toMatchObject({ path: "fix" });
    const otherFinding = await app.ctx.db
      .selectFrom("findings")
      .select("id")
      .where("tenant_id", "=", otherId)
      .executeTakeFirstOrThrow();
    expect((await post({ findingIds: [otherFinding.id] })).statusCode).toBe(404);
    const owner = await post({ fix: FREETYPE, ownerUserId: "not-a-member" });
    expect(owner.statusCode).toBe(400);
    expect((await post({ fix: FREETYPE, dueDate: "31/12/2026" })).statusCode).toBe(400);
    expect((await post({ fix: FREETYPE }, viewer)).statusCode).toBe(403);
    const bareRefused = await bare.post("/api/v1/vm/campaigns", {
      tenantId: bareId,
      name: "x",
      dueDate: "2026-12-31",
      fix: FREETYPE,
    });
    expect(bareRefused.statusCode).toBe(403);
  });
});

describe("vm risk acceptance", () => {
  const KRB5 = "Upgrade krb5-libs to 1.15.5-r1";

  it("accepts a fix group: its findings count apart, and come back on expiry with a notification", async () => {
    const { client: owner, user: ownerUser } = await signedInClient(app, [{ tenantId, role: "owner" }]);
    const before = await overview(owner);
    const expiresAt = new Date(app.clock.now + 10 * DAY).toISOString();
    const accepted = await owner.post("/api/v1/vm/acceptances", {
      tenantId,
      fix: KRB5,
      reason: "Isolated build hosts",
      expiresAt,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ fix: KRB5, findings: 3, state: "active", reason: "Isolated build hosts" });
    const after = await overview(owner);
    expect(after.totals.open).toBe(before.totals.open - 3);
    expect(after.totals.accepted).toBe(before.totals.accepted + 3);
    expect((await groups(owner)).items.some((g) => g.fix === KRB5)).toBe(false);
    expect(await listCount(owner, { view: "closed", fix: KRB5 })).toBe(3);
    const list = await get<{ items: { id: string; state: string }[] }>(owner, "/api/v1/vm/acceptances");
    expect(list.items.map((a) => a.state)).toEqual(["active"]);

    // Nothing happens before the expiry; after it, the findings reopen and the owner is told once.
    expect(await expireAcceptances(app.ctx)).toBe(0);
    app.clock.now += 11 * DAY;
    expect(await expireAcceptances(app.ctx)).toBe(1);
    expect(await expireAcceptances(app.ctx)).toBe(0);
    // The same owner, signed in again (the old session expired idle at this clock).
    const later = new TestClient(app);
    expect((await later.signIn(ownerUser.email, PASSWORD)).statusCode).toBe(200);
    expect(await listCount(later, { view: "open", fix: KRB5 })).toBe(3);
    const notes = await get<{ items: { kind: string; message: string; link: string }[] }>(later, "/api/v1/notifications");
    const note = notes.items.find((n) => n.kind === "vm_acceptance_expired");
    expect(note?.message).toContain("3 findings");
    expect(note?.link).toBe(`/dashboard/risk/vulnerabilities?${new URLSearchParams({ view: "open", fix: KRB5 })}`);
    expect((await get<{ items: { state: string }[] }>(later, "/api/v1/vm/acceptances")).items.map((a) => a.state)).toEqual([
      "expired",
    ]);
  });

  it("refuses an expiry in the past or over a year away, analysts, and other tenants' findings", async () => {
    const owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
    const analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    const body = (extra: Record<string, unknown>) => ({ tenantId, fix: KRB5, reason: "Because", ...extra });
    const past = await owner.post("/api/v1/vm/acceptances", body({ expiresAt: new Date(app.clock.now - DAY).toISOString() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0]).toMatchObject({ path: "expiresAt" });
    const far = await owner.post(
      "/api/v1/vm/acceptances",
      body({ expiresAt: new Date(app.clock.now + 400 * DAY).toISOString() }),
    );
    expect(far.statusCode).toBe(400);
    const soon = new Date(app.clock.now + DAY).toISOString();
    expect((await analyst.post("/api/v1/vm/acceptances", body({ expiresAt: soon }))).statusCode).toBe(403);
    const otherFinding = await app.ctx.db
      .selectFrom("findings")
      .select("id")
      .where("tenant_id", "=", otherId)
      .executeTakeFirstOrThrow();
    const stranger = await owner.post("/api/v1/vm/acceptances", {
      tenantId,
      findingIds: [otherFinding.id],
      reason: "Because",
      expiresAt: soon,
    });
    expect(stranger.statusCode).toBe(404);
  });
  it("closes an acceptance's findings in its transaction: one moved meanwhile refuses all of them", async () => {
    const open = await app.ctx.db
      .selectFrom("findings")
      .select(["id", "status"])
      .where("tenant_id", "=", tenantId)
      .where("status", "=", "Open")
      .limit(2)
      .execute();
    expect(open).toHaveLength(2);
    const ids = open.map((f) => f.id);
    // Someone else closes the second finding after the acceptance read both as open.
    await app.ctx.db
      .updateTable("findings")
      .set({ status: "Closed", close_reason: "Fixed" })
      .where("id", "=", ids[1] as string)
      .execute();
    const doer = { userId: null, name: "Test" };
    const close = { status: "Closed", closeReason: "Accepted Risk", comment: "accepted" } as const;
    const tried = app.ctx.db
      .transaction()
      .execute((trx) => moveFindingsInTransaction(trx, app.clock.now, doer, tenantId, ids, close));
    await expect(tried).rejects.toMatchObject({ statusCode: 409 });
    const first = await app.ctx.db
      .selectFrom("findings")
      .select("status")
      .where("id", "=", ids[0] as string)
      .executeTakeFirstOrThrow();
    expect(first.status).toBe("Open");
    await app.ctx.db
      .updateTable("findings")
      .set({ status: "Open", close_reason: null })
      .where("id", "=", ids[1] as string)
      .execute();
  });
});
