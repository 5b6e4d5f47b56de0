import { AssigneePicker } from "@/components/triage/assignee-picker";
import { useAssignAlert } from "../api/alert-actions";

/** The alert's assignee, through the kit's picker. */
export function AssignControl({ alertId, tenantId, assignee }: { alertId: string; tenantId: string; assignee: string | null }) {
  const assign = useAssignAlert(alertId);
  return <AssigneePicker id="assignee" tenantId={tenantId} assignee={assignee} assign={assign} />;
}
