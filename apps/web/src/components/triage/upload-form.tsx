import { Upload } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldShell, fileInputClass, SelectField, TenantSelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, Notice } from "@/components/ui/states";
import { UploadProgress } from "@/components/ui/upload-progress";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import type { Permission } from "@watchfloor/shared";
import { useTenantsWith } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** Sends the file for a tenant (and format, when the form offers one), reporting progress. */
export type Uploader<T> = (
  file: File,
  options: { tenantId: string; format?: string },
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<T>;

type Props<T> = {
  upload: Uploader<T>;
  /** The import's report; `onStart` runs as a new upload begins (hide the last report). */
  onDone: (report: T) => void;
  onStart?: () => void;
  /** The file field's label, hint and accepted types. */
  file: { label: string; hint: string; accept: string };
  /** Formats to choose from; the first option is "Detect automatically". None: no format field. */
  formats?: readonly { value: string; label: string }[];
  /** What is imported ("alerts"): "You cannot import alerts" when the person may write in no tenant. */
  what: string;
  /** Shown instead of that message (e.g. inside a card that explains more). */
  noTenants?: ReactNode;
  /** Three fields on a line from lg up, or two from sm up. */
  columns?: 2 | 3;
  /** More options under the fields (disabled while `busy`). */
  options?: (busy: boolean) => ReactNode;
  /** Empty the file field after a successful upload (the page stays for another file). */
  clearAfter?: boolean;
  /** Put the form in a card of its own (not when the page's card already holds it). */
  card?: boolean;
  /** The permission the tenant picker offers tenants for (default: data.write). */
  permission?: Permission;
  /** Only these tenants (e.g. those that have the page's module). */
  tenantIds?: readonly string[];
};

/**
 * Pick the tenant, format (auto-detected by default) and file; upload with a progress bar and a
 * Cancel button. A field error from the server shows on the format field, anything else above the
 * buttons.
 */
export function UploadForm<T>({
  upload,
  onDone,
  onStart,
  file: fileField,
  formats,
  what,
  noTenants,
  columns = 3,
  permission = "data.write",
  tenantIds,
  ...props
}: Props<T>) {
  const tenants = useTenantsWith(permission).filter((t) => !tenantIds || tenantIds.includes(t.id));
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const [format, setFormat] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (tenants.length === 0)
    return (
      noTenants ?? (
        <EmptyState title={`You cannot import ${what}`}>
          Your role is read-only in every tenant. Ask an administrator for analyst access.
        </EmptyState>
      )
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    onStart?.();
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      onDone(await upload(file, { tenantId, format: format || undefined }, setProgress, abort.current.signal));
      if (props.clearAfter && input.current) {
        setFile(null);
        input.current.value = "";
      }
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  }

  const formatError = formats && error instanceof ApiRequestError ? error.fieldErrors().format : undefined;
  const busy = progress !== null;
  const span = columns === 3 ? "lg:col-span-3" : "sm:col-span-2";
  const form = (
    <form onSubmit={submit} className={`grid gap-4 ${columns === 3 ? "lg:grid-cols-3" : "sm:grid-cols-2"}`}>
      <TenantSelectField
        label="Tenant"
        value={tenantId}
        onChange={(e) => setTenantId(e.target.value)}
        disabled={busy}
        tenants={tenants}
      />
      {formats && (
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          disabled={busy}
          error={formatError}
        >
          <option value="">Detect automatically</option>
          {formats.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      )}
      <FieldShell label={fileField.label} hint={fileField.hint}>
        {({ id, describedBy }) => (
          <input
            ref={input}
            id={id}
            type="file"
            aria-describedby={describedBy}
            disabled={busy}
            accept={fileField.accept}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        )}
      </FieldShell>
      {props.options && <div className={span}>{props.options(busy)}</div>}
      <div className={`space-y-3 ${span}`}>
        {busy && <UploadProgress progress={progress} />}
        {error != null && !formatError && <Notice tone="error">{errorMessage(error)}</Notice>}
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
  );
  return props.card ? <Card>{form}</Card> : form;
}
