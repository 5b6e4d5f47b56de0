import { type Alert, type AlertComplianceTag, type Priority, priorityRank } from "@watchfloor/shared";
import type { AlertsTable } from "../../db/tables";
import { dueTimes, type SlaPolicy } from "./sla";

const ms = (value: string | null | undefined): number | null => (value ? Date.parse(value) : null);
const flag = (value: boolean | null | undefined): number | null => (value == null ? null : value ? 1 : 0);

/** A compliance tag as the alert row keeps it: "framework|requirement". */
export const complianceKey = (tag: AlertComplianceTag) => `${tag.framework}|${tag.requirement}`;

/** Lower-cased text the free-text filter looks in. */
export function searchText(alert: Alert): string {
  return [
    alert.name,
    alert.rule,
    alert.hostname,
    alert.username,
    alert.srcIp,
    alert.dstIp,
    alert.sourceId,
    alert.assignee,
    alert.ticketId,
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase()
    .slice(0, 2000);
}

/**
 * Maps a canonical alert to its row. Due times come from the tenant's SLA policy unless the
 * source gave them; the detection time falls back to the ingest time.
 */
export function toAlertRow(alert: Alert, tenantId: string, id: string, now: number, policy: SlaPolicy): AlertsTable {
  const detectedAt = ms(alert.detectedAt) ?? ms(alert.occurredAt) ?? now;
  const due = dueTimes(detectedAt, policy);
  return {
    id,
    tenant_id: tenantId,
    source: alert.source,
    source_id: alert.sourceId,
    name: alert.name,
    priority: alert.priority,
    priority_rank: priorityRank[alert.priority as Priority],
    status: alert.status,
    assignee: alert.assignee ?? null,
    assignee_user_id: null,
    incident_id: null,
    detected_at: detectedAt,
    created_at: now,
    updated_at: now,
    raw: alert.raw === undefined ? null : JSON.stringify(alert.raw),
    search_text: searchText(alert),
    rule: alert.rule ?? null,
    type: alert.type ?? null,
    detection_source: alert.detectionSource ?? null,
    source_detection_source: alert.sourceDetectionSource ?? null,
    source_tool: alert.sourceTool ?? null,
    resolution_type: alert.resolutionType ?? null,
    root_cause: alert.rootCause ?? null,
    ack_sla_status: alert.ackSlaStatus ?? null,
    resp_sla_status: alert.respSlaStatus ?? null,
    ticket_id: alert.ticketId ?? null,
    closure_notes: alert.closureNotes ?? null,
    detection_sla: alert.detectionSla ?? null,
    notify_sla: alert.notifySla ?? null,
    client_environment: alert.clientEnvironment ?? null,
    client_play: alert.clientPlay ?? null,
    customer_id: alert.customerId ?? null,
    customer_env: alert.customerEnv ?? null,
    customer_source: alert.customerSource ?? null,
    device_type: alert.deviceType ?? null,
    username: alert.username ?? null,
    user_ref: alert.userId ?? null,
    user_department: alert.userDepartment ?? null,
    hostname: alert.hostname ?? null,
    src_ip: alert.srcIp ?? null,
    dst_ip: alert.dstIp ?? null,
    description: alert.description ?? null,
    ingested_by: null,
    services: JSON.stringify(alert.services),
    mitre_techniques: JSON.stringify(alert.mitreTechniques),
    tactics: JSON.stringify(alert.tactics),
    source_tools: JSON.stringify(alert.sourceTools),
    compliance: alert.compliance.length ? JSON.stringify(alert.compliance.map(complianceKey)) : null,
    occurred_at: ms(alert.occurredAt),
    acknowledged_at: ms(alert.acknowledgedAt),
    assigned_at: ms(alert.assignedAt),
    responded_at: ms(alert.respondedAt),
    resolved_at: ms(alert.resolvedAt),
    closed_at: alert.status === "Closed" ? (ms(alert.resolvedAt) ?? ms(alert.modifiedAt) ?? now) : null,
    escalated_at: ms(alert.escalatedAt),
    ack_due_at: ms(alert.dueAt) ?? due.ackDueAt,
    respond_due_at: ms(alert.respondDueAt) ?? due.respondDueAt,
    resolve_due_at: due.resolveDueAt,
    modified_at: ms(alert.modifiedAt),
    client_updated_at: ms(alert.clientUpdatedAt),
    breach_notified_at: null,
    resolved_automatically: flag(alert.resolvedAutomatically),
    follow_up: flag(alert.followUp),
    requires_follow_up: flag(alert.requiresFollowUp),
    confirmed_incident: flag(alert.confirmedIncident),
    avg_response_min: alert.avgResponseMin ?? null,
    avg_closure_min: alert.avgClosureMin ?? null,
    avg_update_time: alert.avgUpdateTime ?? null,
    user_risk_score: alert.userRiskScore ?? null,
  };
}

/**
 * Columns a re-sent alert may overwrite. Triage belongs to Watchfloor once the alert exists:
 * status, assignee, workflow dates, resolution and incident link are kept.
 */
export const sourceOwnedColumns = [
  "name",
  "priority",
  "priority_rank",
  "detected_at",
  "raw",
  "search_text",
  "rule",
  "type",
  "detection_source",
  "source_detection_source",
  "source_tool",
  "detection_sla",
  "notify_sla",
  "client_environment",
  "client_play",
  "customer_id",
  "customer_env",
  "customer_source",
  "device_type",
  "username",
  "user_ref",
  "user_department",
  "hostname",
  "src_ip",
  "dst_ip",
  "description",
  "services",
  "mitre_techniques",
  "tactics",
  "source_tools",
  "compliance",
  "occurred_at",
  "modified_at",
  "client_updated_at",
  "avg_response_min",
  "avg_closure_min",
  "avg_update_time",
  "user_risk_score",
  "updated_at",
] as const satisfies readonly (keyof AlertsTable)[];
