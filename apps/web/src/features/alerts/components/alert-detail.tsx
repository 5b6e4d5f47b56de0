import type { IncidentStatus } from "@watchfloor/shared";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PriorityBadge, SlaBadge, StatusBadge } from "@/components/ui/badges";
import { FieldGroup } from "@/components/ui/field-group";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { TimelineCard } from "@/components/ui/timeline";
import { WorkflowActions } from "@/components/ui/workflow-actions";
import { paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { useCommentOnAlert, useTransitionAlert } from "../api/alert-actions";
import { type AlertDetail as Alert, useAlert } from "../api/get-alert";
import { AssignControl } from "./assign-control";
import { alertFieldGroups } from "./detail-fields";
import { RawPayload } from "./raw-payload";
import { RelatedAlerts } from "./related-alerts";

type Slots = {
  /** The incident link when escalated ("Escalated to ACME-INC-0001"), composed by the route. */
  incident?: (incidentId: string) => ReactNode;
  /** Escalate to a new incident or add to an existing one, composed by the route. */
  escalate?: (alert: Alert) => ReactNode;
};

export function AlertDetailView({ alertId, incident, escalate }: { alertId: string } & Slots) {
  const detail = useAlert(alertId);
  const transition = useTransitionAlert(alertId);
  const comment = useCommentOnAlert(alertId);
  const canWrite = useCan("data.write", detail.data?.alert.tenantId ?? "__none__");

  if (detail.isPending) return <LoadingState label="Loading alert" />;
  if (detail.isError)
    return <ErrorState error={detail.error} onRetry={() => detail.refetch()} title="Could not load this alert" />;
  const { alert, allowedMoves, timeline, related, techniques } = detail.data;

  return (
    <div className="space-y-6">
      <div>
        <Link
          to={paths.incidents.open}
          className="inline-flex items-center gap-1 text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> Open alerts
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white">{alert.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <PriorityBadge priority={alert.priority} />
          <StatusBadge status={alert.status} />
          <SlaBadge state={alert.ackSla} label="Acknowledge SLA" prefix="Ack" />
          <SlaBadge state={alert.respondSla} label="Respond SLA" prefix="Respond" />
          <span>{alert.tenantName}</span>
          <span aria-hidden>·</span>
          <span>
            Detected <Time iso={alert.detectedAt} mode="relative" />
          </span>
          {alert.incidentId && incident?.(alert.incidentId)}
        </div>
        {alert.description && <p className="mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{alert.description}</p>}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-6">
          {alertFieldGroups(alert, techniques).map((g) => (
            <FieldGroup key={g.title} title={g.title} fields={g.fields} />
          ))}
          <RawPayload raw={alert.raw} />
          <TimelineCard entries={timeline} onComment={canWrite ? (text) => comment.mutateAsync(text) : undefined} />
        </div>
        <aside className="space-y-6 lg:sticky lg:top-0 lg:self-start" aria-label="Alert actions">
          {canWrite && (
            <Card title="Workflow">
              <WorkflowActions
                status={alert.status as IncidentStatus}
                allowedMoves={allowedMoves}
                onTransition={(body) => transition.mutateAsync(body)}
              />
            </Card>
          )}
          <Card title="Assignment">
            {canWrite ? (
              <AssignControl alertId={alert.id} tenantId={alert.tenantId} assignee={alert.assignee} />
            ) : (
              <p className="text-sm text-slate-800 dark:text-slate-200">{alert.assignee ?? "Nobody is assigned."}</p>
            )}
          </Card>
          {canWrite && escalate && <Card title="Incident">{escalate(alert)}</Card>}
          <Card title="Related alerts">
            <RelatedAlerts related={related} />
          </Card>
        </aside>
      </div>
    </div>
  );
}
