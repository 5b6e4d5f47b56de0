import type { MdrBoard, MdrExpectedIntervalBody, MdrSourceHealth, MdrWorkloadRow } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { csvField } from "../../lib/csv";
import { days, iso } from "../../lib/time";
import { rollupSource } from "../dashboard/dashboard-sources";
import { tenantNames } from "../dashboard/dashboard.repository";
import { meanMinutes } from "../dashboard/dashboard.service";
import { rollupsFor } from "../rollups/rollup-refresher";
import { sourceDays, sourceLatest } from "../rollups/rollup-sources.repository";
import { emptyFigures } from "../rollups/rollup-window";
import * as repo from "./mdr.repository";
import { expectedInterval, NORMAL_DAYS, normalDaily, silentSince } from "./source-health";

const DAY = days(1);
const key = (tenantId: string, tool: string, sensor: string) => JSON.stringify([tenantId, tool, sensor]);

export interface SourceHealth extends Omit<MdrSourceHealth, "lastEventAt" | "silentSince"> {
  lastEventAt: number;
  silentSince: number | null;
}

/**
 * Every data source of the tenants with its volumes and silence, from the per-source rollups
 * (features/rollups, rollup-sources.ts), brought up to date first. No alert is read.
 */
export async function sourceHealth(
  ctx: AppContext,
  tenantIds: readonly string[],
  now: number,
  flush = true,
): Promise<SourceHealth[]> {
  if (tenantIds.length === 0) return [];
  if (flush) await rollupsFor(ctx).flush(tenantIds);
  const today = Math.floor(now / DAY);
  const latest = await sourceLatest(ctx.db, tenantIds);
  const perDay = new Map<string, Map<number, number>>();
  for (const r of await sourceDays(ctx.db, tenantIds, today - NORMAL_DAYS)) {
    const k = key(r.tenant_id, r.tool, r.sensor);
    const m = perDay.get(k) ?? new Map<number, number>();
    m.set(Number(r.day), Number(r.n));
    perDay.set(k, m);
  }
  const settings = new Map((await repo.sourceStates(ctx.db, tenantIds)).map((s) => [key(s.tenant_id, s.tool, s.sensor), s]));
  const names = await tenantNames(ctx.db, tenantIds);
  return latest
    .map((r): SourceHealth => {
      const k = key(r.tenant_id, r.tool, r.sensor);
      const counts = perDay.get(k) ?? new Map<number, number>();
      const normal = normalDaily(counts, today);
      const set = settings.get(k)?.expected_minutes;
      const expected = expectedInterval(normal, set == null ? null : Number(set));
      const last = Number(r.latest);
      const since = silentSince(last, expected.minutes, now);
      return {
        tenantId: r.tenant_id,
        tenantName: names.get(r.tenant_id) ?? r.tenant_id,
        tool: r.tool,
        sensor: r.sensor,
        lastEventAt: last,
        today: counts.get(today) ?? 0,
        normalDaily: normal,
        expectedMinutes: expected.minutes,
        expectedFrom: expected.from,
        silent: since !== null,
        silentSince: since,
      };
    })
    .sort(
      (a, b) =>
        Number(b.silent) - Number(a.silent) ||
        a.tenantName.localeCompare(b.tenantName) ||
        a.tool.localeCompare(b.tool) ||
        a.sensor.localeCompare(b.sensor),
    );
}

export const sourceOut = (s: SourceHealth): MdrSourceHealth => ({
  ...s,
  lastEventAt: iso(s.lastEventAt),
  silentSince: s.silentSince === null ? null : iso(s.silentSince),
});

/**
 * One row per tenant in scope (docs/mdr.md "Client board"): open, unassigned and breached from
 * the dashboard's rollups over all time, MTTA/MTTR over the last 7 days against the 7 before
 * (the dashboard's definitions), at risk as the alert list's respond-SLA filter counts it.
 */
