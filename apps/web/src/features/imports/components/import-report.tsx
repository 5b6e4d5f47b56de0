import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/page";
import { rejectedRows, SmallTable, Stat } from "@/components/ui/report-parts";
import type { RoutedImportReport } from "@watchfloor/shared";
import type { ImportReport } from "../api/upload-import";

const destinationNames: Record<RoutedImportReport["destination"], string> = {
  vulnerabilities: "vulnerability findings",
  compliance: "compliance results",
};

/** One line per store that rows of this file went to, with that import's outcome. */
function routedLine(r: RoutedImportReport): string {
  const rows = `${r.rows.toLocaleString("en")} ${r.rows === 1 ? "row" : "rows"}`;
  const where = destinationNames[r.destination];
  if (r.error) return `${rows} for the ${where} could not be imported there: ${r.error}`;
  return `${rows} went to the ${where}: ${r.created ?? 0} created, ${r.updated ?? 0} updated, ${r.rejectedCount ?? 0} rejected.`;
}

/** What happened to every row: counts, skipped by reason, rejected rows and data-quality findings. */
export function ImportReportView({ report, quarantineLink }: { report: ImportReport; quarantineLink?: ReactNode }) {
  const clean = report.rejectedCount === 0 && report.findingCount === 0;
  return (
    <div className="space-y-6" data-testid="import-report">
      <Card title="Import report">
        <p className="mb-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          {clean ? (
            <CircleCheck aria-hidden className="size-5 text-emerald-700" />
          ) : (
            <CircleAlert aria-hidden className="size-5 text-amber-700" />
          )}
          <span>
            <span className="font-medium">{report.filename ?? "File"}</span> read as{" "}
            <span className="font-mono">{report.format}</span>.{clean ? " Every row was imported." : " Some rows need attention."}
          </span>
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Stat label="Rows read" value={report.rowsRead} />
          <Stat label="Created" value={report.created} tone="good" />
          <Stat label="Updated" value={report.updated} />
          <Stat label="Rejected" value={report.rejectedCount} tone="bad" />
          <Stat label="Findings" value={report.findingCount} />
        </dl>
        {report.routed?.length > 0 && (
          <div className="mt-4" data-testid="routed">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Sent to other stores</h3>
            <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {report.routed.map((r) => (
                <li key={r.destination}>{routedLine(r)}</li>
              ))}
            </ul>
          </div>
        )}
        {report.skipped.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Skipped (not alerts)</h3>
            <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {report.skipped.map((s) => (
                <li key={s.reason}>
                  {s.reason}: {s.count}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      {report.rejectedCount > 0 && (
        <Card title={`Rejected rows (${report.rejectedCount})`} actions={quarantineLink}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            These rows were not imported; they are kept in the quarantine to fix and re-submit.
          </p>
          <SmallTable
            caption="Rejected rows"
            testId="rejected-rows"
            head={["Row", "Field", "Reason"]}
            rows={rejectedRows(report.rejected)}
          />
          {report.rejected.length < report.rejectedCount && (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Showing the first {report.rejected.length}; the quarantine has them all.
            </p>
          )}
        </Card>
      )}
      {report.findingCount > 0 && (
        <Card title={`Data-quality findings (${report.findingCount})`}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            These rows were imported; the listed values were left empty (or set to the documented default) rather than guessed.
          </p>
          <SmallTable
            caption="Data-quality findings"
            testId="findings"
            head={["Row", "Field", "Value", "Finding"]}
            rows={report.findings.map((f) => [
              f.row,
              <span key="f" className="font-mono">
                {f.field}
              </span>,
              <span key="v" className="font-mono break-all">
                {f.value}
              </span>,
              f.message,
            ])}
          />
        </Card>
      )}
    </div>
  );
}
