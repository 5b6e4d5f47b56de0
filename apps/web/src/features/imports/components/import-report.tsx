import type { ReactNode } from "react";
import type { RoutedImportReport } from "@watchfloor/shared";
import { ImportReportView as KitImportReport } from "@/components/triage/import-report";
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

/** The kit's import report with the alert import's figures: rejected rows go to the quarantine, routed rows are listed. */
export function ImportReportView({ report, quarantineLink }: { report: ImportReport; quarantineLink?: ReactNode }) {
  return (
    <KitImportReport
      report={report}
      outcome={{ clean: "Every row was imported.", attention: "Some rows need attention." }}
      stats={[
        { label: "Rows read", value: report.rowsRead },
        { label: "Created", value: report.created, tone: "good" },
        { label: "Updated", value: report.updated },
        { label: "Rejected", value: report.rejectedCount, tone: "bad" },
        { label: "Findings", value: report.findingCount },
      ]}
      skippedTitle="Skipped (not alerts)"
      extra={
        report.routed?.length > 0 && (
          <div className="mt-4" data-testid="routed">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Sent to other stores</h3>
            <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {report.routed.map((r) => (
                <li key={r.destination}>{routedLine(r)}</li>
              ))}
            </ul>
          </div>
        )
      }
      rejected={{
        title: "Rejected rows",
        text: "These rows were not imported; they are kept in the quarantine to fix and re-submit.",
        more: "; the quarantine has them all.",
        actions: quarantineLink,
      }}
      notes={{
        title: "Data-quality findings",
        text: "These rows were imported; the listed values were left empty (or set to the documented default) rather than guessed.",
        testId: "findings",
        column: "Finding",
      }}
    />
  );
}
