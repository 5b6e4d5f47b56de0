import type { AppContext } from "../../context";
import { days } from "../../lib/time";
import * as repo from "./ctem.repository";
import { scopeExposures } from "./ctem-exposures.service";

/** Snapshots are per UTC day, as the risk snapshots (features/risk). */
export const utcDay = (ms: number): number => Math.floor(ms / days(1)) * days(1);
const dayText = (day: number) => new Date(day).toISOString().slice(0, 10);
/** Days of score history a scope page draws. */
export const CTEM_TREND_DAYS = 90;

/** Stores today's score of one scope (replacing an earlier one of today). */
export async function recordScopeSnapshot(ctx: AppContext, row: repo.ScopeRow, score: number, exposures: number) {
  const now = ctx.now();
  await repo.upsertSnapshot(ctx.db, {
    scope_id: row.id,
    tenant_id: row.tenant_id,
    day: utcDay(now),
    score,
    exposures,
    taken_at: now,
  });
}

/** The daily job (job runner, hourly): every scope without a snapshot for today gets one. */
export async function snapshotScopesDaily(ctx: AppContext): Promise<number> {
  const due = await repo.scopesWithoutSnapshot(ctx.db, utcDay(ctx.now()));
  for (const s of due) {
    const [row] = await repo.scopes(ctx.db, [s.tenant_id], s.id);
    if (!row) continue;
    const { score, exposures } = await scopeExposures(ctx, row);
    await recordScopeSnapshot(ctx, row, score, exposures.length);
  }
  return due.length;
}

/** The score per day from the scope's snapshots before today, then today's live score. */
export async function scopeTrend(ctx: AppContext, row: repo.ScopeRow, liveScore: number) {
  const today = utcDay(ctx.now());
  const rows = await repo.snapshotsSince(ctx.db, [row.tenant_id], row.id, today - days(CTEM_TREND_DAYS - 1));
  const points = rows
    .filter((r) => Number(r.day) < today)
    .map((r) => ({ date: dayText(Number(r.day)), score: Number(r.score), live: false }));
  points.push({ date: dayText(today), score: liveScore, live: true });
  return points;
}
