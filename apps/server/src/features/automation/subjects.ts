import type { AlertSubjectRow, ComplianceSubjectRow, FindingSubjectRow, IncidentSubjectRow } from "./automation.repository";
import type { SubjectValues } from "./conditions";

/** Rows as conditions read them: the canonical field names of packages/shared/src/automation.ts. */

const list = (json: string | null): string[] => {
  if (!json) return [];
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) ? value.map(String) : [];
};

export function alertValues(
  row: AlertSubjectRow,
  tags: readonly string[],
  changed: readonly string[],
  now: number,
): SubjectValues {
  return {
    name: row.name,
    description: row.description,
    priority: row.priority,
    status: row.status,
    source: row.source,
    sourceTool: row.source_tool,
    rule: row.rule,
    type: row.type,
    hostname: row.hostname,
    username: row.username,
    srcIp: row.src_ip,
    dstIp: row.dst_ip,
    assignee: row.assignee,
    tenant: row.tenant_id,
    tactics: list(row.tactics),
    techniques: list(row.mitre_techniques),
    tags,
    priorityRank: row.priority_rank,
    detectedAt: row.detected_at,
    ageMinutes: Math.floor((now - row.detected_at) / 60_000),
    changed,
  };
}

export function incidentValues(row: IncidentSubjectRow, rank: number, changed: readonly string[]): SubjectValues {
  return {
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    tenant: row.tenant_id,
    priorityRank: rank,
    createdAt: row.created_at,
    changed,
  };
}

export function findingValues(row: FindingSubjectRow): SubjectValues {
  return {
    title: row.title,
    severity: row.severity,
    status: row.status,
    cves: list(row.cve_ids),
    knownExploited: row.kev === 1 ? "yes" : "no",
    epss: row.epss,
    cvss: row.cvss_score,
    assetName: row.asset_name,
    assetType: row.asset_type,
    port: row.port,
    service: row.service,
    scanners: list(row.services),
    tenant: row.tenant_id,
    severityRank: row.severity_rank,
  };
}

export function complianceValues(row: ComplianceSubjectRow): SubjectValues {
  return {
    title: row.title,
    controlId: row.control_id,
    tool: row.tool,
    severity: row.severity,
    targetKind: row.target_kind,
    target: row.target_id,
    resource: row.resource_id,
    service: row.service,
    region: row.region,
    tenant: row.tenant_id,
  };
}
