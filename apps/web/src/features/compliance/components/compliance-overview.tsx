import type { ComplianceTargetKind } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { Stat } from "@/components/ui/report-parts";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useBreakdown, useTargets } from "../api/get-compliance";
import { CloudInsights } from "./cloud-insights";
import { PassRate } from "@/components/ui/compliance-badges";
import { ExceptionsList } from "./exceptions-list";
import { FailingControls } from "./failing-controls";
import { FrameworkScores } from "./framework-scores";
import { ResultsTable } from "./results-table";
import { TargetsTable } from "./targets-table";

/** The headline figures over every target of the kind: summed from the per-tool tallies, so they match the lists. */
function Headline({ targetKind, noun }: { targetKind: ComplianceTargetKind; noun: string }) {
  const tools = useBreakdown("tool", targetKind);
  const targets = useTargets({ targetKind, limit: 1 });
  if (tools.isError) return <ErrorState error={tools.error} onRetry={() => tools.refetch()} />;
  if (targets.isError) return <ErrorState error={targets.error} onRetry={() => targets.refetch()} />;
  if (tools.isPending || targets.isPending) return <LoadingState label="Loading figures" />;
  const sum = tools.data.items.reduce(
    (a, t) => ({ pass: a.pass + t.pass, fail: a.fail + t.fail, error: a.error + t.error, excepted: a.excepted + t.excepted }),
    { pass: 0, fail: 0, error: 0, excepted: 0 },
  );
  const scored = sum.pass + sum.fail + sum.error;
  return (
    <Card>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="compliance-headline">
        <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Pass rate</dt>
          <dd className="mt-1">
            <PassRate rate={scored === 0 ? null : Math.round((sum.pass / scored) * 1000) / 10} />
          </dd>
        </div>
        <Stat label={`${noun} assessed`} value={targets.data.total} />
        <Stat label="Not assessed in 30 days" value={targets.data.stale} tone="bad" />
        <Stat label="Failing checks" value={sum.fail + sum.error} tone="bad" />
        <Stat label="Excepted" value={sum.excepted} />
      </dl>
    </Card>
  );
}

/** Agent-Based Compliance (hosts; clusters when kube-bench results exist) or Cloud Compliance (accounts). */
export function ComplianceOverview({ kind, tenantName }: { kind: "agent" | "cloud"; tenantName: (id: string) => string }) {
  const targetKind: ComplianceTargetKind = kind === "agent" ? "host" : "cloud-account";
  const clusters = useTargets({ targetKind: "kubernetes-cluster", limit: 1 });
  const hasClusters = kind === "agent" && (clusters.data?.total ?? 0) > 0;
  return (
    <div className="space-y-6">
      <Headline targetKind={targetKind} noun={kind === "agent" ? "Hosts" : "Accounts"} />
      <FrameworkScores targetKind={targetKind} />
      {kind === "cloud" && <CloudInsights targetKind={targetKind} />}
      <TargetsTable targetKind={targetKind} tenantName={tenantName} />
      {hasClusters && <TargetsTable targetKind="kubernetes-cluster" tenantName={tenantName} prefix="k" />}
      <FailingControls targetKind={targetKind} />
      <Card title={kind === "agent" ? "Host checks" : "Cloud checks"}>
        <ResultsTable
          fixed={{ targetKind }}
          initial={{ result: "open" }}
          cloud={kind === "cloud"}
          caption="Checks in the latest scans"
        />
      </Card>
      <ExceptionsList targetKind={targetKind} />
    </div>
  );
}
