import { type LogsourceMapEntry, logsourceMapEntrySchema } from "@watchfloor/shared";
import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useLogsourceMap, useSaveLogsourceMap } from "../api/get-detections";

const entriesSchema = z.array(logsourceMapEntrySchema);

/** Where each logsource finds its events, for one tenant; owners and admins edit it as JSON. */
export function LogsourceMapCard({ tenantId }: { tenantId: string }) {
  const map = useLogsourceMap(tenantId);
  const canEdit = useCan("automation.manage", tenantId);
  const save = useSaveLogsourceMap();
  const [draft, setDraft] = useState<string | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  if (map.isError) return <ErrorState error={map.error} onRetry={() => map.refetch()} />;
  if (map.isPending) return <LoadingState label="Loading the logsource map" />;

  function submit() {
    setParseError(null);
    let entries: LogsourceMapEntry[];
    try {
      entries = entriesSchema.parse(JSON.parse(draft ?? "[]"));
    } catch (e) {
      setParseError(
        e instanceof SyntaxError
          ? `Not valid JSON: ${e.message}`
          : "Each entry needs a product, category or service; lists hold text, event ids numbers.",
      );
      return;
    }
    save.mutate({ tenantId, entries }, { onSuccess: () => setDraft(null) });
  }

  const serverProblems = save.error instanceof ApiRequestError ? save.error.details : [];
  const actions = canEdit && draft === null && (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={() => setDraft(JSON.stringify(map.data.entries, null, 2))}>
        Edit map
      </Button>
      {map.data.custom && (
        <Button size="sm" variant="ghost" loading={save.isPending} onClick={() => save.mutate({ tenantId, entries: null })}>
          Back to the built-in map
        </Button>
      )}
    </div>
  );
  return (
    <Card title={`Logsource map${map.data.custom ? " (edited)" : ""}`} actions={actions || undefined}>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        A rule&apos;s <code>logsource</code> matches events of these channels and event ids (all the entries for its product,
        category and service must hold). A rule whose logsource is not here is refused at import.
      </p>
      {draft !== null ? (
        <div className="space-y-3">
          <TextareaField
            label="Map entries (JSON)"
            value={draft}
            rows={16}
            className="font-mono text-xs"
            onChange={(e) => setDraft(e.target.value)}
          />
          {parseError && <Notice tone="error">{parseError}</Notice>}
          {save.isError && (
            <Notice tone="error">
              {errorMessage(save.error)}
              {serverProblems.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {serverProblems.slice(0, 5).map((p) => (
                    <li key={`${p.path} ${p.message}`}>{p.message}</li>
                  ))}
                </ul>
              )}
            </Notice>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button loading={save.isPending} onClick={submit}>
              Save map
            </Button>
          </div>
        </div>
      ) : (
        <SmallTable
          caption="Logsource map"
          testId="logsource-map"
          head={["Logsource", "Channels", "Event ids", "Also"]}
          rows={map.data.entries.map((e) => [
            [e.product, e.category, e.service].filter(Boolean).join(" / "),
            <span key="c" className="wrap-anywhere">
              {e.channels?.join(", ") ?? "any"}
            </span>,
            e.eventIds?.join(", ") ?? "any",
            Object.entries(e.fields ?? {})
              .map(([k, v]) => `${k}: ${v.join(", ")}`)
              .join("; ") || "—",
          ])}
        />
      )}
    </Card>
  );
}
