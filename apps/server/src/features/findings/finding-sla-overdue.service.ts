import type { AppContext } from "../../context";
import { newId } from "../../lib/tokens";
import { openFindingStatuses } from "@watchfloor/shared";
import { findingLink } from "./findings.service";

const BATCH = 500;

/**
 * Finds open findings that have just passed their remediation due date and tells the assignee
 * and the tenant's owners and admins, once per finding (per due date: moving the due date with a
 * new SLA re-arms it). Runs on the same timer as the alert SLA check in `serve`; tests call it
 * with a controlled clock. Returns how many findings were notified.
 */
export async function notifyOverdueFindings(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom("findings")
    .select(["id", "tenant_id", "title", "severity", "asset_key", "assignee_user_id", "due_at"])
    // These two match findings_overdue_pending_idx's predicate so the check reads only that index.
    .where("overdue_notified_at", "is", null)
    .where("status", "!=", "Closed")
    .where("status", "in", [...openFindingStatuses])
    .where("due_at", "<", now)
    .orderBy("due_at")
    .limit(BATCH)
    .execute();
  if (due.length === 0) return 0;
  const admins = new Map<string, string[]>();
  for (const tenantId of new Set(due.map((d) => d.tenant_id))) {
    const rows = await ctx.db.selectFrom("memberships").select("user_id").where("tenant_id", "=", tenantId).where("role", "in", ["owner", "admin"]).execute();
    admins.set(tenantId, rows.map((r) => r.user_id));
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const finding of due) {
      const recipients = new Set([...(admins.get(finding.tenant_id) ?? []), ...(finding.assignee_user_id ? [finding.assignee_user_id] : [])]);
      const days = Math.max(1, Math.floor((now - (finding.due_at ?? now)) / 86_400_000));
      const values = [...recipients].map((userId) => ({
        id: newId(),
        user_id: userId,
        tenant_id: finding.tenant_id,
        kind: "sla_breach",
        message: `Remediation overdue: ${finding.severity} finding "${finding.title.slice(0, 100)}" on ${finding.asset_key ?? "an asset"} passed its due date${days > 1 ? ` ${days} days ago` : ""}.`,
        link: findingLink(finding.id),
        created_at: now,
        read_at: null,
      }));
      if (values.length) await trx.insertInto("notifications").values(values).execute();
      await trx.updateTable("findings").set({ overdue_notified_at: now }).where("id", "=", finding.id).execute();
    }
  });
  return due.length;
}
