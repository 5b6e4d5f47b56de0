import type { ReactNode } from "react";
import { ImportReportView as KitImportReport } from "@/components/triage/import-report";
import type { ImportReport } from "../api/upload-import";

/** The kit's import report with the alert import's figures: rejected rows go to the quarantine. */
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
      rejected={{
        title: "Rejected rows",
        text: "These rows were not imported; they are kept in the quarantine to fix and re-submit.",
        more: "; the quarantine has them all.",
        actions: quarantineLink,
      }}
      notes={{
        title: "Data-quality findings",
        text: "These rows were imported; the listed values were left empty rather than guessed.",
        testId: "findings",
        column: "Finding",
      }}
    />
  );
}
