import type { FindingStatus, FindingSummary } from "@watchfloor/shared";
import { CheckCircle2, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { BulkBarFrame, type BulkOutcome, BulkResultNotice } from "@/components/ui/bulk-bar";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { type FindingBulkAction, useBulkFindings } from "../api/finding-actions";
import { useTenantMembers } from "@/lib/tenant-members";
import { CloseFindingDialog } from "./close-finding-dialog";

const bulkStatuses: FindingStatus[] = ["Triaged", "In Progress", "Open"];
const selectClass =
  "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

/**
 * Status and assignment for the selected findings. Each finding succeeds or fails on its own (the
 * server says which moves it allows), and refusals are listed by title.
 */
export function FindingsBulkBar({
  selected,
  rows,
  onClear,
}: {
  selected: string[];
  rows: FindingSummary[];
  onClear: () => void;
}) {
  const me = useCurrentUser();
  const bulk = useBulkFindings();
  const [closing, setClosing] = useState(false);
  const [result, setResult] = useState<BulkOutcome | null>(null);
  // Assigning to someone else needs the member list: only when every selected row is in one tenant.
  const tenantIds = new Set(rows.filter((r) => selected.includes(r.id)).map((r) => r.tenantId));
  const tenantId = tenantIds.size === 1 ? ([...tenantIds][0] ?? null) : null;
  const isAdmin = useCan("members.manage", tenantId ?? "__none__");
  const members = useTenantMembers(tenantId, isAdmin && selected.length > 0);
  const candidates = (members.data ?? []).filter((m) => m.role !== "executive");

  async function run(action: FindingBulkAction) {
    setResult(null);
    try {
      const outcome = await bulk.mutateAsync({ ids: selected, action });
      const names = Object.fromEntries(
        rows.filter((r) => selected.includes(r.id)).map((r) => [r.id, `${r.title} (${r.assetKey})`]),
      );
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
          {candidates.length > 0 && (
            <>
              <label htmlFor="bulk-assignee" className="sr-only">
                Assign selected to
              </label>
              <select
                id="bulk-assignee"
                value=""
                disabled={bulk.isPending}
                onChange={(e) => e.target.value && run({ type: "assign", assigneeUserId: e.target.value })}
                className={selectClass}
              >
                <option value="">Assign to…</option>
                {candidates.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.displayName}
                  </option>
                ))}
              </select>
            </>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run({ type: "assign", assigneeUserId: null })}
            disabled={bulk.isPending}
          >
            <UserMinus aria-hidden className="size-4" /> Unassign
          </Button>
          <label htmlFor="bulk-finding-status" className="sr-only">
            Move selected to status
          </label>
          <select
            id="bulk-finding-status"
            value=""
            disabled={bulk.isPending}
            onChange={(e) => e.target.value && run({ type: "status", status: e.target.value as FindingStatus })}
            className={selectClass}
          >
            <option value="">Set status…</option>
            {bulkStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => setClosing(true)} disabled={bulk.isPending}>
            <CheckCircle2 aria-hidden className="size-4" /> Close with reason
          </Button>
        </BulkBarFrame>
      )}
      {bulk.isError && <Notice tone="error">{errorMessage(bulk.error)}</Notice>}
      {result && <BulkResultNotice result={result} noun="finding(s)" />}
      <CloseFindingDialog
        open={closing}
        onOpenChange={setClosing}
        title={`Close ${selected.length} finding(s)`}
        description="Every selected finding is closed with this reason."
        busy={bulk.isPending}
        onSubmit={async (body) => {
          if (await run({ type: "status", status: "Closed", ...body })) setClosing(false);
        }}
      />
    </div>
  );
}
