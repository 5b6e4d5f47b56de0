import type { IncidentStatus } from "@watchfloor/shared";
import type { ReactNode } from "react";
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
import { DetailHeader, DetailMeta } from "@/components/triage/detail-header";

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
      <DetailHeader back={{ to: paths.incidents.open, label: "Open alerts" }} title={alert.name}>
        <DetailMeta>
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
        </DetailMeta>
        {alert.description && <p className="mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{alert.description}</p>}
      </DetailHeader>

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
            <AssignControl alertId={alert.id} tenantId={alert.tenantId} assignee={alert.assignee} readOnly={!canWrite} />
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
