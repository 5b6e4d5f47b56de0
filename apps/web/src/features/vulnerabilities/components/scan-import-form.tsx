import { findingImportFormats } from "@watchfloor/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldShell, fileInputClass, SelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, Notice } from "@/components/ui/states";
import { UploadProgress } from "@/components/ui/upload-progress";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useWritableTenants } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";
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

/** Pick tenant, format (detected from the file by default) and a scanner report; upload with progress. */
export function ScanImportForm({ onReport }: { onReport: (report: ScanImportReport) => void }) {
  const tenants = useWritableTenants();
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const [format, setFormat] = useState("");
  const [partial, setPartial] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  if (tenants.length === 0)
    return (
      <EmptyState title="You cannot import scans">
        Your role is read-only in every tenant. Ask an administrator for analyst access.
      </EmptyState>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const report = await uploadScanFile(
        file,
        { tenantId, format: format || undefined, partial },
        setProgress,
        abort.current.signal,
      );
      // The lists and asset pages change with every import.
      void queryClient.invalidateQueries({ queryKey: ["findings"] });
      void queryClient.invalidateQueries({ queryKey: ["assets"] });
      onReport(report);
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  }

  const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors() : {};
  const busy = progress !== null;
  return (
    <Card>
      <form onSubmit={submit} className="grid gap-4 lg:grid-cols-3">
        <SelectField label="Tenant" value={tenantId} onChange={(e) => setTenantId(e.target.value)} disabled={busy}>
          {tenants.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          disabled={busy}
          error={fieldErrors.format}
        >
          <option value="">Detect automatically</option>
          {findingImportFormats.map((f) => (
            <option key={f} value={f}>
              {formatLabels[f] ?? f}
            </option>
          ))}
        </SelectField>
        <FieldShell label="Scanner report" hint="Nessus, OpenVAS/GVM, Trivy, Nuclei, Qualys, Burp, Wazuh or CSV">
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              aria-describedby={describedBy}
              disabled={busy}
              accept=".nessus,.xml,.json,.jsonl,.csv,.txt,application/json,application/xml,text/xml,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={fileInputClass}
            />
          )}
        </FieldShell>
        <label className="flex items-start gap-2 text-sm text-slate-700 lg:col-span-3 dark:text-slate-300">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-sky-700"
            checked={partial}
            disabled={busy}
            onChange={(e) => setPartial(e.target.checked)}
          />
          <span>
            Partial scan (only some checks ran): never close findings this file does not report. A full scan closes them as Fixed
            on the assets it covered.
          </span>
        </label>
        <div className="space-y-3 lg:col-span-3">
          {busy && <UploadProgress progress={progress} />}
          {error != null && !fieldErrors.format && <Notice tone="error">{errorMessage(error)}</Notice>}
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
    </Card>
  );
}
