import type { SurfaceImportReport } from "@watchfloor/shared";
import { useState } from "react";
import { UploadForm } from "@/components/triage/upload-form";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { uploadNmapScan } from "../api/upload-nmap-scan";
import { ScanReport } from "./scan-report";

export const scanCommand = "nmap -sV --script ssl-cert -oX scan.xml TARGETS";

/** How to run nmap, the kit's upload form for its XML output, and what the import did. */
export function NmapUpload() {
  const [report, setReport] = useState<SurfaceImportReport | null>(null);
  return (
    <Card title="Import an nmap scan" className="scroll-mt-4">
      <div id="import-scan" className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Upload nmap&apos;s XML output. Service versions (<code>-sV</code>) name what listens on each port; the{" "}
          <code>ssl-cert</code> script reads TLS certificates:
        </p>
        <pre className="rounded-md bg-slate-100 px-3 py-2 text-xs break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          <code>{scanCommand}</code>
        </pre>
        <UploadForm
          upload={(file, { tenantId }, onProgress, signal) => uploadNmapScan(file, tenantId, onProgress, signal)}
          onStart={() => setReport(null)}
          onDone={setReport}
          file={{ label: "nmap XML file", hint: "The file nmap wrote with -oX", accept: ".xml,application/xml,text/xml" }}
          what="scans"
          noTenants={
            <Notice tone="info">
              Your role is read-only in every tenant: ask an administrator for analyst access to import scans.
            </Notice>
          }
          columns={2}
          clearAfter
        />
        {report && <ScanReport report={report} />}
      </div>
    </Card>
  );
}
