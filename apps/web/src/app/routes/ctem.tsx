import { PageHeader } from "@/components/ui/page";
import { CtemPage } from "@/features/ctem/components/ctem-page";
import { useWritableTenants } from "@/lib/permissions";
import { ModuleGate } from "./module-gate";

/**
 * CTEM: continuous threat exposure management for the tenants in scope that have the module, and
 * the upgrade panel for those that do not (docs/ctem.md, docs/modules.md).
 */
export function CtemRoute() {
  const writable = useWritableTenants();
  return (
    <>
      <PageHeader
        title="CTEM"
        description="Continuous threat exposure management: scopes of assets, what they expose, ranked by a documented score, validated, and worked down with tasks later scans measure."
      />
      <ModuleGate module="ctem" loadingLabel="Loading CTEM">
        {({ entitled, tenantName }) => (
          <CtemPage
            writable={writable.filter((t) => entitled.some((e) => e.id === t.id))}
            tenantName={entitled.length > 1 ? tenantName : undefined}
          />
        )}
      </ModuleGate>
    </>
  );
}
