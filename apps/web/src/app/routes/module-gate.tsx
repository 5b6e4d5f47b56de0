import type { EntitledModule, Tenant } from "@watchfloor/shared";
import type { ReactNode } from "react";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export interface ModuleScope {
  /** Tenants in scope (the selected one, or all) that have the module. */
  entitled: Tenant[];
  selected: string | null;
  tenantName: (id: string) => string;
}

/**
 * A module's pages (docs/modules.md): the content for the tenants in scope that have the module
 * (when any does), and below it the upgrade panel for those that do not. Routes compose it, since
 * it joins two features (tenants and modules) that may not import each other.
 */
export function ModuleGate({
  module,
  loadingLabel,
  children,
}: {
  module: EntitledModule;
  loadingLabel: string;
  children: (scope: ModuleScope) => ReactNode;
}) {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label={loadingLabel} />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === module && x.enabled));
  const entitled = inScope.filter((t) => has(t.id));
  const names = new Map(tenants.data.map((t) => [t.id, t.name]));
  return (
    <div className="space-y-6">
      {entitled.length > 0 && children({ entitled, selected, tenantName: (id) => names.get(id) ?? id })}
      <ModuleAccess module={module} tenants={inScope} />
    </div>
  );
}
