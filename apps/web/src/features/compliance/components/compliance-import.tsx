import { type ComplianceImportReport, complianceImportFormats } from "@watchfloor/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { ImportReportView } from "@/components/triage/import-report";
import { UploadForm, type Uploader } from "@/components/triage/upload-form";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SmallTable } from "@/components/ui/report-parts";
import { complianceTargetPath, paths } from "@/config/paths";
import { uploadComplianceFile } from "../api/upload-compliance";

const formatLabels: Record<(typeof complianceImportFormats)[number], string> = {
  xccdf: "OpenSCAP XCCDF / ARF results",
  inspec: "Chef InSpec JSON",
  "kube-bench": "kube-bench JSON",
  "wazuh-sca": "Wazuh SCA (API response)",
  "prowler-csv": "Prowler CSV (v3, v4, v5)",
  "prowler-json": "Prowler JSON (v3)",
  "prowler-ocsf": "Prowler JSON-OCSF (v4, v5)",
  scoutsuite: "ScoutSuite results (.js or JSON)",
  "ocsf-compliance": "OCSF Compliance Finding",
  "trivy-misconfig": "Trivy misconfiguration JSON",
};
const formats = complianceImportFormats.map((f) => ({ value: f, label: formatLabels[f] }));

function Report({ report, tenantId }: { report: ComplianceImportReport; tenantId: string }) {
  const first = report.scans[0];
  return (
    <ImportReportView
      report={report}
      outcome={{ clean: "Every record was imported.", attention: "Some records need attention." }}
      stats={[
        { label: "Records read", value: report.rowsRead },
        { label: "Results stored", value: report.resultsStored, tone: "good" },
        { label: "Scans", value: report.scans.length },
        { label: "Mappings", value: report.mappings },
        { label: "Rejected", value: report.rejectedCount, tone: "bad" },
      ]}
      skippedTitle="Skipped"
      actions={
        first && (
          <Link to={complianceTargetPath({ tenantId, ...first })} className={buttonClass("secondary", "sm")}>
            Open {first.targetId}
          </Link>
        )
      }
      extra={
        <SmallTable
          caption="Scans in this file"
          testId="import-scans"
          head={["Target", "Benchmark", "Tool", "Scanned", "Results", "Re-import"]}
          rows={report.scans.map((s) => [
            s.targetId,
            s.benchmarkId,
            s.tool,
            s.scannedAt.slice(0, 16).replace("T", " "),
            s.results,
            s.replacedEarlierImport ? "replaced" : "new",
          ])}
        />
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

/** Upload of configuration-assessment results with progress, then the import's report. */
export function ComplianceImport() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ report: ComplianceImportReport; tenantId: string } | null>(null);
  const tenantOf = useRef("");
  const [target, setTarget] = useState("");
  const upload: Uploader<ComplianceImportReport> = async (file, options, onProgress, signal) => {
    tenantOf.current = options.tenantId;
    const report = await uploadComplianceFile(file, { ...options, target }, onProgress, signal);
    void queryClient.invalidateQueries({ queryKey: ["compliance"] });
    return report;
  };
  return (
    <div className="space-y-6">
      <UploadForm
        upload={upload}
        onDone={(report) => setDone({ report, tenantId: tenantOf.current })}
        onStart={() => setDone(null)}
        formats={formats}
        file={{
          label: "Results file",
          hint: "OpenSCAP, InSpec, kube-bench, Wazuh SCA, Prowler, ScoutSuite, OCSF or Trivy",
          accept: ".xml,.json,.jsonl,.ndjson,.csv,.js,.txt,application/json,application/xml,text/xml,text/csv",
        }}
        what="compliance results"
        card
        clearAfter
        options={(busy) => (
          <div className="max-w-md">
            <TextField
              label="Target name (optional)"
              hint="For tools whose output does not name it: kube-bench's cluster, a Wazuh checks response's agent."
              value={target}
              disabled={busy}
              onChange={(e) => setTarget(e.target.value)}
            />
          </div>
        )}
      />
      {done && <Report report={done.report} tenantId={done.tenantId} />}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Imported results appear under{" "}
        <Link className="text-sky-800 underline dark:text-sky-300" to={paths.compliance.agent}>
          Agent-Based Compliance
        </Link>{" "}
        (hosts) and{" "}
        <Link className="text-sky-800 underline dark:text-sky-300" to={paths.compliance.cloud}>
          Cloud Compliance
        </Link>{" "}
        (cloud accounts).
      </p>
    </div>
  );
}
