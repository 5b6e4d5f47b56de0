import type { AlertSummary, IncidentStatus } from "@watchfloor/shared";
import { resolutionTypes } from "@watchfloor/shared";
import { CheckCircle2, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { type BulkOutcome, BulkBarFrame, BulkResultNotice } from "@/components/ui/bulk-bar";
import { Button } from "@/components/ui/button";
import { ResolutionDialog } from "@/components/ui/resolution-dialog";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { type BulkAction, useBulkUpdate } from "../api/alert-actions";

const bulkStatuses: IncidentStatus[] = ["Acknowledged", "In Progress", "Resolved"];

/** Actions on the selected rows; each row reports its own outcome and failures are listed by name. */
export function BulkBar({ selected, rows, onClear }: { selected: string[]; rows: AlertSummary[]; onClear: () => void }) {
  const me = useCurrentUser();
  const bulk = useBulkUpdate();
  const [closing, setClosing] = useState(false);
  const [result, setResult] = useState<BulkOutcome | null>(null);

  async function run(action: BulkAction) {
    setResult(null);
    try {
      const outcome = await bulk.mutateAsync({ ids: selected, action });
      // Names are captured now: the rows may leave the list once it refetches.
      const names = Object.fromEntries(rows.filter((r) => selected.includes(r.id)).map((r) => [r.id, r.name]));
      setResult({ ...outcome, names });
      onClear();
      return true;
    } catch {
      return false;
    }
  }

  return (
    <div className="space-y-2">
      {selected.length > 0 && (
        <BulkBarFrame count={selected.length} onClear={onClear}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run({ type: "assign", assigneeUserId: me.id })}
            disabled={bulk.isPending}
          >
            <UserPlus aria-hidden className="size-4" /> Assign to me
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run({ type: "assign", assigneeUserId: null })}
            disabled={bulk.isPending}
          >
            <UserMinus aria-hidden className="size-4" /> Unassign
          </Button>
          <label htmlFor="bulk-status" className="sr-only">
            Move selected to status
          </label>
          <select
            id="bulk-status"
            value=""
            disabled={bulk.isPending}
            onChange={(e) => e.target.value && run({ type: "status", status: e.target.value as IncidentStatus })}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          >
            <option value="">Set status…</option>
            {bulkStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => setClosing(true)} disabled={bulk.isPending}>
            <CheckCircle2 aria-hidden className="size-4" /> Close with resolution
          </Button>
        </BulkBarFrame>
      )}
      {bulk.isError && <Notice tone="error">{errorMessage(bulk.error)}</Notice>}
      {result && <BulkResultNotice result={result} noun="alert(s)" />}
      <ResolutionDialog
        open={closing}
        onOpenChange={setClosing}
        title={`Close ${selected.length} alert(s)`}
        description="Every selected alert is closed with this resolution."
        types={resolutionTypes}
        busy={bulk.isPending}
        onSubmit={async (resolution) => {
          if (await run({ type: "status", status: "Closed", ...resolution })) setClosing(false);
        }}
      />
    </div>
  );
}
