import type { AlertSummary, IncidentStatus } from "@watchfloor/shared";
import { BulkActions, resolutionClose } from "@/components/triage/bulk-actions";
import { type BulkAction, useBulkUpdate } from "../api/alert-actions";

const bulkStatuses: IncidentStatus[] = ["Acknowledged", "In Progress", "Resolved"];
const actions = {
  assign: (assigneeUserId: string | null): BulkAction => ({ type: "assign", assigneeUserId }),
  status: (status: IncidentStatus): BulkAction => ({ type: "status", status }),
};
const closeDialog = resolutionClose<BulkAction>("alert", (resolution) => ({ type: "status", status: "Closed", ...resolution }));

/** The kit's bulk actions with the alert workflow's statuses; closing asks for a resolution. */
export function BulkBar({ selected, rows, onClear }: { selected: string[]; rows: AlertSummary[]; onClear: () => void }) {
  return (
    <BulkActions
      selected={selected}
      rows={rows}
      onClear={onClear}
      rowName={(r) => r.name}
      noun="alert(s)"
      mutation={useBulkUpdate()}
      actions={actions}
      statuses={bulkStatuses}
      idPrefix="bulk"
      closeLabel="Close with resolution"
      closeDialog={closeDialog}
    />
  );
}
