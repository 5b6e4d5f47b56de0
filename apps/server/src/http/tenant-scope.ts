import { errorCodes } from "@watchfloor/shared";
import { AppError, forbidden, invalid, notFound } from "./errors";
import type { TenantScope } from "./policy";

/**
 * For a request naming one tenant: 404 when the caller is not a member, 403 when the role is
 * short or (on a module route) the tenant does not have the module.
 */
export function assertTenantInScope(scope: TenantScope, tenantId: string): void {
  if (scope.tenantIds.includes(tenantId)) return;
  if (scope.withoutModule?.tenantIds.includes(tenantId)) {
    throw new AppError(
      403,
      errorCodes.moduleNotEnabled,
      `The ${scope.withoutModule.label} module is not enabled for this tenant.`,
    );
  }
  if (scope.memberTenantIds.includes(tenantId)) throw forbidden();
  throw notFound("Tenant");
}

/** The tenant an ingest request writes to: the one named, the one selected, or the caller's only tenant. */
export function ingestTenant(scope: TenantScope, tenantId: string | undefined): string {
  const target = tenantId ?? scope.selected ?? (scope.tenantIds.length === 1 ? scope.tenantIds[0] : undefined);
  if (!target) throw invalid("tenantId", "Name the tenant (or select one) to ingest into.");
  assertTenantInScope(scope, target);
  return target;
}

/**
 * The tenants a list reads: the one the query names (checked as above), else every tenant in
 * scope. One place, so a module's lists answer a foreign tenant alike (404, 403 or module off).
 */
export function tenantsOf(scope: TenantScope, tenantId: string | undefined): readonly string[] {
  if (!tenantId) return scope.tenantIds;
  assertTenantInScope(scope, tenantId);
  return [tenantId];
}
