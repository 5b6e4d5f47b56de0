import type { IncidentStatus } from "@watchfloor/shared";
import { Link } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { TimelineCard } from "@/components/ui/timeline";
import { WorkflowActions } from "@/components/ui/workflow-actions";
import { alertPath, paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { useCommentOnIncident, useTransitionIncident } from "../api/incident-actions";
import { useIncident } from "../api/get-incident";
import { IncidentFieldsForm } from "./incident-fields-form";
import { DetailHeader, DetailMeta } from "@/components/triage/detail-header";

export function IncidentDetailView({ incidentId }: { incidentId: string }) {
  const detail = useIncident(incidentId);
  const transition = useTransitionIncident(incidentId);
  const comment = useCommentOnIncident(incidentId);
  const canWrite = useCan("data.write", detail.data?.incident.tenantId ?? "__none__");

  if (detail.isPending) return <LoadingState label="Loading incident" />;
  if (detail.isError)
    return <ErrorState error={detail.error} onRetry={() => detail.refetch()} title="Could not load this incident" />;
  const { incident, allowedMoves, alerts, timeline } = detail.data;

  return (
    <div className="space-y-6">
      <DetailHeader back={{ to: paths.incidents.cases, label: "Incidents" }} title={incident.title} kicker={incident.reference}>
        <DetailMeta>
          <PriorityBadge priority={incident.priority} />
          <StatusBadge status={incident.status} />
          <span>{incident.tenantName}</span>
          <span aria-hidden>·</span>
          <span>
            Opened <Time iso={incident.createdAt} mode="relative" />
          </span>
          <span aria-hidden>·</span>
          <span>Owner: {incident.ownerName ?? "none"}</span>
        </DetailMeta>
        {incident.description && (
          <p className="mt-3 max-w-3xl text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">{incident.description}</p>
        )}
      </DetailHeader>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-6">
          <Card title="Details">
            <IncidentFieldsForm key={incident.updatedAt} incident={incident} readOnly={!canWrite} />
          </Card>
          <Card title={`Linked alerts (${alerts.length})`}>
            {alerts.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No alerts are linked yet. Escalate an alert from its page to add it.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="linked-alerts">
                {alerts.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center gap-2 py-2.5">
                    <Link
                      to={alertPath(a.id)}
                      className="min-w-0 flex-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
                    >
                      {a.name}
                    </Link>
                    <PriorityBadge priority={a.priority} />
                    <StatusBadge status={a.status} />
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {a.source} · <Time iso={a.detectedAt} mode="relative" />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <TimelineCard entries={timeline} onComment={canWrite ? (text) => comment.mutateAsync(text) : undefined} />
        </div>
        <aside className="space-y-6 lg:self-start" aria-label="Incident actions">
          {canWrite && (
            <Card title="Workflow">
              <WorkflowActions
                status={incident.status as IncidentStatus}
                allowedMoves={allowedMoves}
                onTransition={(body) => transition.mutateAsync(body)}
              />
            </Card>
          )}
          <Card title="Resolution">
            <dl className="space-y-2 text-sm">
              {(
                [
                  ["Resolution type", incident.resolutionType],
                  ["Root cause", incident.rootCause],
                  ["Closure notes", incident.closureNotes],
                  ["Ticket", incident.ticketId],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="text-slate-900 dark:text-slate-100">{value || "—"}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}
