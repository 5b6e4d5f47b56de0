import type { ComplianceTargetKind } from "@watchfloor/shared";
import { ArrowLeft, Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ComplianceImport } from "@/features/compliance/components/compliance-import";
import { ComplianceOverview } from "@/features/compliance/components/compliance-overview";
import { ControlDetail } from "@/features/compliance/components/control-detail";
import { TargetDetail } from "@/features/compliance/components/target-detail";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useCan } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * Compliance is a module a provider switches per tenant (docs/modules.md): its pages show the
 * tenants in scope that have it, and the upgrade panel for those that do not.
 */
function ComplianceGate({ children }: { children: (tenantName: (id: string) => string) => ReactNode }) {
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading compliance" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "compliance" && x.enabled));
  const names = new Map(tenants.data.map((t) => [t.id, t.name]));
  return (
    <div className="space-y-6">
      {inScope.some((t) => has(t.id)) && children((id) => names.get(id) ?? id)}
      <ModuleAccess module="compliance" tenants={inScope} />
    </div>
  );
}

function ImportButton() {
  if (!useCan("data.write")) return null;
  return (
    <Link to={paths.compliance.import} className={buttonClass("primary")}>
      <Upload aria-hidden className="size-4" /> Import results
    </Link>
  );
}

export function AgentComplianceRoute() {
  return (
    <>
      <PageHeader
        title="Agent-Based Compliance"
        description="Hosts against their benchmarks (OpenSCAP, InSpec, Wazuh SCA, kube-bench): pass rates, failing controls, drift and hosts not assessed lately."
        actions={<ImportButton />}
      />
      <ComplianceGate>{(tenantName) => <ComplianceOverview kind="agent" tenantName={tenantName} />}</ComplianceGate>
    </>
  );
}

export function CloudComplianceRoute() {
  return (
    <>
      <PageHeader
        title="Cloud Compliance"
        description="Cloud accounts against frameworks (Prowler, ScoutSuite, OCSF, Trivy): scores per framework and requirement, failing checks by service and region, and the trend."
        actions={<ImportButton />}
      />
      <ComplianceGate>{(tenantName) => <ComplianceOverview kind="cloud" tenantName={tenantName} />}</ComplianceGate>
    </>
  );
}

const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Link
    to={to}
    className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
  >
    <ArrowLeft aria-hidden className="size-4" /> {label}
  </Link>
);

export function ComplianceImportRoute() {
  return (
    <>
      <BackLink to={paths.compliance.agent} label="Compliance" />
      <PageHeader
        title="Import compliance results"
        description="Upload a configuration-assessment file. The format is detected; a re-import of the same scan replaces it, and a malformed file is refused whole."
      />
      <ComplianceGate>{() => <ComplianceImport />}</ComplianceGate>
    </>
  );
}

export function ComplianceTargetRoute() {
  const { tenantId = "", targetKind = "host", targetId = "" } = useParams();
  const cloud = targetKind === "cloud-account";
  return (
    <>
      <BackLink
        to={cloud ? paths.compliance.cloud : paths.compliance.agent}
        label={cloud ? "Cloud Compliance" : "Agent-Based Compliance"}
      />
      <PageHeader
        title={targetId}
        description={cloud ? "Cloud account" : targetKind === "host" ? "Host" : "Kubernetes cluster"}
      />
      <ComplianceGate>
        {() => <TargetDetail tenantId={tenantId} targetKind={targetKind as ComplianceTargetKind} targetId={targetId} />}
      </ComplianceGate>
    </>
  );
}

export function ComplianceControlRoute() {
  const { tool = "", controlId = "" } = useParams();
  return (
    <>
      <BackLink to={paths.compliance.agent} label="Compliance" />
      <ComplianceGate>{() => <ControlDetail tool={tool} controlId={controlId} />}</ComplianceGate>
    </>
  );
}
