import {
  type CloudSecAccount,
  type CloudSecCheck,
  type CloudSecChecksQuery,
  type CloudSecResource,
  type CloudSecResourcesQuery,
  type CloudSecSummary,
  type ComplianceResult,
  type ComplianceSeverity,
  cloudSecCategories,
  complianceSeverities,
  complianceSeverityOf,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { categoriesOf } from "./cloud-sec-categories";
import * as repo from "./cloud-sec.repository";

/** At most this many checks of one resource in one answer (ScoutSuite's account rows have ~150). */
const CHECKS_LIMIT = 500;

// severityRank's order (compliance-results.repository.ts): 5 critical ... 1 info, 0 unknown.
const byRank: ComplianceSeverity[] = ["unknown", "info", "low", "medium", "high", "critical"];
const severityOf = complianceSeverityOf;

export async function listResources(ctx: AppContext, scope: TenantScope, query: CloudSecResourcesQuery) {
  if (query.tenantId) assertTenantInScope(scope, query.tenantId);
  const { rows, total } = await repo.listResources(ctx.db, scope.tenantIds, query, ctx.now());
  const items: CloudSecResource[] = rows.map((r) => {
    const worst = Number(r.worst);
    return {
      tenantId: r.tenant_id,
      accountId: r.account_id,
      accountName: r.account_name,
      resourceId: r.resource_id,
      resourceType: r.resource_type,
      service: r.service,
      services: Number(r.services),
      region: r.region,
      regions: Number(r.regions),
      failing: Number(r.failing ?? 0),
      passing: Number(r.passing ?? 0),
      excepted: Number(r.excepted ?? 0),
      worstSeverity: worst >= 0 ? (byRank[worst] ?? "unknown") : null,
      gaps: cloudSecCategories.filter((c) => Number(r[`gap_${c}`]) > 0),
    };
  });
  return { items, total };
}

/** The page's figures over every cloud result in scope (the tenant picker narrows it). */
export async function summary(ctx: AppContext, scope: TenantScope): Promise<CloudSecSummary> {
  const [data, scans] = await Promise.all([
    repo.summary(ctx.db, scope.tenantIds, {}, ctx.now()),
    repo.latestCloudScans(ctx.db, scope.tenantIds),
  ]);
  // Accounts come from the scans, so an account whose scans hold no result still shows.
  const accounts = new Map<string, CloudSecAccount & { at: number }>();
  const keyOf = (tenantId: string, accountId: string) => JSON.stringify([tenantId, accountId]);
  for (const s of scans) {
    const key = keyOf(s.tenant_id, s.target_id);
    const a = accounts.get(key) ?? {
      tenantId: s.tenant_id,
      accountId: s.target_id,
      accountName: null,
      tools: [],
      lastScannedAt: "",
      resources: 0,
      resourcesFailing: 0,
      failing: 0,
      at: 0,
    };
    a.accountName ??= s.target_name;
    if (!a.tools.includes(s.tool)) a.tools.push(s.tool);
    a.at = Math.max(a.at, Number(s.scanned_at));
    accounts.set(key, a);
  }
  // Resources belong to one account, so the per-account counts add up to the totals.
  const totals = { resources: 0, resourcesFailing: 0, failing: 0, passing: 0, excepted: 0 };
  const failingBySeverity = Object.fromEntries(complianceSeverities.map((s) => [s, 0])) as Record<ComplianceSeverity, number>;
  const categories = cloudSecCategories.map((category) => ({ category, failing: 0, resources: 0, checks: 0 }));
  for (const r of data.accounts) {
    const n = (key: string) => Number(r[key] ?? 0);
    const row = { resources: n("resources"), resourcesFailing: n("resources_failing"), failing: n("failing") };
    const a = accounts.get(keyOf(r.tenant_id, r.account_id));
    if (a) Object.assign(a, row);
    totals.resources += row.resources;
    totals.resourcesFailing += row.resourcesFailing;
    totals.failing += row.failing;
    totals.passing += n("passing");
    totals.excepted += n("excepted");
    for (const v of complianceSeverities) failingBySeverity[v] += n(`severity_${v}`);
    for (const c of categories) {
      c.failing += n(`${c.category}_failing`);
      c.resources += n(`${c.category}_resources`);
    }
  }
  for (const check of data.failingChecks) for (const c of categories) if (Number(check[`in_${c.category}`]) === 1) c.checks++;
  return {
    totals: { accounts: accounts.size, ...totals },
    failingBySeverity,
    accounts: [...accounts.values()]
      .sort((a, b) => b.failing - a.failing || a.accountId.localeCompare(b.accountId) || a.tenantId.localeCompare(b.tenantId))
      .map(({ at, ...a }) => ({ ...a, lastScannedAt: iso(at) })),
    services: data.services
      .map((s) => ({
        service: s.service,
        failing: Number(s.failing ?? 0),
        passing: Number(s.passing ?? 0),
        resources: Number(s.resources),
        resourcesFailing: Number(s.resources_failing),
      }))
      .sort((a, b) => b.failing - a.failing || (a.service ?? "").localeCompare(b.service ?? "")),
    regions: data.regions.map((r) => r.region).filter((r): r is string => r !== null),
    categories,
  };
}

/** One resource's checks; 404 when the account or resource is not in scope. */
export async function listChecks(ctx: AppContext, scope: TenantScope, query: CloudSecChecksQuery) {
  assertTenantInScope(scope, query.tenantId);
  const filters = { ...query, resource: query.resourceId ?? null };
  const { rows, total } = await repo.listChecks(ctx.db, scope.tenantIds, filters, ctx.now(), CHECKS_LIMIT);
  if (total === 0) throw notFound("Cloud resource");
  const items: CloudSecCheck[] = rows.map((r) => ({
    id: r.id,
    tool: r.tool,
    controlId: r.control_id,
    title: r.title,
    severity: severityOf(r.severity),
    result: r.result as ComplianceResult,
    excepted: Number(r.excepted) === 1,
    service: r.service,
    region: r.region,
    resourceType: r.resource_type,
    evidence: r.evidence,
    categories: categoriesOf({ service: r.service, controlId: r.control_id, title: r.title }),
    scannedAt: iso(Number(r.scanned_at)),
  }));
  return { items, total };
}
