import { defaultRemediationSlaDays, priorities, type RemediationSlaBody } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { assertTenantInScope } from "../../http/tenant-scope";
import { invalid } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { customSlaSeverities, shiftDueDates } from "./finding-sla.repository";
import { remediationSlaDays, saveRemediationSlaDays } from "./findings-import.repository";

/** Days per severity for every tenant given, with whether the tenant set its own. */
export async function listRemediationSla(ctx: AppContext, tenantIds: readonly string[]) {
  const items = [];
  for (const tenantId of tenantIds) {
    const [days, custom] = await Promise.all([remediationSlaDays(ctx.db, tenantId), customSlaSeverities(ctx.db, tenantId)]);
    for (const priority of priorities) items.push({ tenantId, priority, days: days[priority], custom: custom.has(priority) });
  }
  return { items, defaults: defaultRemediationSlaDays };
}

/**
 * Saves a tenant's days and moves the due dates of its open findings of those severities, in one
 * transaction. Returns the tenant's policy and how many findings got a new due date.
 */
export async function saveRemediationSlaPolicies(ctx: AppContext, scope: TenantScope, body: RemediationSlaBody) {
  assertTenantInScope(scope, body.tenantId);
  const seen = new Set<string>();
  for (const [i, p] of body.policies.entries()) {
    if (seen.has(p.priority)) throw invalid(`policies.${i}.priority`, `names ${p.priority} twice`);
    seen.add(p.priority);
  }
  const now = ctx.now();
  let recomputed = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await remediationSlaDays(trx, body.tenantId);
    for (const p of body.policies) {
      await saveRemediationSlaDays(trx, body.tenantId, p.priority, p.days);
      recomputed += await shiftDueDates(trx, body.tenantId, p.priority, before[p.priority], p.days, now);
    }
  });
  return { ...(await listRemediationSla(ctx, [body.tenantId])), recomputed };
}
