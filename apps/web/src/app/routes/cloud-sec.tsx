import { Cloud, ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { CloudSecPage } from "@/features/cloud-sec/components/cloud-sec-page";
import { ModuleGate } from "./module-gate";

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
  return (
    <ModuleGate module="cloud-sec" loadingLabel="Loading cloud security">
      {({ entitled, tenantName }) => <CloudSecPage tenantName={tenantName} showTenant={entitled.length > 1} />}
    </ModuleGate>
  );
}
