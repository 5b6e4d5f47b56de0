import { useParams } from "react-router";
import { AlertDetailView } from "@/features/alerts/components/alert-detail";
import { EscalatePanel } from "@/features/incidents/components/escalate-panel";
import { IncidentReference } from "@/features/incidents/components/incident-reference";

/** Alert detail; the incident link and escalation come from the incidents feature. */
export function AlertDetailRoute() {
  const { alertId = "" } = useParams();
  return (
    <AlertDetailView
      key={alertId}
      alertId={alertId}
      incident={(incidentId) => <IncidentReference incidentId={incidentId} />}
      escalate={(alert) =>
        alert.incidentId ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            This alert is part of an incident: <IncidentReference incidentId={alert.incidentId} />
          </p>
        ) : (
          <EscalatePanel alertId={alert.id} tenantId={alert.tenantId} />
        )
      }
    />
  );
}
