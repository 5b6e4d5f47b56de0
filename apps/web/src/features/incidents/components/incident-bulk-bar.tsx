import { type IncidentStatus, type IncidentSummary, resolutionTypes } from "@watchfloor/shared";
import { BulkActions } from "@/components/triage/bulk-actions";
import { ResolutionDialog } from "@/components/ui/resolution-dialog";
import { type IncidentBulkAction, useBulkUpdateIncidents } from "../api/incident-actions";

const bulkStatuses: IncidentStatus[] = ["Acknowledged", "In Progress", "Resolved"];
const actions = {
  assign: (ownerUserId: string | null): IncidentBulkAction => ({ type: "assign", ownerUserId }),
  status: (status: IncidentStatus): IncidentBulkAction => ({ type: "status", status }),
};

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
      closeDialog={(d) => (
        <ResolutionDialog
          open={d.open}
          onOpenChange={d.onOpenChange}
          title={d.title}
          description="Every selected incident is closed with this resolution."
          types={resolutionTypes}
          busy={d.busy}
          onSubmit={(resolution) => d.submit({ type: "status", status: "Closed", ...resolution })}
        />
      )}
    />
  );
}
