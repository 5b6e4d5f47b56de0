import { Link } from "react-router";
import { ImportReportView } from "@/components/triage/import-report";
import { buttonClass } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { ScanImportReport } from "../api/upload-scan";

/** The kit's import report with a scanner import's figures: findings created, merged, reopened, fixed; assets. */
export function ScanImportReportView({ report }: { report: ScanImportReport }) {
  return (
    <ImportReportView
      report={report}
      readAs={report.fullScan ? " (full scan)" : " (partial scan)"}
      outcome={{ clean: "Every record was imported.", attention: "Some records need attention." }}
      wide
      stats={[
        { label: "Records read", value: report.rowsRead },
        { label: "Created", value: report.created, tone: "good" },
        { label: "Updated", value: report.updated },
        { label: "Merged", value: report.merged },
        { label: "Reopened", value: report.reopened },
        { label: "Fixed", value: report.fixed, tone: "good" },
        { label: "Assets created", value: report.assetsCreated },
        { label: "Assets matched", value: report.assetsMatched },
        ...(report.includeInfo
          ? [
              { label: "Informational kept", value: report.observations },
              { label: "Informational gone", value: report.observationsGone },
            ]
          : []),
        { label: "Rejected", value: report.rejectedCount, tone: "bad" },
        { label: "Notes", value: report.findingCount },
      ]}
      skippedTitle={report.includeInfo ? "Skipped" : "Skipped (not vulnerabilities)"}
      actions={
        <Link to={`${paths.risk.vulnerabilities}?view=all&sort=createdAt&dir=desc`} className={buttonClass("secondary", "sm")}>
          Show findings
        </Link>
      }
      rejected={{
        title: "Rejected records",
        text: "These records were not imported; they are kept in the import quarantine with the reason.",
        more: ".",
      }}
      notes={{
        title: "Data-quality notes",
        text: "These records were imported; the notes say what was merged or left empty rather than guessed.",
        testId: "quality-notes",
        column: "Note",
      }}
    />
  );
}
