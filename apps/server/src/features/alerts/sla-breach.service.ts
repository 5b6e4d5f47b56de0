import type { AppContext } from "../../context";
import { newId } from "../../lib/tokens";

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

/** Notifies every breach due by now, batch after batch (each notified alert leaves the query). */
export async function notifyAllSlaBreaches(ctx: AppContext): Promise<number> {
  let total = 0;
  for (let n = await notifySlaBreaches(ctx); n > 0; n = await notifySlaBreaches(ctx)) total += n;
  return total;
}

async function notifyBatch(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom("alerts")
    .select(["id", "tenant_id", "name", "priority", "assignee_user_id", "acknowledged_at", "ack_due_at"])
    .where("breach_notified_at", "is", null)
    .where("status", "in", ["Open", "Acknowledged", "In Progress"])
    .where((eb) =>
      eb.or([
        eb.and([eb("acknowledged_at", "is", null), eb("ack_due_at", "<", now)]),
        eb.and([eb("responded_at", "is", null), eb("respond_due_at", "<", now)]),
      ]),
    )
    .limit(BATCH)
    .execute();
  if (due.length === 0) return 0;
  const admins = new Map<string, string[]>();
  for (const tenantId of new Set(due.map((d) => d.tenant_id))) {
    const rows = await ctx.db.selectFrom("memberships").select("user_id").where("tenant_id", "=", tenantId).where("role", "in", ["owner", "admin"]).execute();
    admins.set(tenantId, rows.map((r) => r.user_id));
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const alert of due) {
      const step = alert.acknowledged_at == null && (alert.ack_due_at ?? Infinity) < now ? "acknowledge" : "respond";
      const recipients = new Set([...(admins.get(alert.tenant_id) ?? []), ...(alert.assignee_user_id ? [alert.assignee_user_id] : [])]);
      for (const userId of recipients) {
        await trx
          .insertInto("notifications")
          .values({
            id: newId(),
            user_id: userId,
            tenant_id: alert.tenant_id,
            kind: "sla_breach",
            message: `SLA breached: ${alert.priority} alert "${alert.name.slice(0, 100)}" missed its ${step} time.`,
            link: `/dashboard/incidents/alerts/${alert.id}`,
            created_at: now,
            read_at: null,
          })
          .execute();
      }
      await trx.updateTable("alerts").set({ breach_notified_at: now }).where("id", "=", alert.id).execute();
    }
  });
  return due.length;
}
