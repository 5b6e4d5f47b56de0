import type { AppContext } from "../context";
import { days } from "../lib/time";
import { escalate } from "../features/incidents/incidents.service";
import { ingestAlerts } from "../features/alerts/alert-ingest.service";
import { rebuildRollups } from "../features/rollups/rollup-rebuild";
import { generateAlerts } from "./demo-generator";
import { anyAlert, demoTenants, urgentOpenAlerts } from "./seed.repository";

const PER_TENANT = 600;
const demoDoer = { userId: null, name: "Demo data" };

/**
 * Realistic alerts for the demo tenants (seeded, so every install shows the same data), with a
 * few high-priority ones escalated into incidents. Runs only when no alert exists yet.
 */
export async function seedDemoAlerts(ctx: AppContext): Promise<number> {
  if (await anyAlert(ctx.db)) return 0;
  const tenants = await demoTenants(ctx.db);
  if (tenants.length === 0) return 0;
  const bySlug = new Map(tenants.map((t) => [t.slug, t.id]));
  const batches = new Map<string, unknown[]>();
  for (const { tenant, alert } of generateAlerts({
    seed: 2026,
    count: PER_TENANT * tenants.length,
    tenants: tenants.map((t) => t.slug),
    now: ctx.now(),
    daysBack: 30,
  })) {
    batches.set(tenant, [...(batches.get(tenant) ?? []), alert]);
  }
  let total = 0;
  for (const [slug, alerts] of batches) {
    const tenantId = bySlug.get(slug);
    if (!tenantId) continue;
    total += (await ingestAlerts(ctx, tenantId, alerts, demoDoer)).created;
    const scope = { tenantIds: [tenantId], memberTenantIds: [tenantId], selected: tenantId };
    const urgent = await urgentOpenAlerts(ctx.db, tenantId, ctx.now() - days(7), 6);
    for (let i = 0; i + 1 < urgent.length; i += 2) {
      await escalate(ctx, scope, demoDoer, { alertIds: [urgent[i]?.id ?? "", urgent[i + 1]?.id ?? ""] });
    }
  }
  // Rolled up in one go, as a backfill is: left to the refresh queue, 30 days of five tenants were
  // 14,400 quarter hours for the first reader that flushes it (the data-source silence check took
  // 69 s on a fresh demo database, and requests that waited for it timed out).
  await ctx.db.transaction().execute((trx) => rebuildRollups(trx, ctx.now()));
  return total;
}
