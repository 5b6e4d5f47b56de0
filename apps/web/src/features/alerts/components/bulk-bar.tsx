import type { AlertSummary, IncidentStatus } from "@watchfloor/shared";
import { resolutionTypes } from "@watchfloor/shared";
import { BulkActions } from "@/components/triage/bulk-actions";
import { ResolutionDialog } from "@/components/ui/resolution-dialog";
import { type BulkAction, useBulkUpdate } from "../api/alert-actions";

const bulkStatuses: IncidentStatus[] = ["Acknowledged", "In Progress", "Resolved"];
const actions = {
  assign: (assigneeUserId: string | null): BulkAction => ({ type: "assign", assigneeUserId }),
  status: (status: IncidentStatus): BulkAction => ({ type: "status", status }),
};

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
      closeDialog={(d) => (
        <ResolutionDialog
          open={d.open}
          onOpenChange={d.onOpenChange}
          title={d.title}
          description="Every selected alert is closed with this resolution."
          types={resolutionTypes}
          busy={d.busy}
          onSubmit={(resolution) => d.submit({ type: "status", status: "Closed", ...resolution })}
        />
      )}
    />
  );
}
