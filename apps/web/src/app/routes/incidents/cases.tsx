import { useParams } from "react-router";
import { PageHeader } from "@/components/ui/page";
import { IncidentDetailView } from "@/features/incidents/components/incident-detail";
import { IncidentsList } from "@/features/incidents/components/incidents-list";
import { SectionActions, SectionNav } from "./section-nav";

export function IncidentsListRoute() {
  return (
    <>
      <PageHeader
        title="Incidents"
        description="Cases grouping related alerts of one tenant, with an owner and a workflow."
        actions={<SectionActions />}
      />
      <SectionNav />
      <IncidentsList />
    </>
  );
}

export function IncidentDetailRoute() {
  const { incidentId = "" } = useParams();
  return <IncidentDetailView key={incidentId} incidentId={incidentId} />;
}
