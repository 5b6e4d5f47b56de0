import { tenantModules } from "@watchfloor/shared";
import type { AppContext } from "../context";
import { allTenantIds } from "../features/tenants/tenants.repository";
import { createTenant } from "../features/tenants/tenants.service";

/** The five demo tenants of the product spec ("Tenant_A" in its sample data, named properly here). */
export const demoTenants = ["A", "B", "C", "D", "E"].map((letter) => ({
  name: `Tenant ${letter}`,
  slug: `tenant-${letter.toLowerCase()}`,
}));

/** Creates the demo tenants on an empty database; returns how many were created. */
export async function seedDemoTenants(ctx: AppContext): Promise<number> {
  if ((await allTenantIds(ctx.db)).length > 0) return 0;
  for (const tenant of demoTenants) await createTenant(ctx, null, { ...tenant, modules: [...tenantModules] });
  return demoTenants.length;
}
