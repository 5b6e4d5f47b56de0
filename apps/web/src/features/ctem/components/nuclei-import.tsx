import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileInputClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useImportNuclei } from "../api/ctem";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Uploads Nuclei results; a match on a scope host with the exposure's CVE or template validates it. */
export function NucleiImport({ scopeId }: { scopeId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportNuclei(scopeId);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file) upload.mutate(file);
  }

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="nuclei-import">
      <label htmlFor={id} className="block text-sm font-medium">
        Nuclei results (JSON lines)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept=".json,.jsonl,application/json"
          className={`${fileInputClass} max-w-xs`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={!file} loading={upload.isPending}>
          Import validations
        </Button>
      </div>
      {upload.isError && <Notice tone="error">{errorMessage(upload.error)}</Notice>}
      {upload.isSuccess && (
        <Notice tone="success">
          {plural(upload.data.results, "result")}: {plural(upload.data.validated, "exposure")} validated, {upload.data.unmatched}{" "}
          matched nothing in this scope
          {upload.data.skipped + upload.data.rejected > 0 && `, ${upload.data.skipped} skipped, ${upload.data.rejected} rejected`}
          .
        </Notice>
      )}
    </form>
  );
}
