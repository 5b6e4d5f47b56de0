import { ErrorState, LoadingState } from "@/components/ui/states";
import { Stat } from "@/components/ui/report-parts";
import { useDetectionRules, useDetectionStats } from "../api/get-detections";
import { EventFileCard, RuleImportCard } from "./detection-uploads";
import { LogsourceMapCard } from "./logsource-map-card";
import { RulesTable } from "./rules-table";

/** Sigma detections for the tenants in scope: figures, imports, the rules and the logsource map. */
export function DetectionsPage({
  tenantName,
  showTenant,
  mapTenantId,
}: {
  tenantName: (id: string) => string;
  showTenant: boolean;
  /** The tenant whose logsource map is shown (the selected one, or the only one). */
  mapTenantId: string | null;
}) {
  const rules = useDetectionRules();
  const stats = useDetectionStats();
  return (
    <div className="space-y-6">
      {stats.data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="detection-stats">
          <Stat label="Rules" value={stats.data.rules} />
          <Stat label="Enabled" value={stats.data.enabled} />
          <Stat label="Events received" value={stats.data.eventsReceived} />
          <Stat label="Events matched" value={stats.data.eventsMatched} tone="good" />
          <Stat label="Matched nothing" value={stats.data.eventsUnmatched} />
        </dl>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <RuleImportCard />
        <EventFileCard />
      </div>
      {rules.isError ? (
        <ErrorState error={rules.error} onRetry={() => rules.refetch()} />
      ) : rules.isPending ? (
        <LoadingState label="Loading rules" />
      ) : (
        <RulesTable rules={rules.data.items} tenantName={tenantName} showTenant={showTenant} />
      )}
      {mapTenantId && <LogsourceMapCard tenantId={mapTenantId} />}
    </div>
  );
}
