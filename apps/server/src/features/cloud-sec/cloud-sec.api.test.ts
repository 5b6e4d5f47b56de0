import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CloudSecCheck, CloudSecResource, CloudSecSummary } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { categoriesOf } from "./cloud-sec-categories";

/**
 * The figures below were read from the shared files themselves (docs/cloud-sec.md "Checked
 * figures"): ScoutSuite account 430150006394, 148 rules: 30 flagged (12 "danger", 18 "warning"; iam
 * 12, ec2 6, s3 5, vpc 5, cloudtrail 1, config 1), 45 checked clean, 73 with nothing to check.
 * Prowler OCSF account 123456789012: three IAM roles, each failing one high check. Prowler CSV
 * account <account_uid>: resource <resource_uid> fails accessanalyzer_enabled (low) and a contact
 * check (medium) and has one manual check; <resource_uid>:root has one manual check.
 */
const shared = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/compliance", import.meta.url)));
const SCOUT = "430150006394";
const OCSF = "123456789012";
const DAY = 86_400_000;

let app: TestApp;
let tenantId: string;
let otherId: string;
let admin: TestClient;
let other: TestClient;
let both: TestClient;
let withoutModule: TestClient;
let bareId: string;

const upload = async (client: TestClient, file: string, tenant: string) => {
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
const summary = (client: TestClient) => get<CloudSecSummary>(client, "/api/v1/cloud-sec/summary");
const resources = (client: TestClient, query = "") =>
  get<{ items: CloudSecResource[]; total: number }>(client, `/api/v1/cloud-sec/resources?${query}`);
const checks = (client: TestClient, query: string) =>
  get<{ items: CloudSecCheck[]; total: number }>(client, `/api/v1/cloud-sec/checks?tenantId=${tenantId}&${query}`);

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Cloud Co", ["compliance", "cloud-sec"])).id;
  otherId = (await makeTenant(app, "Cloud Other", ["compliance", "cloud-sec"])).id;
  bareId = (await makeTenant(app, "Cloud Bare", ["compliance"])).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherId, role: "admin" }])).client;
  both = (
    await signedInClient(app, [
      { tenantId, role: "analyst" },
      { tenantId: bareId, role: "owner" },
    ])
  ).client;
  withoutModule = (await signedInClient(app, [{ tenantId: bareId, role: "owner" }])).client;
  await upload(admin, "scoutsuite/scoutsuite_aws_results.js", tenantId);
  await upload(admin, "prowler/prowler_aws_many_vuln.ocsf.json", tenantId);
  await upload(admin, "prowler/prowler_example_output_aws.csv", tenantId);
  // A Kubernetes cluster is not a cloud account: none of its results belong here.
  await upload(admin, "prowler/prowler_example_output_kubernetes.csv", tenantId);
  await upload(other, "prowler/prowler_v3_aws_one_vuln.json", otherId);
  await upload(withoutModule, "prowler/prowler_aws_many_vuln.ocsf.json", bareId);
});
afterAll(() => app.close());

