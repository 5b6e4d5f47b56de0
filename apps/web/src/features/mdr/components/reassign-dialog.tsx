import type { MdrWorkloadRow } from "@watchfloor/shared";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Notice } from "@/components/ui/states";
import { useCurrentUser } from "@/lib/session";
import { useAssignableMembers } from "@/lib/tenant-members";
import { useReassign } from "../api/get-mdr";

const MAX = 1000;

/**
 * Moves one workload row's open alerts, oldest first, to another analyst of the client. Listing
 * the client's analysts needs admin rights there; without them the choice is "me".
 */
export function ReassignDialog({ row, onClose }: { row: MdrWorkloadRow; onClose: () => void }) {
  const me = useCurrentUser();
  const { query, candidates } = useAssignableMembers(row.tenantId);
  const others = candidates.filter((m) => m.displayName !== row.assignee);
  const [to, setTo] = useState("");
  const [count, setCount] = useState(String(Math.min(row.open, MAX)));
  const reassign = useReassign();
  const who = row.assignee ?? "Unassigned";
  const target = query.isSuccess ? to : me.id;
  const moved = reassign.data;

  return (
    <FormDialog
      title={`Reassign ${row.assignee ? `${who}'s` : "unassigned"} alerts`}
      description={`${row.open} open in ${row.tenantName}; the oldest move first.`}
      onClose={onClose}
      onSubmit={() => reassign.mutate({ tenantId: row.tenantId, from: row.assignee, toUserId: target, limit: Number(count) })}
      submitLabel="Reassign"
      pending={reassign.isPending}
      submitDisabled={!target}
      error={reassign.error}
      testId="mdr-reassign-form"
      done={
        moved && (
          <Notice tone="success">
            Moved {moved.moved} {moved.moved === 1 ? "alert" : "alerts"}
            {moved.failed > 0 ? `, ${moved.failed} could not be moved` : ""}. {moved.remaining} still open with{" "}
            {who === "Unassigned" ? "nobody assigned" : who}.
          </Notice>
        )
      }
    >
      {(errorOf) => (
        <>
          {query.isSuccess ? (
            <SelectField
              label="Reassign to"
              required
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={errorOf("toUserId")}
            >
              <option value="">Choose an analyst</option>
              {others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.displayName}
                  {m.userId === me.id ? " (you)" : ""}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              They will be assigned to you. Choosing someone else needs admin rights in {row.tenantName}.
            </p>
          )}
          <TextField
            label="How many (oldest first)"
            type="number"
            min={1}
            max={Math.min(row.open, MAX)}
            required
            value={count}
            onChange={(e) => setCount(e.target.value)}
            error={errorOf("limit")}
            hint={row.open > MAX ? `At most ${MAX} at a time.` : undefined}
          />
        </>
      )}
    </FormDialog>
  );
}
