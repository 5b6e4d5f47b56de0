import type { IncidentStatus, IncidentSummary } from "@watchfloor/shared";
import { BulkActions, resolutionClose } from "@/components/triage/bulk-actions";
import { type IncidentBulkAction, useBulkUpdateIncidents } from "../api/incident-actions";

const bulkStatuses: IncidentStatus[] = ["Acknowledged", "In Progress", "Resolved"];
const actions = {
  assign: (ownerUserId: string | null): IncidentBulkAction => ({ type: "assign", ownerUserId }),
  status: (status: IncidentStatus): IncidentBulkAction => ({ type: "status", status }),
};
const closeDialog = resolutionClose<IncidentBulkAction>("incident", (resolution) => ({
  type: "status",
  status: "Closed",
  ...resolution,
}));

/** The kit's bulk actions on incidents: owner, workflow status, close with a resolution. */
export function IncidentBulkBar({
  selected,
  rows,
  onClear,
}: {
  selected: string[];
  rows: IncidentSummary[];
  onClear: () => void;
}) {
  return (
    <BulkActions
      selected={selected}
      rows={rows}
      onClear={onClear}
      rowName={(r) => `${r.reference} ${r.title}`}
      noun="incident(s)"
      mutation={useBulkUpdateIncidents()}
      actions={actions}
      statuses={bulkStatuses}
      idPrefix="incident-bulk"
      assignToMembers
      closeLabel="Close with resolution"
      closeDialog={closeDialog}
    />
  );
}
