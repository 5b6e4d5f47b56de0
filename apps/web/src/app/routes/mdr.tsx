import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { MdrPage } from "@/features/mdr/components/mdr-page";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * MDR: the provider's service console over the tenants in scope that have the module, and the
 * upgrade panel for those that do not (docs/mdr.md, docs/modules.md).
 */
export function MdrRoute() {
  return (
    <>
      <PageHeader
        title="MDR"
        description="Managed detection and response: every client's open work and SLA, data-source health, analyst workload, shift handovers and escalations."
      />
      <MdrBody />
    </>
  );
}

function MdrBody() {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading MDR" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "mdr" && x.enabled));
  const entitled = inScope.filter((t) => has(t.id));
  return (
    <div className="space-y-6">
      {entitled.length > 0 && <MdrPage tenants={entitled.map((t) => ({ id: t.id, name: t.name }))} />}
      <ModuleAccess module="mdr" tenants={inScope} />
    </div>
  );
}
