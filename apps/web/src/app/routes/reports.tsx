import type { ReportKind } from "@watchfloor/shared";
import { useParams } from "react-router";
import { PageHeader } from "@/components/ui/page";
import { incidentDocumentPath, incidentPath, paths } from "@/config/paths";
import { IncidentDocumentPage } from "@/features/reports/components/document-page";
import { ReportsOverview } from "@/features/reports/components/overview";
import { ReportPage } from "@/features/reports/components/report-page";

const kindPath = (kind: ReportKind) => paths.reports[kind];

/** Where an archived report opens on screen: its kind's page with its parameters, or the incident's document. */
const openPath = (kind: ReportKind, query: string, incidentId: string | null) =>
  incidentId ? `${incidentDocumentPath(incidentId)}${query ? `?${query}` : ""}` : `${kindPath(kind)}${query ? `?${query}` : ""}`;

/** Reports: the overview and archive. */
export function ReportsOverviewRoute() {
  return (
    <>
      <PageHeader
        title="Reports"
        description="Executive, service, incident and threat reports for the tenants you choose, on screen and as PDF, with every table as CSV."
      />
      <ReportsOverview kindPath={kindPath} openPath={openPath} />
    </>
  );
}

export const ExecutiveReportRoute = () => <ReportPage kind="executive" openPath={openPath} />;
export const ServiceReportRoute = () => <ReportPage kind="service" openPath={openPath} />;
export const IncidentsReportRoute = () => <ReportPage kind="incidents" openPath={openPath} />;
export const ThreatReportRoute = () => <ReportPage kind="threat" openPath={openPath} />;

/** One incident as a report document; the incident's own page stays in the Incidents module. */
export function IncidentDocumentRoute() {
  const { incidentId = "" } = useParams();
  return <IncidentDocumentPage incidentId={incidentId} incidentLink={incidentPath(incidentId)} />;
}