describe("cloud sec summary", () => {
  it("counts accounts, resources and failing checks of the latest cloud scans", async () => {
    const s = await summary(admin);
    expect(s.totals).toEqual({ accounts: 3, resources: 6, resourcesFailing: 5, failing: 35, passing: 45, excepted: 0 });
    expect(s.failingBySeverity).toEqual({ critical: 0, high: 15, medium: 19, low: 1, info: 0, unknown: 0 });
    expect(s.accounts.map((a) => [a.accountId, a.tools, a.resources, a.resourcesFailing, a.failing])).toEqual([
      [SCOUT, ["ScoutSuite"], 1, 1, 30],
      [OCSF, ["Prowler"], 3, 3, 3],
      ["<account_uid>", ["Prowler"], 2, 1, 2],
    ]);
    expect(s.accounts[0]).toMatchObject({ accountName: "Amazon Web Services", lastScannedAt: "2021-10-01T18:47:09.000Z" });
    const failing = Object.fromEntries(s.services.filter((x) => x.failing > 0).map((x) => [x.service, x.failing]));
    expect(failing).toEqual({ iam: 15, ec2: 6, s3: 5, vpc: 5, cloudtrail: 1, config: 1, accessanalyzer: 1, account: 1 });
    expect(s.services[0]).toEqual({ service: "iam", failing: 15, passing: 17, resources: 4, resourcesFailing: 4 });
    expect(s.regions).toEqual(["<region>", "us-east-1"]);
  });

  it("derives the three categories from failing checks only, as the rule module says", async () => {
    const s = await summary(admin);
    expect(s.categories).toEqual([
      // The default network ACL and a subnet let all ingress in.
      { category: "public", failing: 2, resources: 1, checks: 2 },
      // ScoutSuite's 12 IAM failures and S3's MFA Delete, the three roles, IAM Access Analyzer.
      { category: "identity", failing: 17, resources: 5, checks: 17 },
      // No CloudTrail, no AWS Config, S3 access logging, a subnet without flow logs.
      { category: "logging", failing: 4, resources: 1, checks: 4 },
    ]);
    // The SQL and the pure rule agree: recount from every resource's checks with categoriesOf.
    const all = (await resources(admin, "limit=200")).items;
    const counted = { public: 0, identity: 0, logging: 0 };
    for (const r of all) {
      const resource = r.resourceId ? `&resourceId=${encodeURIComponent(r.resourceId)}` : "";
      const list = await checks(admin, `account=${encodeURIComponent(r.accountId)}${resource}`);
      for (const c of list.items) {
        expect(c.categories).toEqual(categoriesOf(c));
        if ((c.result === "fail" || c.result === "error") && !c.excepted) for (const k of c.categories) counted[k]++;
      }
    }
    expect(counted).toEqual({ public: 2, identity: 17, logging: 4 });
  });
});

describe("cloud sec resources", () => {
  it("lists resources most severe first, the account's own results as one row", async () => {
    const list = await resources(admin);
    expect(list.total).toBe(6);
    const scout = list.items[0] as CloudSecResource;
    expect(scout).toMatchObject({ accountId: SCOUT, resourceId: null, service: null, services: 18, failing: 30, passing: 45 });
    expect(scout.worstSeverity).toBe("high");
    expect(scout.gaps).toEqual(["public", "identity", "logging"]);
    const role = list.items.find((r) => r.resourceId?.endsWith("role/AuditRole"));
    expect(role).toMatchObject({
      accountId: OCSF,
      resourceType: "AwsIamRole",
      service: "iam",
      region: "us-east-1",
      failing: 1,
      worstSeverity: "high",
      gaps: ["identity"],
    });
    const clean = list.items.find((r) => r.resourceId === "<resource_uid>:root");
    expect(clean).toMatchObject({ failing: 0, passing: 0, worstSeverity: null, gaps: [] });
    expect(list.items.at(-1)).toEqual(clean);
    expect(list.items.some((r) => r.resourceType?.startsWith("Kubernetes"))).toBe(false);
  });

  it("filters by category, service, region, account and text, sorts and pages", async () => {
    const publicOnes = await resources(admin, "category=public");
    expect(publicOnes.items.map((r) => [r.resourceId, r.failing])).toEqual([[null, 2]]);
    const identity = await resources(admin, "category=identity&sort=failing");
    expect(identity.items.map((r) => r.failing)).toEqual([13, 1, 1, 1, 1]);
    expect((await resources(admin, "service=iam&failing=true")).total).toBe(4);
    expect((await resources(admin, "region=us-east-1")).total).toBe(3);
    expect((await resources(admin, `account=${OCSF}`)).items.every((r) => r.accountId === OCSF)).toBe(true);
    expect((await resources(admin, "q=auditrole")).items.map((r) => r.resourceId)).toEqual([
      "arn:aws:iam::123456789012:role/AuditRole",
    ]);
    expect((await resources(admin, "failing=true")).total).toBe(5);
    const byResource = (await resources(admin, "sort=resource")).items.map((r) => r.resourceId ?? "");
    expect(byResource).toEqual([...byResource].sort());
    const all = (await resources(admin, "limit=200")).items;
    expect(await resources(admin, "limit=2&offset=2")).toEqual({ items: all.slice(2, 4), total: 6 });
    // Past the last page: no rows, and still the total.
    expect(await resources(admin, "offset=10")).toEqual({ items: [], total: 6 });
    const bad = await admin.get("/api/v1/cloud-sec/resources?category=everything");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("category");
  });

  it("opens one resource's checks, failing first, with the row's filters", async () => {
    const account = await checks(admin, `account=${SCOUT}`);
    expect(account.total).toBe(148);
    expect(account.items.slice(0, 30).every((c) => c.result === "fail")).toBe(true);
    expect(account.items[30]?.result).not.toBe("fail");
    const logging = await checks(admin, `account=${SCOUT}&category=logging`);
    expect(
      logging.items
        .filter((c) => c.result === "fail")
        .map((c) => c.controlId)
        .sort(),
    ).toEqual([
      "cloudtrail-not-configured",
      "config-recorder-not-configured",
      "s3-bucket-no-logging",
      "vpc-subnet-without-flow-log",
    ]);
    // The row and its checks count the same results under the same filters.
    const row = (await resources(admin, "q=iam")).items.find((r) => r.accountId === SCOUT) as CloudSecResource;
    const rowChecks = (await checks(admin, `account=${SCOUT}&q=iam`)).items;
    expect(row.failing).toBe(12);
    expect(rowChecks.filter((c) => c.result === "fail").length).toBe(row.failing);
    expect(rowChecks.filter((c) => c.result === "pass").length).toBe(row.passing);
    const arn = encodeURIComponent("arn:aws:iam::123456789012:role/AuditRole");
    const role = await checks(admin, `account=${OCSF}&resourceId=${arn}`);
    expect(role.items.map((c) => [c.controlId, c.result, c.severity, c.categories])).toEqual([
      ["iam_role_cross_account_readonlyaccess_policy", "fail", "high", ["identity"]],
    ]);
    expect((await admin.get(`/api/v1/cloud-sec/checks?tenantId=${tenantId}&account=${OCSF}&resourceId=nope`)).statusCode).toBe(
      404,
    );
    expect((await admin.get(`/api/v1/cloud-sec/checks?account=${OCSF}`)).statusCode).toBe(400);
  });
});

