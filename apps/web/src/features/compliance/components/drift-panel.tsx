import type { ComplianceDriftItem, ComplianceScan } from "@watchfloor/shared";
import { SmallTable } from "@/components/ui/report-parts";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { useDrift } from "../api/get-compliance";
import { ResultBadge, SeverityBadge } from "@/components/ui/compliance-badges";

function Items({ title, items, testId }: { title: string; items: ComplianceDriftItem[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">
        {title} ({items.length})
      </h4>
      <SmallTable
        caption={title}
        testId={testId}
        head={["Control", "Severity", "Before", "Now"]}
        rows={items.slice(0, 50).map((i) => [
          <span key="c">
            {i.title}
            <span className="block text-xs break-all text-slate-600 dark:text-slate-400">
              {i.controlId}
              {i.resourceId ? ` · ${i.resourceId}` : ""}
            </span>
          </span>,
          <SeverityBadge key="s" severity={i.severity} />,
          i.before ? <ResultBadge key="b" result={i.before} /> : "not checked",
          i.after ? <ResultBadge key="a" result={i.after} /> : "gone",
        ])}
      />
    </div>
  );
}

/** What changed since the previous scan of the same tool, target and benchmark. */
export function DriftPanel({ scan }: { scan: ComplianceScan }) {
  const drift = useDrift(scan.id);
  if (drift.isError) return <ErrorState error={drift.error} onRetry={() => drift.refetch()} />;
  if (drift.isPending) return <LoadingState label="Comparing with the previous scan" />;
  const { previous, newlyFailing, fixed, stillFailing } = drift.data;
  return (
    <div className="space-y-3" data-testid="drift-panel">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="drift-summary">
        {previous ? (
          <>
            Since the scan of <Time iso={previous.scannedAt} mode="absolute" />: {newlyFailing.length} newly failing,{" "}
            {fixed.length} fixed, {stillFailing.length} still failing.
          </>
        ) : (
          <>First scan of this target with this benchmark: every failure is new ({newlyFailing.length}).</>
        )}
      </p>
      {previous && <Items title="Newly failing" items={newlyFailing} testId="drift-newly-failing" />}
      <Items title="Fixed" items={fixed} testId="drift-fixed" />
    </div>
  );
}
