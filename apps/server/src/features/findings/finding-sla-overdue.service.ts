import type { AppContext } from "../../context";
import { yieldToEventLoop } from "../../lib/yield";
import { notifyDue } from "../notifications/notify-due";
import { claimOverdueNotified, dueOverdueFindings } from "./finding-sla.repository";
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
  const due = (await dueOverdueFindings(ctx.db, now, BATCH)).map((f) => ({
    ...f,
    tenantId: f.tenant_id,
    assigneeUserId: f.assignee_user_id,
  }));
  return notifyDue(
    ctx,
    due,
    (finding) => {
      const days = Math.max(1, Math.floor((now - (finding.due_at ?? now)) / 86_400_000));
      return {
        kind: "sla_breach",
        message: `Remediation overdue: ${finding.severity} finding "${finding.title.slice(0, 100)}" on ${finding.asset_key ?? "an asset"} passed its due date${days > 1 ? ` ${days} days ago` : ""}.`,
        link: findingLink(finding.id),
      };
    },
    (trx, finding, at) => claimOverdueNotified(trx, finding.id, at),
  );
}

/**
 * Overdue findings due by now, batch after batch with the event loop free between, up to
 * `maxBatches` (a backlog after an import or downtime is told in a few slots, not 500 a slot).
 */
export async function notifyOverdueFindingBatches(ctx: AppContext, maxBatches: number): Promise<number> {
  let total = 0;
  for (let batches = 0; batches < maxBatches; batches++) {
    const n = await notifyOverdueFindings(ctx);
    if (n === 0) break;
    total += n;
    await yieldToEventLoop();
  }
  return total;
}