describe("cloud sec scope", () => {
  it("never shows another tenant's accounts or resources", async () => {
    const mine = await resources(admin, "limit=200");
    expect(JSON.stringify(mine)).not.toContain("999999999999");
    expect(JSON.stringify(await summary(admin))).not.toContain("999999999999");
    const theirs = await summary(other);
    expect(theirs.accounts.map((a) => a.accountId)).toEqual(["999999999999"]);
    expect(theirs.totals).toMatchObject({ accounts: 1, resources: 1, failing: 1 });
    expect(JSON.stringify(await resources(other, "limit=200"))).not.toContain(SCOUT);
    const named = await admin.get(`/api/v1/cloud-sec/resources?tenantId=${otherId}`);
    expect(named.statusCode).toBe(404);
    const probe = await other.get(`/api/v1/cloud-sec/checks?tenantId=${tenantId}&account=${SCOUT}`);
    expect(probe.statusCode).toBe(404);
    expect(probe.body).not.toContain("cloudtrail");
  });

  it("keeps tenants without the Cloud Sec module out (403 when one is named or none has it)", async () => {
    // Member of Cloud Co and of a tenant without the module: only Cloud Co's accounts.
    expect((await summary(both)).accounts.map((a) => a.accountId).sort()).toEqual(["<account_uid>", OCSF, SCOUT].sort());
    const selected = await both.request({ method: "GET", url: "/api/v1/cloud-sec/summary", headers: { "x-tenant-id": bareId } });
    expect(selected.statusCode).toBe(403);
    expect(selected.json().code).toBe("MODULE_NOT_ENABLED");
    const none = await withoutModule.get("/api/v1/cloud-sec/resources");
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe("MODULE_NOT_ENABLED");
  });
});

describe("cloud sec and compliance exceptions", () => {
  it("counts an accepted failing check apart, not as a gap", async () => {
    const accepted = await admin.post("/api/v1/compliance/exceptions", {
      tenantId,
      tool: "ScoutSuite",
      controlId: "cloudtrail-not-configured",
      targetKind: "cloud-account",
      targetId: SCOUT,
      reason: "Trails are collected by the organisation's own account",
      expiresAt: new Date(app.clock.now + 10 * DAY).toISOString(),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const s = await summary(admin);
    expect(s.totals).toMatchObject({ failing: 34, excepted: 1 });
    expect(s.categories.find((c) => c.category === "logging")).toEqual({
      category: "logging",
      failing: 3,
      resources: 1,
      checks: 3,
    });
    const row = (await checks(admin, `account=${SCOUT}&category=logging`)).items.find(
      (c) => c.controlId === "cloudtrail-not-configured",
    );
    expect(row).toMatchObject({ result: "fail", excepted: true });
  });
});
