import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import { yieldToEventLoop } from "../../lib/yield";
import { notifyDue } from "../notifications/notify-due";
import * as repo from "./alerts.repository";

const BATCH = 500;

/** The last queued check per context, so checks run one after another. */
const queued = new WeakMap<AppContext, Promise<unknown>>();

/**
 * Finds open alerts that have just missed their acknowledge or respond time and tells the
 * assignee and the tenant's admins once per alert, up to one batch. Runs on a timer in `serve`;
 * tests call it with a controlled clock. Returns how many alerts were notified.
 * Checks are queued: the timer and the test clock may ask at once, and two overlapping checks
 * would read the same unnotified alerts and notify them twice.
 */
export function notifySlaBreaches(ctx: AppContext): Promise<number> {
  const run = (queued.get(ctx) ?? Promise.resolve()).catch(() => undefined).then(() => notifyBatch(ctx));
  queued.set(ctx, run);
  return run;
}

/**
 * Notifies the breaches due by now, batch after batch (each notified alert leaves the query),
 * with the event loop free between batches, up to `maxBatches`: after a big ingest of old or
 * fresh alerts thousands breach at once; 200 batches back to back held the thread for seconds,
 * and draining 400 of them in one pass took a third of an ingest's CPU. The periodic job takes
 * a bounded share each slot; the test clock drains them all.
 */
export async function notifySlaBreachBatches(ctx: AppContext, maxBatches: number): Promise<number> {
  let total = 0;
  for (let batches = 0; batches < maxBatches; batches++) {
    const n = await notifySlaBreaches(ctx);
    if (n === 0) break;
    total += n;
    await yieldToEventLoop();
  }
  return total;
}

/** Every breach due by now (the test clock, after moving time). */
export const notifyAllSlaBreaches = (ctx: AppContext): Promise<number> => notifySlaBreachBatches(ctx, Number.POSITIVE_INFINITY);

async function notifyBatch(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = (await repo.dueSlaBreaches(ctx.db, now, BATCH)).map((a) => ({
    ...a,
    tenantId: a.tenant_id,
    assigneeUserId: a.assignee_user_id,
  }));
  // Claimed breaches, by tenant: their "SLA breached" events commit with the claims.
  const breached = new Map<string, string[]>();
  const notified = await notifyDue(
    ctx,
    due,
    (alert) => {
      const step = alert.acknowledged_at == null && (alert.ack_due_at ?? Infinity) < now ? "acknowledge" : "respond";
      return {
        kind: "sla_breach",
        message: `SLA breached: ${alert.priority} alert "${alert.name.slice(0, 100)}" missed its ${step} time.`,
        link: `/dashboard/incidents/alerts/${alert.id}`,
      };
    },
    async (trx, alert, at) => {
      const claimed = await repo.claimBreachNotified(trx, alert.id, at);
      if (claimed) breached.set(alert.tenant_id, [...(breached.get(alert.tenant_id) ?? []), alert.id]);
      return claimed;
    },
    undefined,
    async (trx) => {
      for (const [tenantId, ids] of breached) await recordEvent(trx, { type: "alert.sla_breached", tenantId, ids }, now);
    },
  );
  for (const [tenantId, ids] of breached) ctx.events.emit({ type: "alert.sla_breached", tenantId, ids });
  return notified;
}
