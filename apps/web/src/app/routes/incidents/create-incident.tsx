import { useNavigate } from "react-router";
import { PageHeader } from "@/components/ui/page";
import { incidentPath } from "@/config/paths";
import { CreateIncidentForm } from "@/features/incidents/components/create-incident-form";

export function CreateIncidentRoute() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Incidents — Create"
        description="Open an incident by hand. To start from alerts, escalate them from an alert's page."
      />
      <CreateIncidentForm onCreated={(id) => navigate(incidentPath(id))} />
    </>
  );
}
