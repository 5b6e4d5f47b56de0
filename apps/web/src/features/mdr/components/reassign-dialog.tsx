import type { MdrWorkloadRow } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
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
  const fields = reassign.error instanceof ApiRequestError ? reassign.error.fieldErrors() : {};
  const who = row.assignee ?? "Unassigned";
  const target = query.isSuccess ? to : me.id;

  function submit(event: FormEvent) {
    event.preventDefault();
    reassign.mutate({ tenantId: row.tenantId, from: row.assignee, toUserId: target, limit: Number(count) });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Reassign ${row.assignee ? `${who}'s` : "unassigned"} alerts`}
      description={`${row.open} open in ${row.tenantName}; the oldest move first.`}
    >
      {reassign.isSuccess ? (
        <div className="space-y-4">
          <Notice tone="success">
            Moved {reassign.data.moved} {reassign.data.moved === 1 ? "alert" : "alerts"}
            {reassign.data.failed > 0 ? `, ${reassign.data.failed} could not be moved` : ""}. {reassign.data.remaining} still open
            with {who === "Unassigned" ? "nobody assigned" : who}.
          </Notice>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" data-testid="mdr-reassign-form">
          {query.isSuccess ? (
            <SelectField label="Reassign to" required value={to} onChange={(e) => setTo(e.target.value)} error={fields.toUserId}>
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
            error={fields.limit}
            hint={row.open > MAX ? `At most ${MAX} at a time.` : undefined}
          />
          {reassign.isError && !fields.toUserId && !fields.limit && <Notice tone="error">{errorMessage(reassign.error)}</Notice>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reassign.isPending} disabled={!target}>
              Reassign
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
