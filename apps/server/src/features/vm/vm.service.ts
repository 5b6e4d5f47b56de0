import {
  type Priority,
  priorities,
  priorityRank,
  type VmCampaign,
  type VmCampaignCreate,
  type VmCampaignDetail,
  type VmFixGroup,
  type VmFixGroupsQuery,
  type VmOverview,
  type VmTicket,
  type VmTrendPoint,
  vmAgeBuckets,
  vmStaleScanDays,
  vmTrendMonths,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope, tenantsOf } from "../../http/tenant-scope";
import { dayNumber, days, iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { findingLink } from "../findings/findings.service";
import { memberOf } from "../users/users.repository";
import { burndown, monthLabel, monthStarts, utcDay } from "./vm-burndown";
import * as repo from "./vm.repository";

/** A campaign holds at most this many findings (a fix group's open findings in one tenant). */
export const CAMPAIGN_MAX_FINDINGS = 5000;
const TICKET_FINDINGS = 500;

const n = (v: unknown) => Number(v ?? 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const mttr = (ageMs: number, closed: number) => (closed > 0 ? Math.round((ageMs / closed / days(1)) * 10) / 10 : null);

export async function overview(ctx: AppContext, scope: TenantScope, tenantId?: string): Promise<VmOverview> {
  const tenantIds = tenantsOf(scope, tenantId);
  const now = ctx.now();
  // Ages are whole UTC days (docs/vm.md): a bucket after the first holds findings first seen
  // before the UTC day `min` days ago; the counts are of findings first seen on or after it.
  const today = dayNumber(now);
  const ageDays = vmAgeBuckets.slice(1).map((b) => today - b.min + 1);
  const starts = monthStarts(now, vmTrendMonths);
  const [open, dueToday, closed, accepted, coverage, names] = await Promise.all([
    repo.openFigures(ctx.db, tenantIds, today, ageDays),
    repo.dueToday(ctx.db, tenantIds, now),
    repo.closedFigures(ctx.db, tenantIds, starts.map(dayNumber)),
    repo.acceptedCounts(ctx.db, tenantIds),
    repo.assetCoverage(ctx.db, tenantIds, now - days(vmStaleScanDays)),
    repo.tenantNames(ctx.db, tenantIds),
  ]);
  for (const row of open) {
    const due = dueToday.find((d) => d.tenant_id === row.tenant_id && n(d.severity_rank) === n(row.severity_rank));
    row.overdue = n(row.overdue) + n(due?.n);
  }

  const severities = [...priorities].reverse().map((severity) => {
    const rows = open.filter((r) => n(r.severity_rank) === priorityRank[severity]);
    const total = (key: string) => rows.reduce((s, r) => s + n((r as Record<string, unknown>)[key]), 0);
    const younger = ageDays.map((_, i) => total(`age_${i}`));
    const all = total("open");
    const ages = [...younger, all].map((v, i) => v - (i === 0 ? 0 : (younger[i - 1] ?? 0)));
    return { severity, open: all, ages, overdue: total("overdue") };
  });

  const trend: VmTrendPoint[] = [];
  for (const [i, start] of starts.entries()) {
    const inMonth = closed.filter((r) => n(r.month) === i);
    for (const severity of [...[...priorities].reverse(), null] as (Priority | null)[]) {
      const rows = severity ? inMonth.filter((r) => n(r.severity_rank) === priorityRank[severity]) : inMonth;
      const c = rows.reduce((s, r) => s + n(r.closed), 0);
      const onTime = rows.reduce((s, r) => s + n(r.on_time), 0);
      const age = rows.reduce((s, r) => s + n(r.age_ms), 0);
      trend.push({ month: monthLabel(start), severity, closed: c, onTime, adherence: ratio(onTime, c), mttrDays: mttr(age, c) });
    }
  }

  const tenants = names.map((t) => {
    const rows = open.filter((r) => r.tenant_id === t.id);
    const sum = (key: string) => rows.reduce((s, r) => s + n((r as Record<string, unknown>)[key]), 0);
    const done = closed.filter((r) => r.tenant_id === t.id);
    const c = done.reduce((s, r) => s + n(r.closed), 0);
    const cov = coverage.find((r) => r.tenant_id === t.id);
    return {
      tenantId: t.id,
      tenantName: t.name,
      open: sum("open"),
      critical: rows.filter((r) => n(r.severity_rank) === priorityRank.Critical).reduce((s, r) => s + n(r.open), 0),
      kev: sum("kev"),
      highEpss: sum("high_epss"),
      overdue: sum("overdue"),
      assets: n(cov?.assets),
      assetsNotScanned: n(cov?.stale),
      adherence: ratio(
        done.reduce((s, r) => s + n(r.on_time), 0),
        c,
      ),
      mttrDays: mttr(
        done.reduce((s, r) => s + n(r.age_ms), 0),
        c,
      ),
    };
  });
  const add = (key: "open" | "overdue" | "kev" | "highEpss" | "assets" | "assetsNotScanned") =>
    tenants.reduce((s, t) => s + t[key], 0);
  return {
    generatedAt: iso(now),
    totals: {
      open: add("open"),
      overdue: add("overdue"),
      kev: add("kev"),
      highEpss: add("highEpss"),
      accepted: accepted.reduce((s, r) => s + n(r.n), 0),
      assets: add("assets"),
      assetsNotScanned: add("assetsNotScanned"),
    },
    severities,
    trend,
    tenants,
  };
}

export async function fixGroups(ctx: AppContext, scope: TenantScope, query: VmFixGroupsQuery) {
  const tenantIds = tenantsOf(scope, query.tenantId);
  const rows = await repo.fixGroups(ctx.db, tenantIds, query.q, query.limit);
  const assets = await repo.fixAssetCounts(
    ctx.db,
    tenantIds,
    rows.map((r) => r.fix),
  );
  const items: VmFixGroup[] = rows.map((r) => ({
    fix: r.fix,
    findings: n(r.findings),
    assets: n(assets.find((a) => a.fix === r.fix)?.assets),
    tenants: n(r.tenants),
    worstSeverity: repo.severityOfRank(n(r.worst)),
    kev: n(r.kev),
    riskRemoved: Math.round(n(r.risk_milli) / 100) / 10,
    cves: [...new Set([r.cves_first, r.cves_last].flatMap((t) => (t ? t.split(", ") : [])))].slice(0, 20),
  }));
  return { items, total: n(rows[0]?.total) };
}

export async function createCampaign(ctx: AppContext, scope: TenantScope, doer: Doer, body: VmCampaignCreate) {
  assertTenantInScope(scope, body.tenantId);
  if (body.ownerUserId) {
    const member = await memberOf(ctx.db, body.tenantId, body.ownerUserId);
    if (!member || member.role === "executive" || member.role === "viewer")
      throw invalid("ownerUserId", "is not an analyst, admin or owner of this tenant");
  }
  let ids: string[];
  if (body.fix) {
    ids = await repo.openFindingIdsOfFix(ctx.db, body.tenantId, body.fix, CAMPAIGN_MAX_FINDINGS);
    if (ids.length === 0) throw invalid("fix", "has no open findings in this tenant");
  } else {
    const wanted = [...new Set(body.findingIds ?? [])];
    ids = await repo.openFindingIds(ctx.db, body.tenantId, wanted);
    if (ids.length !== wanted.length) throw notFound("One or more open findings");
  }
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction().execute((trx) =>
    repo.insertCampaign(
      trx,
      {
        id,
        tenant_id: body.tenantId,
        name: body.name,
        owner_user_id: body.ownerUserId ?? null,
        fix_text: body.fix ?? null,
        due_at: Date.parse(`${body.dueDate}T00:00:00Z`),
        findings_total: ids.length,
        created_by: doer.userId,
        created_at: now,
      },
      ids,
    ),
  );
  return campaign(ctx, scope, id);
}

type CampaignRow = Awaited<ReturnType<typeof repo.campaigns>>[number];
function toCampaign(r: CampaignRow, now: number): VmCampaign {
  const total = n(r.total);
  const fixed = n(r.fixed);
  const closedOtherwise = n(r.closed_otherwise);
  const open = total - fixed - closedOtherwise;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    ownerUserId: r.owner_user_id,
    ownerName: r.owner_name ?? null,
    fix: r.fix_text,
    dueDate: utcDay(n(r.due_at)),
    createdAt: iso(n(r.created_at)),
    total,
    fixed,
    closedOtherwise,
    open,
    overdue: open > 0 && n(r.due_at) + days(1) <= now,
  };
}

export async function listCampaigns(ctx: AppContext, scope: TenantScope, tenantId?: string) {
  const rows = await repo.campaigns(ctx.db, tenantsOf(scope, tenantId));
  return { items: rows.map((r) => toCampaign(r, ctx.now())) };
}

export async function campaign(ctx: AppContext, scope: TenantScope, id: string): Promise<VmCampaignDetail> {
  const [row] = await repo.campaigns(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Campaign");
  const now = ctx.now();
  const fixes = await repo.campaignFixTimes(ctx.db, scope.tenantIds, id);
  return {
    ...toCampaign(row, now),
    burndown: burndown(
      n(row.created_at),
      now,
      fixes.map((f) => (f.fixed_at == null ? null : n(f.fixed_at))),
    ),
    link: campaignLink(id),
  };
}

export const campaignLink = (id: string) => `/vm?campaign=${encodeURIComponent(id)}`;
export const fixLink = (fix: string) => `/dashboard/risk/vulnerabilities?${new URLSearchParams({ view: "open", fix })}`;

/** A campaign as a ticket: the webhook payload, links made absolute with the public address. */
export async function ticket(ctx: AppContext, scope: TenantScope, id: string, base: string): Promise<VmTicket> {
  const c = await campaign(ctx, scope, id);
  const rows = await repo.campaignFindings(ctx.db, scope.tenantIds, id, TICKET_FINDINGS);
  const worst = rows.reduce((w, r) => Math.max(w, n(r.severity_rank)), 1);
  const lines = [
    c.fix ? `Remediation: ${c.fix}` : `Findings chosen by hand.`,
    `${c.total} findings: ${c.fixed} fixed by later scans, ${c.open} open, ${c.closedOtherwise} closed otherwise.`,
    c.ownerName ? `Owner: ${c.ownerName}` : "No owner.",
    `Campaign: ${base}${c.link}`,
  ];
  return {
    summary: `${c.name}${c.fix ? ` (${c.total} findings)` : ""}`,
    description: lines.join("\n"),
    priority: repo.severityOfRank(worst),
    labels: ["watchfloor", "vm-campaign"],
    dueDate: c.dueDate,
    link: `${base}${c.link}`,
    findings: rows.map((r) => ({
      id: r.id,
      title: r.title,
      severity: repo.severityOfRank(n(r.severity_rank)),
      asset: r.asset_name ?? r.asset_key ?? "",
      cves: JSON.parse(r.cve_ids) as string[],
      link: `${base}${findingLink(r.id)}`,
    })),
  };
}

/** Jira's CSV importer columns: one issue per campaign; the description carries the link back. */
export async function jiraCsv(ctx: AppContext, scope: TenantScope, base: string, tenantId?: string): Promise<string[][]> {
  const list = await listCampaigns(ctx, scope, tenantId);
  const header = ["Summary", "Issue Type", "Priority", "Due date", "Labels", "Labels", "Description", "External link"];
  const rows: string[][] = [header];
  for (const c of list.items) {
    const t = await ticket(ctx, scope, c.id, base);
    rows.push([t.summary, "Task", t.priority, t.dueDate, t.labels[0] ?? "", t.labels[1] ?? "", t.description, t.link]);
  }
  return rows;
}
