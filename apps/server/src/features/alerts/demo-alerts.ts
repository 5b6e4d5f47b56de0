import type { AppContext } from "../../context";
import { days } from "../../lib/time";
import { escalate } from "../incidents/incidents.service";
import { ingestAlerts } from "./alert-ingest.service";
import { generateAlerts } from "./demo-generator";

const PER_TENANT = 600;
const demoDoer = { userId: null, name: "Demo data" };

/**
 * Realistic alerts for the demo tenants (seeded, so every install shows the same data), with a
 * few high-priority ones escalated into incidents. Runs only when no alert exists yet.
 */
export async function seedDemoAlerts(ctx: AppContext): Promise<number> {
  const any = await ctx.db.selectFrom("alerts").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  const tenants = await ctx.db.selectFrom("tenants").select(["id", "slug"]).where("slug", "like", "tenant-%").orderBy("slug").execute();
  if (tenants.length === 0) return 0;
  const bySlug = new Map(tenants.map((t) => [t.slug, t.id]));
  const batches = new Map<string, unknown[]>();
  for (const { tenant, alert } of generateAlerts({ seed: 2026, count: PER_TENANT * tenants.length, tenants: tenants.map((t) => t.slug), now: ctx.now(), daysBack: 30 })) {
    batches.set(tenant, [...(batches.get(tenant) ?? []), alert]);
  }
  let total = 0;
  for (const [slug, alerts] of batches) {
    const tenantId = bySlug.get(slug);
    if (!tenantId) continue;
    total += (await ingestAlerts(ctx, tenantId, alerts, demoDoer)).created;
    const scope = { tenantIds: [tenantId], memberTenantIds: [tenantId], selected: tenantId };
    const urgent = await ctx.db
      .selectFrom("alerts")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("priority", "in", ["Critical", "High"])
      .where("status", "in", ["Open", "Acknowledged", "In Progress"])
      .where("detected_at", ">", ctx.now() - days(7))
      .orderBy("detected_at", "desc")
      .limit(6)
      .execute();
    for (let i = 0; i + 1 < urgent.length; i += 2) {
      await escalate(ctx, scope, demoDoer, { alertIds: [urgent[i]?.id ?? "", urgent[i + 1]?.id ?? ""] });
    }
  }
  return total;
}
