import {
  canonicalTimeZone,
  type ReportKind,
  reportKindLabels,
  type ReportMeta,
  type ReportQuery,
  type ResolvedPeriod,
  resolvePeriod,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { forbidden, invalid } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { tenantNames } from "../dashboard/dashboard.repository";
import { type Brand, reportBrand } from "../settings/branding.service";

/** What every report is computed for: its tenants, its period and who asked, resolved once. */
export interface ReportInput {
  tenantIds: string[];
  tenants: { id: string; name: string }[];
  allTenants: boolean;
  subject: string;
  period: ResolvedPeriod;
  timeZone: string;
  /** The parameters as a normalised query string (a default month or quarter written out). */
  query: string;
  generatedAt: number;
  generatedBy: string;
  /** The provider's name and logo for the PDF cover (Administration → Branding). */
  brand: Brand;
}

/** "Tenant A", "Tenant A and Tenant B", "All 5 tenants". */
export function subjectOf(tenants: { name: string }[], all: boolean): string {
  if (all && tenants.length > 1) return `All ${tenants.length} tenants`;
  if (tenants.length <= 2) return tenants.map((t) => t.name).join(" and ");
  return `${tenants
    .slice(0, -1)
    .map((t) => t.name)
    .join(", ")} and ${tenants.at(-1)?.name}`;
}

/**
 * The tenants a report covers: the ones named (each must be in the caller's scope for the
 * report's permission: 404 for a tenant they do not belong to, 403 for one their role may not
 * read), or every tenant in scope.
 */
export async function reportTenants(ctx: AppContext, scope: TenantScope, named: readonly string[] | undefined) {
  const unique = [...new Set(named ?? [])];
  for (const id of unique) assertTenantInScope(scope, id);
  const ids = unique.length ? unique : [...scope.tenantIds];
  if (ids.length === 0) throw forbidden("You belong to no tenant this report may cover.");
  const names = await tenantNames(ctx.db, ids);
  const tenants = ids
    .map((id) => ({ id, name: names.get(id) ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { tenantIds: tenants.map((t) => t.id), tenants, allTenants: unique.length === 0 };
}

/** The report's time zone, canonical; a 400 naming `tz` when it is not one. */
export function reportTimeZone(tz: string): string {
  const zone = canonicalTimeZone(tz);
  if (!zone) throw invalid("tz", "is not a known time zone (use an IANA name such as Europe/Berlin)");
  return zone;
}

export async function reportInput(
  ctx: AppContext,
  scope: TenantScope,
  query: ReportQuery,
  generatedBy: string,
  /** The instant the period is resolved against (a scheduled run's due time); now by default. */
  at: number = ctx.now(),
): Promise<ReportInput> {
  const now = ctx.now();
  const resolved = resolvePeriod(query, at);
  if (!resolved.ok) throw invalid(resolved.field, resolved.message);
  const period = resolved.value;
  const { tenantIds, tenants, allTenants } = await reportTenants(ctx, scope, query.tenants);
  const params = new URLSearchParams();
  if (!allTenants) params.set("tenants", tenantIds.join(","));
  params.set("period", period.period);
  if (period.month) params.set("month", period.month);
  if (period.quarter) params.set("quarter", period.quarter);
  if (period.period === "custom") {
    params.set("from", period.fromDay);
    params.set("to", period.toDay);
  }
  params.set("tz", period.timeZone);
  return {
    tenantIds,
    tenants,
    allTenants,
    subject: subjectOf(tenants, allTenants),
    period,
    timeZone: period.timeZone,
    query: params.toString(),
    generatedAt: now,
    generatedBy,
    brand: await reportBrand(ctx),
  };
}

export function periodView(period: ResolvedPeriod): NonNullable<ReportMeta["period"]> {
  return {
    period: period.period,
    label: period.label,
    timeZone: period.timeZone,
    from: iso(period.from),
    to: iso(period.to),
    fromDay: period.fromDay,
    toDay: period.toDay,
    month: period.month,
    quarter: period.quarter,
    previous: {
      label: period.previous.label,
      from: iso(period.previous.from),
      to: iso(period.previous.to),
      fromDay: period.previous.fromDay,
      toDay: period.previous.toDay,
    },
  };
}

export function metaOf(kind: ReportKind, input: ReportInput): ReportMeta {
  return {
    kind,
    title: reportKindLabels[kind],
    subject: input.subject,
    generatedAt: iso(input.generatedAt),
    generatedBy: input.generatedBy,
    provider: input.brand.name,
    tenants: input.tenants,
    allTenants: input.allTenants,
    period: periodView(input.period),
    timeZone: input.timeZone,
    query: input.query,
  };
}

/** Rounds to one decimal; null stays null. */
export const round1 = (v: number | null | undefined): number | null => (v == null ? null : Math.round(v * 10) / 10);

/** Met share of the decided steps, as the dashboard computes it. */
export const metPercent = (met: number, missed: number): number | null =>
  met + missed ? round1((met / (met + missed)) * 100) : null;