export async function board(ctx: AppContext, tenantIds: readonly string[]): Promise<MdrBoard> {
  const now = ctx.now();
  const figures = await rollupSource(ctx, tenantIds, now);
  const all = await figures.figures(0, now);
  const week = await figures.figures(now - days(7), now);
  const before = await figures.figures(now - days(14), now - days(7));
  const unassigned = new Map<string, number>();
  for (const tenantId of tenantIds) {
    const one = tenantIds.length === 1 ? figures : await rollupSource(ctx, [tenantId], now);
    const ranked = await one.ranked(0, now, "assignee", 1_000);
    unassigned.set(tenantId, ranked.find((r) => r.key === "")?.n ?? 0);
  }
  const atRisk = new Map((await repo.atRiskCounts(ctx.db, tenantIds, now)).map((r) => [r.tenant_id, Number(r.n)]));
  const incidents = new Map((await repo.openIncidents(ctx.db, tenantIds)).map((r) => [r.tenant_id, Number(r.n)]));
  const sources = await sourceHealth(ctx, tenantIds, now, false);
  const names = await tenantNames(ctx.db, tenantIds);
  const rows = tenantIds.map((tenantId) => {
    const a = all.get(tenantId) ?? emptyFigures();
    const w = week.get(tenantId) ?? emptyFigures();
    const p = before.get(tenantId) ?? emptyFigures();
    const own = sources.filter((s) => s.tenantId === tenantId);
    return {
      tenantId,
      tenantName: names.get(tenantId) ?? tenantId,
      open: a.open,
      unassigned: unassigned.get(tenantId) ?? 0,
      breached: a.breached,
      atRisk: atRisk.get(tenantId) ?? 0,
      incidentsOpen: incidents.get(tenantId) ?? 0,
      sources: own.map((s) => ({ tool: s.tool, sensor: s.sensor, lastEventAt: iso(s.lastEventAt), silent: s.silent })),
      silentSources: own.filter((s) => s.silent).length,
      mttaMinutes: { current: meanMinutes(w.mtta_sum, w.mtta_n), previous: meanMinutes(p.mtta_sum, p.mtta_n) },
      mttrMinutes: { current: meanMinutes(w.mttr_sum, w.mttr_n), previous: meanMinutes(p.mttr_sum, p.mttr_n) },
    };
  });
  rows.sort((x, y) => y.silentSources - x.silentSources || y.breached - x.breached || x.tenantName.localeCompare(y.tenantName));
  return { asOf: iso(now), weekFrom: iso(now - days(7)), previousFrom: iso(now - days(14)), rows };
}

/** Open work per tenant and assignee, the oldest item of each and its breaches (docs/mdr.md "Analyst workload"). */
export async function workload(ctx: AppContext, tenantIds: readonly string[]): Promise<MdrWorkloadRow[]> {
  const now = ctx.now();
  const names = await tenantNames(ctx.db, tenantIds);
  const rows: MdrWorkloadRow[] = [];
  for (const r of await repo.openWork(ctx.db, tenantIds, now)) {
    const oldest = Number(r.oldest);
    const alert = await repo.openAlertAt(ctx.db, r.tenant_id, r.assignee, oldest);
    if (!alert) continue;
    rows.push({
      tenantId: r.tenant_id,
      tenantName: names.get(r.tenant_id) ?? r.tenant_id,
      assignee: r.assignee,
      open: Number(r.open),
      breached: Number(r.breached),
      oldestAlertId: alert.id,
      oldestName: alert.name,
      oldestDetectedAt: iso(oldest),
    });
  }
  return rows.sort(
    (a, b) => b.open - a.open || a.tenantName.localeCompare(b.tenantName) || (a.assignee ?? "").localeCompare(b.assignee ?? ""),
  );
}

/** Sets (or, with null, clears) a source's expected interval; 404 for a source the tenant has not got. */
export async function setExpectedInterval(
  ctx: AppContext,
  scope: TenantScope,
  body: MdrExpectedIntervalBody,
): Promise<MdrSourceHealth> {
  assertTenantInScope(scope, body.tenantId);
  const k = { tenantId: body.tenantId, tool: body.tool, sensor: body.sensor };
  const find = async () =>
    (await sourceHealth(ctx, [body.tenantId], ctx.now())).find((s) => s.tool === k.tool && s.sensor === k.sensor);
  if (!(await find())) throw notFound("Data source");
  await repo.setExpected(ctx.db, k, body.expectedMinutes);
  return sourceOut((await find()) as SourceHealth);
}

const csvLine = (values: (string | number | null)[]) =>
  `${values.map((v) => csvField(v == null ? "" : String(v))).join(",")}\r\n`;

export async function* boardCsv(ctx: AppContext, tenantIds: readonly string[]): AsyncGenerator<string> {
  yield csvLine([
    "tenant",
    "open",
    "unassigned",
    "breached",
    "at_risk",
    "incidents_open",
    "silent_sources",
    "mtta_minutes_7d",
    "mtta_minutes_prev_7d",
    "mttr_minutes_7d",
    "mttr_minutes_prev_7d",
  ]);
  for (const r of (await board(ctx, tenantIds)).rows)
    yield csvLine([
      r.tenantName,
      r.open,
      r.unassigned,
      r.breached,
      r.atRisk,
      r.incidentsOpen,
      r.silentSources,
      r.mttaMinutes.current,
      r.mttaMinutes.previous,
      r.mttrMinutes.current,
      r.mttrMinutes.previous,
    ]);
}

export async function* sourcesCsv(ctx: AppContext, tenantIds: readonly string[]): AsyncGenerator<string> {
  yield csvLine([
    "tenant",
    "tool",
    "sensor",
    "last_event_at",
    "today",
    "normal_daily",
    "expected_minutes",
    "expected_from",
    "silent",
  ]);
  for (const s of await sourceHealth(ctx, tenantIds, ctx.now()))
    yield csvLine([
      s.tenantName,
      s.tool,
      s.sensor,
      iso(s.lastEventAt),
      s.today,
      s.normalDaily,
      s.expectedMinutes,
      s.expectedFrom,
      s.silent ? "yes" : "no",
    ]);
}
