import { AssigneePicker } from "@/components/triage/assignee-picker";
import { useAssignFinding } from "../api/finding-actions";

type Props = { findingId: string; tenantId: string; assignee: string | null; readOnly: boolean };

/** The finding's assignee, through the kit's picker. */
export function FindingAssign({ findingId, ...props }: Props) {
  const assign = useAssignFinding(findingId);
  return <AssigneePicker id="finding-assignee" {...props} assign={assign} />;
}
