import type { AlertDetail, AlertSummary, IncidentStatus, Priority } from "@watchfloor/shared";
import type { AlertsTable } from "../../db/tables";
import { iso, isoOrNull } from "../../lib/time";
import { slaState } from "./sla";

type Row = AlertsTable & { tenant_name: string };

/** The columns a list row is made of (toSummary and the CSV export): not the raw payload or search text. */
export const summaryColumns = [
  "id",
  "tenant_id",
  "source",
  "source_id",
  "name",
  "rule",
  "priority",
  "priority_rank",
  "status",
  "assignee",
  "detected_at",
  "updated_at",
  "detection_source",
  "source_tool",
  "hostname",
  "username",
  "src_ip",
  "dst_ip",
  "client_environment",
  "tactics",
  "mitre_techniques",
  "incident_id",
  "ack_due_at",
  "respond_due_at",
  "acknowledged_at",
  "responded_at",
  "resolved_at",
  "resolution_type",
  "closure_notes",
] as const satisfies readonly (keyof AlertsTable)[];
export type SummaryRow = Pick<AlertsTable, (typeof summaryColumns)[number]> & { tenant_name: string };

export function toSummary(row: SummaryRow, now: number): AlertSummary {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    source: row.source,
    sourceId: row.source_id,
    name: row.name,
    rule: row.rule,
    priority: row.priority as Priority,
    status: row.status as IncidentStatus,
    assignee: row.assignee,
    detectedAt: iso(row.detected_at),
    updatedAt: iso(row.updated_at),
    detectionSource: row.detection_source,
    sourceTool: row.source_tool,
    hostname: row.hostname,
    username: row.username,
    srcIp: row.src_ip,
    clientEnvironment: row.client_environment,
    tactics: JSON.parse(row.tactics) as string[],
    mitreTechniques: JSON.parse(row.mitre_techniques) as string[],
    incidentId: row.incident_id,
    ackSla: slaState(row.detected_at, row.ack_due_at, row.acknowledged_at, now),
    respondSla: slaState(row.detected_at, row.respond_due_at, row.responded_at, now),
    ackDueAt: isoOrNull(row.ack_due_at),
    respondDueAt: isoOrNull(row.respond_due_at),
  };
}

const bool = (v: number | null) => (v == null ? null : v === 1);

/** Every field of the alert, for the detail page; typed by the contract, so a field it lacks fails here rather than being dropped by the serializer. */
export function toDetail(row: Row, now: number): AlertDetail {
  return {
    ...toSummary(row, now),
    type: row.type,
    description: row.description,
    services: JSON.parse(row.services) as string[],
    sourceTools: JSON.parse(row.source_tools) as string[],
    sourceDetectionSource: row.source_detection_source,
    resolutionType: row.resolution_type,
    rootCause: row.root_cause,
    importedAckSlaStatus: row.ack_sla_status,
    importedRespSlaStatus: row.resp_sla_status,
    ticketId: row.ticket_id,
    closureNotes: row.closure_notes,
    detectionSla: row.detection_sla,
    notifySla: row.notify_sla,
    clientPlay: row.client_play,
    customerId: row.customer_id,
    customerEnv: row.customer_env,
    customerSource: row.customer_source,
    deviceType: row.device_type,
    userId: row.user_ref,
    userDepartment: row.user_department,
    userRiskScore: row.user_risk_score,
    dstIp: row.dst_ip,
    escalatedToIncident: row.incident_id != null,
    resolvedAutomatically: bool(row.resolved_automatically),
    followUp: bool(row.follow_up),
    requiresFollowUp: bool(row.requires_follow_up),
    confirmedIncident: bool(row.confirmed_incident),
    avgResponseMin: row.avg_response_min,
    avgClosureMin: row.avg_closure_min,
    avgUpdateTime: row.avg_update_time,
    occurredAt: isoOrNull(row.occurred_at),
    acknowledgedAt: isoOrNull(row.acknowledged_at),
    assignedAt: isoOrNull(row.assigned_at),
    respondedAt: isoOrNull(row.responded_at),
    resolvedAt: isoOrNull(row.resolved_at),
    closedAt: isoOrNull(row.closed_at),
    escalatedAt: isoOrNull(row.escalated_at),
    resolveDueAt: isoOrNull(row.resolve_due_at),
    modifiedAt: isoOrNull(row.modified_at),
    clientUpdatedAt: isoOrNull(row.client_updated_at),
    createdAt: iso(row.created_at),
    raw: row.raw == null ? null : (JSON.parse(row.raw) as unknown),
  };
}
