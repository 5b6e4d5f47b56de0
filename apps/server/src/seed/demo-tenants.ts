import { type EntitledModule, entitledModules } from "@watchfloor/shared";
import type { AppContext } from "../context";
import { allTenantIds } from "../features/tenants/tenants.repository";
import { createTenant } from "../features/tenants/tenants.service";

/**
 * The five demo tenants of the product spec ("Tenant_A" in its sample data, named properly here).
 * Tenants A and B have every module; C to E have a new tenant's default, so the demo shows the
 * upgrade pages of DRP, Cloud Sec and CTEM and how a member requests them.
 */
export const demoTenants = ["A", "B", "C", "D", "E"].map((letter) => ({
  name: `Tenant ${letter}`,
  slug: `tenant-${letter.toLowerCase()}`,
  ...(letter === "A" || letter === "B" ? { modules: [...entitledModules] as EntitledModule[] } : {}),
}));

/** Creates the demo tenants on an empty database; returns how many were created. */
export async function seedDemoTenants(ctx: AppContext): Promise<number> {
  if ((await allTenantIds(ctx.db)).length > 0) return 0;
  for (const tenant of demoTenants) await createTenant(ctx, null, tenant);
  return demoTenants.length;
}
