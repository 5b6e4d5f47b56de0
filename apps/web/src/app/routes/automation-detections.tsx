import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { DetectionsPage } from "@/features/detections/components/detections-page";
import { RuleDetail } from "@/features/detections/components/rule-detail";
import { useModules } from "@/features/modules/api/get-modules";
import { ModuleAccess } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { Tabs } from "./automation";

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
  const tenants = useTenants();
  const modules = useModules();
  const selected = useSelectedTenantId();
  if (tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (tenants.isPending || modules.isPending) return <LoadingState label="Loading detections" />;
  const inScope = tenants.data.filter((t) => !selected || t.id === selected);
  const has = (id: string) =>
    modules.data.some((m) => m.tenantId === id && m.modules.some((x) => x.module === "automation" && x.enabled));
  const entitled = inScope.filter((t) => has(t.id));
  const names = new Map(tenants.data.map((t) => [t.id, t.name]));
  const mapTenant = selected && has(selected) ? selected : entitled.length === 1 ? (entitled[0]?.id ?? null) : null;
  return (
    <div className="space-y-6">
      {entitled.length > 0 && (
        <DetectionsPage tenantName={(id) => names.get(id) ?? id} showTenant={entitled.length > 1} mapTenantId={mapTenant} />
      )}
      <ModuleAccess module="automation" tenants={inScope} />
    </div>
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
