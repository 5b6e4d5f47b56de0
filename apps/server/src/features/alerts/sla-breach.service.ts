import type { AppContext } from "../../context";
import { newId } from "../../lib/tokens";

const BATCH = 500;

/**
 * Finds open alerts that have just missed their acknowledge or respond time and tells the
 * assignee and the tenant's admins once per alert. Runs on a timer in `serve`; tests call it
 * with a controlled clock. Returns how many alerts were notified.
 */
export async function notifySlaBreaches(ctx: AppContext): Promise<number> {
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
