import { AssigneePicker } from "@/components/triage/assignee-picker";
import { useAssignAlert } from "../api/alert-actions";

type Props = { alertId: string; tenantId: string; assignee: string | null; readOnly: boolean };

/** The alert's assignee, through the kit's picker. */
export function AssignControl({ alertId, ...props }: Props) {
  const assign = useAssignAlert(alertId);
  return <AssigneePicker id="assignee" {...props} assign={assign} />;
}
