import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileInputClass } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCatalogue, useImportCatalogue } from "../api/attack-catalogue";

/** Platform admins load the official ATT&CK STIX bundles; alerts then show technique names. */
export function AttackCatalogueTab() {
  const catalogue = useCatalogue();
  const upload = useImportCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Import a STIX bundle">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The official enterprise, mobile or ICS bundle (STIX 2.0 or 2.1). A newer bundle replaces the domains it covers;
            revoked and deprecated techniques are kept and marked.
          </p>
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              Bundle file (.json)
            </label>
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={fileInputClass}
            />
          </div>
          <Button type="submit" disabled={!file} loading={upload.isPending}>
            <Upload aria-hidden className="size-4" /> Import
          </Button>
          {upload.isError && <Notice tone="error">{errorMessage(upload.error)}</Notice>}
          {upload.isSuccess && (
            <Notice tone="success">
              Imported {upload.data.domains.join(", ")} (STIX {upload.data.specVersion}): {upload.data.techniques} techniques,{" "}
              {upload.data.subtechniques} sub-techniques; {upload.data.revoked} revoked and {upload.data.deprecated} deprecated
              kept and marked.
            </Notice>
          )}
        </form>
      </Card>
      <Card title="Catalogue">
        {catalogue.isPending ? (
          <LoadingState />
        ) : catalogue.isError ? (
          <ErrorState error={catalogue.error} onRetry={() => catalogue.refetch()} />
        ) : catalogue.data.domains.length === 0 ? (
          <EmptyState title="No catalogue yet">Alerts show technique ids only until a bundle is imported.</EmptyState>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2">Domain</th>
                <th>Techniques</th>
                <th>Sub-techniques</th>
                <th>Revoked</th>
                <th>Deprecated</th>
              </tr>
            </thead>
            <tbody>
              {catalogue.data.domains.map((d) => (
                <tr key={d.domain} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2 font-medium">{d.domain}</td>
                  <td>{d.total - d.subtechniques}</td>
                  <td>{d.subtechniques}</td>
                  <td>{d.revoked}</td>
                  <td>{d.deprecated}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
