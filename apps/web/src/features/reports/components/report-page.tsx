import { type ReportKind, reportKindDescriptions, reportKindLabels } from "@watchfloor/shared";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { ApiRequestError } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { type ReportOf, useReport } from "../api/get-report";
import { useRefreshArchiveSoon } from "../api/archive";
import { jsonUrl, pdfUrl, readParams, type ReportParams, toQuery, toSearch } from "../lib/params";
import { ArchiveList } from "./archive-list";
import { ExecutiveReportView } from "./executive-report";
import { IncidentsReportView } from "./incidents-report";
import { ParamsBar, useReportTenants } from "./params-bar";
import { Downloads, MetaLine } from "./parts";
import { ServiceReportView } from "./service-report";
import { ThreatReportView } from "./threat-report";

export const reportTitles: Record<ReportKind, string> = {
  executive: "Executive Reports",
  service: "Service Reports",
  incidents: "Incident Reports",
  threat: "Threat Reports",
};

/** The report's parameters from the URL; the header's tenant and the person's time zone are the defaults. */
export function useReportParams(kind: ReportKind): [ReportParams, (next: ReportParams) => void] {
  const [search, setSearch] = useSearchParams();
  const zone = useCurrentUser().preferences.timeZone;
  const selected = useSelectedTenantId();
  const readable = useReportTenants(kind);
  const defaults = useMemo(
    () => ({ tz: zone || "UTC", tenants: selected && readable.some((t) => t.id === selected) ? [selected] : [] }),
    [zone, selected, readable],
  );
  const params = useMemo(() => readParams(search, defaults), [search, defaults]);
  return [params, (next) => setSearch(toSearch(next))];
}

/** A report's message for a refused parameter names it ("month: is in the future"). */
function problem(error: unknown): unknown {
  if (error instanceof ApiRequestError && error.details.length) {
    return new Error(`${error.message} ${error.details.map((d) => `${d.path}: ${d.message}`).join("; ")}`);
  }
  return error;
}

/**
 * One kind of report: parameters (in the URL), the report on screen with its charts, the PDF
 * (kept in the archive), JSON and CSV downloads, and the archive of this kind.
 */
export function ReportPage({
  kind,
  openPath,
}: {
  kind: ReportKind;
  openPath: (kind: ReportKind, query: string, incidentId: string | null) => string;
}) {
  const [params, setParams] = useReportParams(kind);
  const query = toQuery(params);
  const report = useReport(kind, query);
  const refreshArchive = useRefreshArchiveSoon();
  const data = report.data as ReportOf[ReportKind] | undefined;
  return (
    <>
      <PageHeader
        title={reportTitles[kind]}
        description={reportKindDescriptions[kind]}
        actions={<Downloads pdf={pdfUrl(kind, query)} json={jsonUrl(kind, query)} onPdf={refreshArchive} />}
      />
      <ParamsBar kind={kind} params={params} onChange={setParams} />
      {report.isPending ? (
        <LoadingState label={`Computing the ${reportKindLabels[kind].toLowerCase()}`} />
      ) : report.isError ? (
        <ErrorState title="Could not make this report" error={problem(report.error)} onRetry={() => report.refetch()} />
      ) : data ? (
        <div className="space-y-6" aria-busy={report.isFetching} data-testid="report" data-query={data.meta.query}>
          <MetaLine meta={data.meta} />
          {kind === "executive" && <ExecutiveReportView report={data as ReportOf["executive"]} />}
          {kind === "service" && <ServiceReportView report={data as ReportOf["service"]} />}
          {kind === "incidents" && (
            <IncidentsReportView report={data as ReportOf["incidents"]} documentPath={(id) => openPath("incidents", "", id)} />
          )}
          {kind === "threat" && <ThreatReportView report={data as ReportOf["threat"]} />}
          <ArchiveList kind={kind} openPath={openPath} />
        </div>
      ) : null}
    </>
  );
}
