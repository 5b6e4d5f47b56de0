import { createHash } from "node:crypto";
import { type Finding, type FindingSeverity, priorityRank, remediationDueAt, reopensWhenSeenAgain } from "@watchfloor/shared";
import type { FindingsTable } from "../../db/tables";
import type { AssetCopy } from "../assets/assets.repository";
import type { AssetIdentity } from "../assets/assets-match";
import type { CvssResult } from "./cvss";

const DAY = 86_400_000;

/** CVE sets longer than this are hashed in the key (a Nessus plugin can list 137 CVEs). */
const KEY_CVES = 4;

/**
 * The scanner-independent identity of a vulnerability: its CVE set when it has one (so Nessus,
 * OpenVAS and Qualys reporting CVE-2021-44228 agree), else the scanner's own id.
 */
export function vulnerabilityKey(f: Pick<Finding, "scanner" | "scannerFindingId" | "cveIds">): string {
  if (f.cveIds.length > 0) {
    const cves = [...f.cveIds].sort();
    return cves.length <= KEY_CVES ? `cve:${cves.join(",")}` : `cves:${createHash("sha1").update(cves.join(",")).digest("hex")}`;
  }
  return `${f.scanner}:${f.scannerFindingId}`;
}

/** One finding per vulnerability per asset and port: "cve:CVE-2021-44228|443/tcp", "nessus:11229|host". */
export function dedupeKeyOf(f: Pick<Finding, "scanner" | "scannerFindingId" | "cveIds" | "port" | "protocol">): string {
  const where = f.port != null ? `${f.port}/${(f.protocol ?? "tcp").toLowerCase()}` : "host";
  return `${vulnerabilityKey(f)}|${where}`;
}

export interface Intel {
  kev: boolean;
  epss: number | null;
  epssPercentile: number | null;
}

export interface RowInput {
  tenantId: string;
  id: string;
  record: Finding;
  /** `record.raw` already as JSON text, when it came that way. */
  rawJson?: string;
  asset: AssetCopy;
  identities: AssetIdentity[];
  firstSeen: number;
  seenAt: number;
  now: number;
  slaDays: number;
  cvss: CvssResult | null;
  intel: Intel;
}

const jsonOrNull = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** A new finding row for a record (status Open, due by the tenant's SLA for its severity). */
export function newFindingRow(input: RowInput): FindingsTable {
  const { record: f, asset, cvss } = input;
  const severity = f.severity as FindingSeverity;
  return {
    id: input.id,
    tenant_id: input.tenantId,
    asset_id: asset.id,
    dedupe_key: dedupeKeyOf(f),
    title: f.title,
    description: f.description ?? null,
    severity,
    severity_rank: priorityRank[severity],
    // The vector's own score when it parses; the scanner's otherwise.
    cvss_score: cvss?.ok ? cvss.score : (f.cvssScore ?? null),
    cvss_vector: f.cvssVector ?? null,
    cvss_version: cvss?.ok ? cvss.version : null,
    cve_ids: JSON.stringify(f.cveIds),
    cve_text: f.cveIds.length ? f.cveIds.join(", ") : null,
    cwe_id: f.cweId ?? null,
    remediation: f.remediation ?? null,
    evidence: f.evidence ?? null,
    port: f.port ?? null,
    protocol: f.protocol?.toLowerCase() ?? null,
    service: f.service ?? null,
    status: "Open",
    close_reason: null,
    assignee: null,
    assignee_user_id: null,
    services: JSON.stringify([f.scanner]),
    first_seen: input.firstSeen,
    last_seen: input.seenAt,
    due_at: remediationDueAt(input.firstSeen, input.slaDays),
    kev: input.intel.kev ? 1 : 0,
    epss: input.intel.epss,
    epss_percentile: input.intel.epssPercentile,
    created_at: input.now,
    updated_at: input.now,
    closed_at: null,
    overdue_notified_at: null,
    raw: input.rawJson ?? jsonOrNull(f.raw),
    search_text: searchText(f, asset, input.identities),
    asset_key: asset.asset_key,
    asset_name: asset.name,
    asset_type: asset.type,
    department: asset.department,
    business_impact: asset.business_impact,
    client_environment: asset.client_environment,
  };
}

function searchText(f: Finding, asset: AssetCopy, identities: AssetIdentity[]): string {
  const words = new Set(
    [f.title, ...f.cveIds, f.cweId ?? "", asset.asset_key, asset.name, ...identities.map((i) => i.value)]
      .map((w) => w.toLowerCase())
      .filter(Boolean),
  );
  return [...words].join(" ").slice(0, 2000);
}

export type Merge = { row: FindingsTable; reopened: boolean };

/**
 * A finding seen again. Scanners accumulate in `services`, first seen stays the earliest, last
 * seen the latest; the scanner's fields come from the newer sighting (an old scan imported late
 * changes nothing but the scanner list). A Fixed or Remediated finding seen after it was closed
 * reopens with a new due date; people's decisions (Accepted Risk, False Positive) and assignees stay.
 */
export function mergeFinding(existing: FindingsTable, incoming: FindingsTable, slaDays: (severity: string) => number): Merge {
  const newer = incoming.last_seen >= existing.last_seen;
  const base = newer ? incoming : existing;
  const services = [
    ...new Set([...(JSON.parse(existing.services) as string[]), ...(JSON.parse(incoming.services) as string[])]),
  ].sort();
  const firstSeen = Math.min(existing.first_seen, incoming.first_seen);
  const reopened =
    existing.status === "Closed" && reopensWhenSeenAgain(existing.close_reason) && incoming.last_seen > (existing.closed_at ?? 0);
  // The remediation clock keeps the start it has (first seen, or the return of a reopened
  // finding; an SLA change shifts due dates, not starts); a reopened finding restarts it.
  const kept = existing.due_at != null ? existing.due_at - slaDays(existing.severity) * DAY : existing.first_seen;
  // A clock that started at first seen follows it back when an older scan shows an earlier sighting.
  const clockStart = kept === existing.first_seen ? firstSeen : kept;
  const row: FindingsTable = {
    ...base,
    id: existing.id,
    services: JSON.stringify(services),
    first_seen: firstSeen,
    last_seen: Math.max(existing.last_seen, incoming.last_seen),
    due_at: remediationDueAt(reopened ? incoming.last_seen : clockStart, slaDays(base.severity)),
    status: reopened ? "Open" : existing.status,
    close_reason: reopened ? null : existing.close_reason,
    closed_at: reopened ? null : existing.closed_at,
    assignee: existing.assignee,
    assignee_user_id: existing.assignee_user_id,
    overdue_notified_at: reopened ? null : existing.overdue_notified_at,
    created_at: existing.created_at,
    updated_at: incoming.updated_at,
  };
  return { row, reopened };
}
