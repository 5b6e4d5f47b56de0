import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useCurrentUser } from "@/lib/session";
import { useRefreshArchiveSoon } from "../api/archive";
import { useIncidentDocument } from "../api/get-report";
import { documentPdfUrl } from "../lib/params";
import { IncidentDocumentView } from "./incident-document";
import { Downloads, MetaLine } from "./parts";

/** One incident as a report document (`?tz=`, the person's zone by default), with its PDF. */
export function IncidentDocumentPage({ incidentId, incidentLink }: { incidentId: string; incidentLink: string }) {
  const [search] = useSearchParams();
  const zone = useCurrentUser().preferences.timeZone;
  const tz = search.get("tz") || zone || "UTC";
  const doc = useIncidentDocument(incidentId, tz);
  const refreshArchive = useRefreshArchiveSoon();
  return (
    <>
      <PageHeader
        title={doc.data ? `Incident report: ${doc.data.incident.reference}` : "Incident report"}
        description={doc.data ? doc.data.incident.title : undefined}
        actions={
          <Downloads
            pdf={documentPdfUrl(incidentId, tz)}
            onPdf={refreshArchive}
            extra={
              <Link
                to={incidentLink}
                className="text-sm font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
              >
                Open the incident
              </Link>
            }
          />
        }
      />
      {doc.isPending ? (
        <LoadingState label="Writing the incident report" />
      ) : doc.isError ? (
        <ErrorState title="Could not make this report" error={doc.error} onRetry={() => doc.refetch()} />
      ) : (
        <div className="space-y-6">
          <MetaLine meta={doc.data.meta} />
          <IncidentDocumentView doc={doc.data} />
        </div>
      )}
    </>
  );
}
