import { complianceFrameworkLabels } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/page";
import { Stat } from "@/components/ui/report-parts";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useControl } from "../api/get-compliance";
import { PassRate, SeverityBadge } from "@/components/ui/compliance-badges";
import { ExceptionsList } from "./exceptions-list";
import { ResultsTable } from "./results-table";

const Text = ({ title, text }: { title: string; text: string | null }) =>
  text ? (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-700 dark:text-slate-300">{text}</p>
    </div>
  ) : null;

/** One control across hosts, accounts and tenants: what it checks, where it maps, every result, its exceptions. */
export function ControlDetail({ tool, controlId }: { tool: string; controlId: string }) {
  const control = useControl(tool, controlId);
  const [history, setHistory] = useState(false);
  if (control.isError) return <ErrorState error={control.error} onRetry={() => control.refetch()} />;
  if (control.isPending) return <LoadingState label="Loading the control" />;
  const c = control.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={c.title}
        description={<span className="break-all">{`${tool} control ${controlId}, across hosts, accounts and tenants`}</span>}
      />
      <Card>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <SeverityBadge severity={c.severity} />
          <PassRate rate={c.tally.passRate} />
          <span className="text-sm text-slate-600 dark:text-slate-400">
            on {c.targets} target{c.targets === 1 ? "" : "s"} in {c.tenants} tenant{c.tenants === 1 ? "" : "s"}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="control-stats">
          <Stat label="Failing" value={c.tally.fail} tone="bad" />
          <Stat label="Errors" value={c.tally.error} tone="bad" />
          <Stat label="Excepted" value={c.tally.excepted} />
          <Stat label="Passing" value={c.tally.pass} tone="good" />
        </dl>
        <div className="mt-4 space-y-3">
          <Text title="Rationale" text={c.rationale} />
          <Text title="Remediation" text={c.remediation} />
        </div>
        {c.mappings.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Framework requirements</h3>
            <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="control-mappings">
              {c.mappings.map((m) => (
                <li
                  key={`${m.source} ${m.requirement}`}
                  className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                  title={m.framework ? complianceFrameworkLabels[m.framework] : "Not a scored framework"}
                >
                  {m.source} {m.requirement}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card
        title={history ? "Every result, all scans" : "Results in the latest scans"}
        actions={
          <Button size="sm" variant="secondary" aria-pressed={history} onClick={() => setHistory((h) => !h)}>
            {history ? "Latest scans only" : "Show history"}
          </Button>
        }
      >
        <ResultsTable
          key={String(history)}
          fixed={{ tool, controlId, history: history || undefined, sort: history ? "scannedAt" : "target" }}
          caption={`Results of ${c.title}`}
        />
      </Card>
      <ExceptionsList tool={tool} controlId={controlId} title="Exceptions for this control" />
    </div>
  );
}
