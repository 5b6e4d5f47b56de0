import { List } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { VmPage } from "@/features/vm/components/vm-page";
import { useTenantsWith, useWritableTenants } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * VM: the vulnerability-management programme for the tenants in scope that have the module, and
 * the upgrade panel for those that do not (docs/vm.md, docs/modules.md).
 */
export function VmRoute() {
  return (
    <>
      <PageHeader
        title="Vulnerability management"
        description="The remediation programme: backlog by severity and age, SLA adherence, fixes ranked by the risk they remove, and campaigns that later scans close."
        actions={
          <Link to={`${paths.risk.vulnerabilities}?view=open`} className={buttonClass("secondary", "sm")}>
            <List aria-hidden className="size-4" /> Vulnerable assets
          </Link>
        }
      />
      <VmBody />
    </>
  );
}

function VmBody() {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  const writable = useWritableTenants();
  const accepting = useTenantsWith("risk.accept");
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading vulnerability management" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "vm" && x.enabled));
  const entitled = inScope.filter((t) => has(t.id));
  return (
    <div className="space-y-6">
      {entitled.length > 0 && (
        <VmPage
          writable={writable.filter((t) => entitled.some((e) => e.id === t.id))}
          accepting={accepting.filter((t) => entitled.some((e) => e.id === t.id))}
          showTenants={entitled.length > 1}
        />
      )}
      <ModuleAccess module="vm" tenants={inScope} />
    </div>
  );
}
