import type { AppContext } from "../../context";
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
 * Notifies every breach due by now, batch after batch (each notified alert leaves the query),
 * with the event loop free between batches: after a big ingest of fresh alerts thousands breach
 * at once, and 200 batches back to back held the thread for seconds.
 */
export async function notifyAllSlaBreaches(ctx: AppContext): Promise<number> {
  let total = 0;
  for (let n = await notifySlaBreaches(ctx); n > 0; n = await notifySlaBreaches(ctx)) {
    total += n;
    await yieldToEventLoop();
  }
  return total;
}

async function notifyBatch(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = (await repo.dueSlaBreaches(ctx.db, now, BATCH)).map((a) => ({
    ...a,
    tenantId: a.tenant_id,
    assigneeUserId: a.assignee_user_id,
  }));
  return notifyDue(
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
    (trx, alert, at) => repo.claimBreachNotified(trx, alert.id, at),
  );
}
