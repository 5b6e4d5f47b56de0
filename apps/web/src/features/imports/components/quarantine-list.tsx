import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { errorMessage } from "@/lib/api-client";
import { useDiscard, useQuarantine } from "../api/quarantine";
import { ResubmitForm } from "./resubmit-form";

/** Rows an import could not read: their problems and raw text; fix and re-submit, or discard. */
export function QuarantineList({ importId }: { importId: string | null }) {
  const rows = useQuarantine(importId);
  const discard = useDiscard();
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (rows.isPending) return <LoadingState label="Loading quarantine" />;
  if (rows.isError) return <ErrorState error={rows.error} onRetry={() => rows.refetch()} title="Could not load the quarantine" />;
  if (rows.data.length === 0)
    return (
      <EmptyState title="The quarantine is empty" icon={<ShieldCheck aria-hidden className="size-8" />}>
        Rows an import rejects wait here until someone fixes or discards them.
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      {done && <Notice tone="success">{done}</Notice>}
      {discard.isError && <Notice tone="error">{errorMessage(discard.error)}</Notice>}
      {rows.data.map((row) => (
        <Card key={row.id} className="space-y-3">
          <div data-testid="quarantine-row" className="space-y-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">
                  Row {row.row} <span className="font-normal text-slate-600 dark:text-slate-400">· {row.format}</span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Imported <Time iso={row.createdAt} mode="absolute" />
                </p>
              </div>
              <div className="flex gap-2">
                {editing !== row.id && (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(row.id)}>
                    Fix and re-submit
                  </Button>
                )}
                <ConfirmDialog
                  title={`Discard row ${row.row}?`}
                  description="The row leaves the quarantine and is not imported."
                  confirmLabel="Discard"
                  onConfirm={() => discard.mutate(row.id, { onSuccess: () => setDone(`Row ${row.row} discarded.`) })}
                  trigger={
                    <Button size="sm" variant="dangerGhost">
                      Discard
                    </Button>
                  }
                />
              </div>
            </div>
            <ul className="space-y-0.5 text-sm text-red-800 dark:text-red-300">
              {row.problems.map((p) => (
                <li key={`${p.field}:${p.reason}`}>
                  <span className="font-mono">{p.field}</span>: {p.reason}
                </li>
              ))}
            </ul>
            <pre
              className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-200"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard (axe scrollable-region-focusable)
              tabIndex={0}
            >
              {row.raw}
            </pre>
            {editing === row.id && (
              <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
                <ResubmitForm
                  row={row}
                  onDone={() => {
                    setEditing(null);
                  }}
                />
              </div>
            )}
          </div>
        </Card>
      ))}
    </div>
  );
}
