import type { FindingStatus, FindingSummary, Priority } from "@watchfloor/shared";
import type { FindingsTable } from "../../db/tables";
import { iso, isoOrNull } from "../../lib/time";
import { isOverdue } from "./finding-sla";

export type FindingRow = FindingsTable & { tenant_name: string; cwe_name: string | null };

const list = (json: string): string[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export function toFindingSummary(row: FindingRow, now: number): FindingSummary {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    assetId: row.asset_id,
    assetKey: row.asset_key ?? "",
    assetName: row.asset_name ?? "",
    assetType: row.asset_type,
    title: row.title,
    priority: row.severity as Priority,
    score: row.cvss_score,
    status: row.status as FindingStatus,
    lastSeenAt: iso(row.last_seen),
    assignee: row.assignee,
    assigneeUserId: row.assignee_user_id,
    services: list(row.services),
    remediation: row.remediation,
    cweId: row.cwe_id,
    cweName: row.cwe_name,
    department: row.department,
    businessImpact: row.business_impact,
    createdAt: iso(row.created_at),
    environment: row.client_environment,
    cveIds: list(row.cve_ids),
    kev: row.kev === 1,
    epss: row.epss,
    dueAt: isoOrNull(row.due_at),
    overdue: isOverdue(row, now),
  };
}

/** Every field of the finding, for its page. */
export function toFindingDetail(row: FindingRow, now: number) {
  return {
    ...toFindingSummary(row, now),
    description: row.description,
    evidence: row.evidence,
    port: row.port,
    protocol: row.protocol,
    service: row.service,
    cvssVector: row.cvss_vector,
    firstSeenAt: isoOrNull(row.first_seen),
    updatedAt: iso(row.updated_at),
    closedAt: isoOrNull(row.closed_at),
    closeReason: row.close_reason,
  };
}
