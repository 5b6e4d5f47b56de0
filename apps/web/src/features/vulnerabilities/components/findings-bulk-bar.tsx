import type { FindingStatus, FindingSummary } from "@watchfloor/shared";
import { BulkActions } from "@/components/triage/bulk-actions";
import { type FindingBulkAction, useBulkFindings } from "../api/finding-actions";
import { CloseFindingDialog } from "./close-finding-dialog";

const bulkStatuses: FindingStatus[] = ["Triaged", "In Progress", "Open"];
const actions = {
  assign: (assigneeUserId: string | null): FindingBulkAction => ({ type: "assign", assigneeUserId }),
  status: (status: FindingStatus): FindingBulkAction => ({ type: "status", status }),
};

/** The kit's bulk actions with the finding workflow's statuses, "Assign to…" a member, and closing with a reason. */
export function FindingsBulkBar({
  selected,
  rows,
  onClear,
}: {
  selected: string[];
  rows: FindingSummary[];
  onClear: () => void;
}) {
  return (
    <BulkActions
      selected={selected}
      rows={rows}
      onClear={onClear}
      rowName={(r) => `${r.title} (${r.assetKey})`}
      noun="finding(s)"
      mutation={useBulkFindings()}
      actions={actions}
      statuses={bulkStatuses}
      idPrefix="bulk-finding"
      assignToMembers
      closeLabel="Close with reason"
      closeDialog={(d) => (
        <CloseFindingDialog
          open={d.open}
          onOpenChange={d.onOpenChange}
          title={d.title}
          description="Every selected finding is closed with this reason."
          busy={d.busy}
          onSubmit={(body) => d.submit({ type: "status", status: "Closed", ...body })}
        />
      )}
    />
  );
}
