import type { SurfaceImportReport } from "@watchfloor/shared";
import { Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldShell, fileInputClass, SelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { UploadProgress } from "@/components/ui/upload-progress";
import { errorMessage } from "@/lib/api-client";
import { useWritableTenants } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { uploadNmapScan } from "../api/upload-nmap-scan";
import { ScanReport } from "./scan-report";

export const scanCommand = "nmap -sV --script ssl-cert -oX scan.xml TARGETS";

/** Pick the tenant and nmap's XML output; upload with progress; show what the import did. */
export function NmapUpload() {
  const tenants = useWritableTenants();
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [report, setReport] = useState<SurfaceImportReport | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setReport(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      setReport(await uploadNmapScan(file, tenantId, setProgress, abort.current.signal));
      setFile(null);
      if (input.current) input.current.value = "";
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
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
        {tenants.length === 0 ? (
          <Notice tone="info">
            Your role is read-only in every tenant: ask an administrator for analyst access to import scans.
          </Notice>
        ) : (
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Tenant" value={tenantId} onChange={(e) => setTenantId(e.target.value)} disabled={busy}>
              {tenants.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
            <FieldShell label="nmap XML file" hint="The file nmap wrote with -oX">
              {({ id, describedBy }) => (
                <input
                  ref={input}
                  id={id}
                  type="file"
                  aria-describedby={describedBy}
                  disabled={busy}
                  accept=".xml,application/xml,text/xml"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  className={fileInputClass}
                />
              )}
            </FieldShell>
            <div className="space-y-3 sm:col-span-2">
              {busy && <UploadProgress progress={progress} />}
              {error != null && <Notice tone="error">{errorMessage(error)}</Notice>}
              <div className="flex justify-end gap-2">
                {busy && (
                  <Button variant="ghost" onClick={() => abort.current?.abort()}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" loading={busy} disabled={!file || !tenantId}>
                  <Upload aria-hidden className="size-4" /> Upload and import
                </Button>
              </div>
            </div>
          </form>
        )}
        {report && <ScanReport report={report} />}
      </div>
    </Card>
  );
}
