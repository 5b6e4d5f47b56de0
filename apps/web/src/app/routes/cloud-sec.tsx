import { Cloud, ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { CloudSecPage } from "@/features/cloud-sec/components/cloud-sec-page";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * Cloud Sec: the resource view of the cloud scans for the tenants in scope that have the module,
 * and the upgrade panel for those that do not (docs/cloud-sec.md, docs/modules.md).
 */
export function CloudSecRoute() {
  const header = (
    <PageHeader
      title="Cloud Sec"
      description="Cloud accounts and the resources their scans saw: misconfigurations by service, publicly exposed resources, identity and logging gaps."
      actions={
        <>
          <Link to={paths.risk.cloudPosture} className={buttonClass("secondary", "sm")}>
            <Cloud aria-hidden className="size-4" /> Cloud Posture
          </Link>
          <Link to={paths.compliance.cloud} className={buttonClass("secondary", "sm")}>
            <ClipboardCheck aria-hidden className="size-4" /> Cloud Compliance
          </Link>
        </>
      }
    />
  );
  return (
    <>
      {header}
      <CloudSecBody />
    </>
  );
}

function CloudSecBody() {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading cloud security" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "cloud-sec" && x.enabled));
  const entitled = inScope.filter((t) => has(t.id));
  const names = new Map(tenants.data.map((t) => [t.id, t.name]));
  return (
    <div className="space-y-6">
      {entitled.length > 0 && <CloudSecPage tenantName={(id) => names.get(id) ?? id} showTenant={entitled.length > 1} />}
      <ModuleAccess module="cloud-sec" tenants={inScope} />
    </div>
  );
}
