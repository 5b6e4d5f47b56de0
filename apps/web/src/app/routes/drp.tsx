import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { WatchedAssets } from "@/features/drp/components/watched-assets";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * Digital risk protection: watched assets and their look-alike domains for the tenants in scope
 * that have DRP, and the upgrade panel for those that do not (docs/drp.md, docs/modules.md).
 */
export function DrpRoute() {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading digital risk protection" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const hasDrp = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "drp" && x.enabled));
  const entitled = inScope.filter((t) => hasDrp(t.id));
  return (
    <>
      <PageHeader
        title="Digital risk protection"
        description="Domains, e-mail domains, brands and executives watched for impersonation, with the look-alike domains to look out for."
      />
      <div className="space-y-6">
        {entitled.length > 0 && <WatchedAssets tenants={entitled} />}
        <ModuleAccess module="drp" tenants={inScope} />
      </div>
    </>
  );
}
