import { AssigneePicker } from "@/components/triage/assignee-picker";
import { useAssignFinding } from "../api/finding-actions";

/** The finding's assignee, through the kit's picker. */
export function FindingAssign({
  findingId,
  tenantId,
  assignee,
}: {
  findingId: string;
  tenantId: string;
  assignee: string | null;
}) {
  const assign = useAssignFinding(findingId);
  return <AssigneePicker id="finding-assignee" tenantId={tenantId} assignee={assignee} assign={assign} />;
}
