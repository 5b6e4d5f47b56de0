import type { ComplianceTargetKind } from "@watchfloor/shared";
import { useState } from "react";
import { Card } from "@/components/ui/page";
import { SmallTable, Stat } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { useScans, useTargets } from "../api/get-compliance";
import { PassRate } from "@/components/ui/compliance-badges";
import { DriftPanel } from "./drift-panel";
import { ResultsTable } from "./results-table";
import { SeverityCounts } from "./severity-counts";

type Props = { tenantId: string; targetKind: ComplianceTargetKind; targetId: string };

/** One host, account or cluster: its figures, what changed in each latest scan, every check with evidence, and its history. */
export function TargetDetail({ tenantId, targetKind, targetId }: Props) {
  const targets = useTargets({ targetKind, q: targetId, limit: 500 });
  const scans = useScans({ targetKind, targetId, limit: 200 });
  const [driftOf, setDriftOf] = useState<string | null>(null);
  if (targets.isError) return <ErrorState error={targets.error} onRetry={() => targets.refetch()} />;
  if (scans.isError) return <ErrorState error={scans.error} onRetry={() => scans.refetch()} />;
  if (targets.isPending || scans.isPending) return <LoadingState label="Loading the target" />;
  const target = targets.data.items.find((t) => t.tenantId === tenantId && t.targetId === targetId);
  const mine = scans.data.items.filter((s) => s.tenantId === tenantId);
  if (!target)
    return <EmptyState title="Target not found">It is not in your scope, or no scan of it has been imported.</EmptyState>;
  const latest = mine.filter((s) => s.latest);
  const shownDrift = driftOf ?? latest[0]?.id ?? null;
  return (
    <div className="space-y-6">
      <Card>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="target-stats">
          <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Pass rate</dt>
            <dd className="mt-1">
              <PassRate rate={target.tally.passRate} />
            </dd>
          </div>
          <Stat label="Failing" value={target.tally.fail} tone="bad" />
          <Stat label="Errors" value={target.tally.error} tone="bad" />
          <Stat label="Excepted" value={target.tally.excepted} />
          <Stat label="Passing" value={target.tally.pass} tone="good" />
        </dl>
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Failing by severity: <SeverityCounts counts={target.failingBySeverity} /> · last assessed{" "}
          <Time iso={target.lastScannedAt} />
          {target.stale && <span className="font-medium text-red-800 dark:text-red-300">(not assessed in the last 30 days)</span>}
        </p>
      </Card>
      <Card title="Changes since the previous scan">
        {latest.length > 1 && (
          <fieldset className="mb-3 flex flex-wrap gap-3 text-sm">
            <legend className="sr-only">Benchmark</legend>
            {latest.map((s) => (
              <label key={s.id} className="inline-flex items-center gap-1.5">
                <input
                  type="radio"
                  name="drift-scan"
                  checked={shownDrift === s.id}
                  onChange={() => setDriftOf(s.id)}
                  className="accent-sky-700"
                />
                {s.benchmarkTitle ?? s.benchmarkId}
              </label>
            ))}
          </fieldset>
        )}
        {shownDrift && latest.find((s) => s.id === shownDrift) ? (
          <DriftPanel scan={latest.find((s) => s.id === shownDrift) ?? (latest[0] as (typeof latest)[number])} />
        ) : (
          <EmptyState title="No scan" />
        )}
      </Card>
      <Card title="Checks in the latest scans">
        <ResultsTable
          fixed={{ tenantId, targetKind, targetId }}
          showTarget={false}
          cloud={targetKind === "cloud-account"}
          caption={`Checks of ${targetId}`}
        />
      </Card>
      <Card title="Scan history">
        <SmallTable
          caption="Scan history"
          testId="scan-history"
          head={["Scanned", "Benchmark", "Tool", "Pass rate", "Fail", "Results", ""]}
          rows={mine.map((s) => [
            <Time key="t" iso={s.scannedAt} mode="absolute" />,
            s.benchmarkTitle ?? s.benchmarkId,
            `${s.tool}${s.toolVersion ? ` ${s.toolVersion}` : ""}`,
            <PassRate key="p" rate={s.passRate} label={`Pass rate of the scan of ${s.scannedAt}`} />,
            s.counts.fail,
            s.counts.total,
            s.latest ? "latest" : "",
          ])}
        />
      </Card>
    </div>
  );
}
