import { alertImportFormats } from "@watchfloor/shared";
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
import { type ImportReport, uploadAlertFile } from "../api/upload-import";

/** Pick tenant, format (auto-detected by default) and file; upload with a progress bar. */
export function ImportForm({ onReport }: { onReport: (report: ImportReport) => void }) {
  const tenants = useWritableTenants();
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const [format, setFormat] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);

  if (tenants.length === 0)
    return (
      <EmptyState title="You cannot import alerts">
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
      onReport(await uploadAlertFile(file, { tenantId, format: format || undefined }, setProgress, abort.current.signal));
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
          {alertImportFormats.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <FieldShell label="File" hint="JSON, JSON lines, CSV or Zeek logs">
          {({ id, describedBy }) => (
            <input
              id={id}
              type="file"
              aria-describedby={describedBy}
              disabled={busy}
              accept=".json,.jsonl,.ndjson,.csv,.log,.tsv,.txt,application/json,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={fileInputClass}
            />
          )}
        </FieldShell>
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
