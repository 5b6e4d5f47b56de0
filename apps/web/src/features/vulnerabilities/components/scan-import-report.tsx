import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { rejectedRows, SmallTable, Stat } from "@/components/ui/report-parts";
import { paths } from "@/config/paths";
import type { ScanImportReport } from "../api/upload-scan";

/** What a scanner import did: findings created, updated, merged, reopened and fixed; assets; rejected rows. */
export function ScanImportReportView({ report }: { report: ScanImportReport }) {
  const clean = report.rejectedCount === 0 && report.findingCount === 0;
  return (
    <div className="space-y-6" data-testid="import-report">
      <Card
        title="Import report"
        actions={
          <Link to={`${paths.risk.vulnerabilities}?view=all&sort=createdAt&dir=desc`} className={buttonClass("secondary", "sm")}>
            Show findings
          </Link>
        }
      >
        <p className="mb-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          {clean ? (
            <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-700" />
          ) : (
            <CircleAlert aria-hidden className="size-5 shrink-0 text-amber-700" />
          )}
          <span>
            <span className="font-medium">{report.filename ?? "File"}</span> read as{" "}
            <span className="font-mono">{report.format}</span>
            {report.fullScan ? " (full scan)" : " (partial scan)"}.
            {clean ? " Every record was imported." : " Some records need attention."}
          </span>
        </p>
        {/* Ten figures: two rows of five when the card is wide, else five rows of two (no orphan tile). */}
        <div className="@container">
          <dl className="grid grid-cols-2 gap-3 @xl:grid-cols-5">
            <Stat label="Records read" value={report.rowsRead} />
            <Stat label="Created" value={report.created} tone="good" />
            <Stat label="Updated" value={report.updated} />
            <Stat label="Merged" value={report.merged} />
            <Stat label="Reopened" value={report.reopened} />
            <Stat label="Fixed" value={report.fixed} tone="good" />
            <Stat label="Assets created" value={report.assetsCreated} />
            <Stat label="Assets matched" value={report.assetsMatched} />
            <Stat label="Rejected" value={report.rejectedCount} tone="bad" />
            <Stat label="Notes" value={report.findingCount} />
          </dl>
        </div>
        {report.skipped.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Skipped (not vulnerabilities)</h3>
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
        <Card title={`Rejected records (${report.rejectedCount})`}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            These records were not imported; they are kept in the import quarantine with the reason.
          </p>
          <SmallTable
            caption="Rejected records"
            testId="rejected-rows"
            head={["Row", "Field", "Reason"]}
            rows={rejectedRows(report.rejected)}
          />
          {report.rejected.length < report.rejectedCount && (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Showing the first {report.rejected.length}.</p>
          )}
        </Card>
      )}
      {report.findingCount > 0 && (
        <Card title={`Data-quality notes (${report.findingCount})`}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            These records were imported; the notes say what was merged or left empty rather than guessed.
          </p>
          <SmallTable
            caption="Data-quality notes"
            testId="quality-notes"
            head={["Row", "Field", "Value", "Note"]}
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
