import { List } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { VmPage } from "@/features/vm/components/vm-page";
import { useTenantsWith, useWritableTenants } from "@/lib/permissions";
import { ModuleGate } from "./module-gate";

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
  const writable = useWritableTenants();
  const accepting = useTenantsWith("risk.accept");
  return (
    <ModuleGate module="vm" loadingLabel="Loading vulnerability management">
      {({ entitled }) => (
        <VmPage
          writable={writable.filter((t) => entitled.some((e) => e.id === t.id))}
          accepting={accepting.filter((t) => entitled.some((e) => e.id === t.id))}
          showTenants={entitled.length > 1}
        />
      )}
    </ModuleGate>
  );
}
