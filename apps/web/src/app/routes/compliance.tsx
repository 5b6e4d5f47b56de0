import type { ComplianceTargetKind } from "@watchfloor/shared";
import { Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { BackLink, PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { ComplianceImport } from "@/features/compliance/components/compliance-import";
import { ComplianceOverview } from "@/features/compliance/components/compliance-overview";
import { ControlDetail } from "@/features/compliance/components/control-detail";
import { TargetDetail } from "@/features/compliance/components/target-detail";
import { useCan } from "@/lib/permissions";
import { ModuleGate } from "./module-gate";

/** Compliance is a module a provider switches per tenant (docs/modules.md). */
function ComplianceGate({ children }: { children: (tenantName: (id: string) => string) => ReactNode }) {
  return (
    <ModuleGate module="compliance" loadingLabel="Loading compliance">
      {({ tenantName }) => children(tenantName)}
    </ModuleGate>
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
