import { findingImportFormats } from "@watchfloor/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { UploadForm, type Uploader } from "@/components/triage/upload-form";
import { CheckboxField } from "@/components/ui/field";
import { type ScanImportReport, uploadScanFile } from "../api/upload-scan";

const formatLabels: Record<string, string> = {
  nessus: "Nessus (.nessus v2)",
  trivy: "Trivy JSON",
  openvas: "OpenVAS / GVM XML",
  "openvas-csv": "OpenVAS CSV",
  nuclei: "Nuclei JSON",
  qualys: "Qualys XML",
  burp: "Burp Suite XML",
  "wazuh-vulnerabilities": "Wazuh vulnerability states",
  "generic-csv": "Generic CSV",
  ocsf: "OCSF Vulnerability Finding JSON",
};
const formats = findingImportFormats.map((f) => ({ value: f, label: formatLabels[f] ?? f }));

/** The kit's upload form for scanner reports, with the partial-scan and informational-results options. */
export function ScanImportForm({ onReport }: { onReport: (report: ScanImportReport) => void }) {
  const [partial, setPartial] = useState(false);
  const [includeInfo, setIncludeInfo] = useState(false);
  const queryClient = useQueryClient();
  const upload: Uploader<ScanImportReport> = async (file, options, onProgress, signal) => {
    const report = await uploadScanFile(file, { ...options, partial, includeInfo }, onProgress, signal);
    // The lists and asset pages change with every import.
    void queryClient.invalidateQueries({ queryKey: ["findings"] });
    void queryClient.invalidateQueries({ queryKey: ["assets"] });
    void queryClient.invalidateQueries({ queryKey: ["attack-surface"] });
    return report;
  };
  return (
    <UploadForm
      upload={upload}
      onDone={onReport}
      formats={formats}
      file={{
        label: "Scanner report",
        hint: "Nessus, OpenVAS/GVM, Trivy, Nuclei, Qualys, Burp, Wazuh or CSV",
        accept: ".nessus,.xml,.json,.jsonl,.csv,.txt,application/json,application/xml,text/xml,text/csv",
      }}
      what="scans"
      card
      options={(busy) => (
        <div className="space-y-2">
          <CheckboxField checked={partial} disabled={busy} onChange={setPartial}>
            Partial scan (only some checks ran): never close findings this file does not report. A full scan closes them as Fixed
            on the assets it covered.
          </CheckboxField>
          <CheckboxField checked={includeInfo} disabled={busy} onChange={setIncludeInfo}>
            Keep informational results (open ports, service banners, detected technologies) for the attack surface. They never
            count as vulnerabilities.
          </CheckboxField>
        </div>
      )}
    />
  );
}
