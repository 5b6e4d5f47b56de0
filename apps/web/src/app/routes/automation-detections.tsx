import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { paths } from "@/config/paths";
import { DetectionsPage } from "@/features/detections/components/detections-page";
import { RuleDetail } from "@/features/detections/components/rule-detail";
import { Tabs } from "./automation";
import { ModuleGate } from "./module-gate";

/** Automation → Detections: Sigma rules run on raw events (docs/detections.md). */
export function DetectionsRoute() {
  return (
    <>
      <PageHeader
        title="Detections"
        description="Sigma rules run on raw Windows events sent to the API or imported here; an event a rule matches becomes an alert."
      />
      <Tabs />
      <DetectionsBody />
    </>
  );
}

function DetectionsBody() {
  return (
    <ModuleGate module="automation" loadingLabel="Loading detections">
      {({ entitled, selected, tenantName }) => {
        const mapTenant =
          selected && entitled.some((t) => t.id === selected)
            ? selected
            : entitled.length === 1
              ? (entitled[0]?.id ?? null)
              : null;
        return <DetectionsPage tenantName={tenantName} showTenant={entitled.length > 1} mapTenantId={mapTenant} />;
      }}
    </ModuleGate>
  );
}

export function DetectionRuleRoute() {
  const { detectionRuleId = "" } = useParams();
  return (
    <>
      <PageHeader
        title="Sigma rule"
        actions={
          <Link to={paths.automation.detections} className={buttonClass("secondary", "sm")}>
            <ArrowLeft aria-hidden className="size-4" /> All rules
          </Link>
        }
      />
      <RuleDetail id={detectionRuleId} />
    </>
  );
}
