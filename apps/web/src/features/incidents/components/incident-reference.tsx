import { Siren } from "lucide-react";
import { Link } from "react-router";
import { incidentPath } from "@/config/paths";
import { useIncident } from "../api/get-incident";

/** "Escalated to ACME-INC-0001", linking to the incident. */
export function IncidentReference({ incidentId }: { incidentId: string }) {
  const incident = useIncident(incidentId);
  return (
    <Link
      to={incidentPath(incidentId)}
      data-testid="incident-link"
      className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900 hover:underline dark:bg-violet-950/60 dark:text-violet-100"
    >
      <Siren aria-hidden className="size-3.5" />
      Escalated to {incident.data?.incident.reference ?? "incident"}
    </Link>
  );
}
