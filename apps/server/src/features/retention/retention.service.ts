import type { AppContext } from "../../context";
import { days } from "../../lib/time";
import { yieldToEventLoop } from "../../lib/yield";
import { recordAudit } from "../audit/audit.repository";
import { markAlertsChanged } from "../rollups/rollup-refresher";
import * as repo from "./retention.repository";

/**
 * Rows deleted per transaction: small enough that a transaction holds the database for a few
 * milliseconds (ingestion waits for nothing longer), with the event loop free between them.
 */
export const RETENTION_BATCH = 500;

export interface RetentionOutcome {
  tenantId: string;
  cutoff: number;
  alerts: number;
  timelineEvents: number;
  auditEntries: number;
}

/**
 * Deletes what each tenant keeps no longer: alerts detected, timeline events and audit entries
 * made before now minus its retention days. Batch by batch, each in its own transaction (alerts
 * mark their quarter hours for the rollup refresher in the same one, so the overview stays
 * exact). The deletion itself is audited, and that record is kept. Deleting again finds nothing,
 * so two servers running it at once delete each row once.
 */
export async function applyRetention(ctx: AppContext): Promise<RetentionOutcome[]> {
  const outcomes: RetentionOutcome[] = [];
  for (const tenant of await repo.tenantsWithRetention(ctx.db)) {
    const cutoff = ctx.now() - days(Number(tenant.retention_days));
    const outcome: RetentionOutcome = { tenantId: tenant.id, cutoff, alerts: 0, timelineEvents: 0, auditEntries: 0 };
    for (;;) {
      const n = await ctx.db.transaction().execute(async (trx) => {
        const expired = await repo.expiredAlerts(trx, tenant.id, cutoff, RETENTION_BATCH);
        await markAlertsChanged(
          trx,
          tenant.id,
          expired.map((a) => ({ detected_at: Number(a.detected_at) })),
        );
        return repo.deleteAlerts(
          trx,
          tenant.id,
          expired.map((a) => a.id),
        );
      });
      outcome.alerts += n;
      await yieldToEventLoop();
      if (n < RETENTION_BATCH) break;
    }
    outcome.timelineEvents = await inBatches(() => repo.deleteTimelineBefore(ctx.db, tenant.id, cutoff, RETENTION_BATCH));
    outcome.auditEntries = await inBatches(() => repo.deleteAuditBefore(ctx.db, tenant.id, cutoff, RETENTION_BATCH));
    if (outcome.alerts + outcome.timelineEvents + outcome.auditEntries > 0) {
      await recordAudit(ctx.db, {
        event: "retention.applied",
        at: ctx.now(),
        tenantId: tenant.id,
        details: {
          retentionDays: Number(tenant.retention_days),
          before: new Date(cutoff).toISOString(),
          alerts: outcome.alerts,
          timelineEvents: outcome.timelineEvents,
          auditEntries: outcome.auditEntries,
        },
      });
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < RETENTION_BATCH) return total;
    await yieldToEventLoop();
  }
}
