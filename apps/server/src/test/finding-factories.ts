import { type Priority, priorityRank, remediationDueAt } from "@watchfloor/shared";
import type { Kysely } from "kysely";
import type { AssetsTable, DB, FindingsTable } from "../db/tables";
import { days } from "../lib/time";
import { newId } from "../lib/tokens";

/**
 * Assets and findings written straight to the database for API tests that need exact values
 * (a score, a due date, a department). Imports of real scanner files are tested with the importer.
 */
export interface AssetSeed {
  key: string;
  name: string;
  type?: string;
  department?: string | null;
  businessImpact?: string | null;
  environment?: string | null;
  site?: string | null;
  owner?: string | null;
  identities?: { kind: string; value: string }[];
}

export async function seedAsset(db: Kysely<DB>, tenantId: string, seed: AssetSeed, now: number): Promise<AssetsTable> {
  const row: AssetsTable = {
    id: newId(),
    tenant_id: tenantId,
    asset_key: seed.key,
    name: seed.name,
    type: seed.type ?? "Server",
    department: seed.department ?? null,
    business_impact: seed.businessImpact ?? null,
    client_environment: seed.environment ?? null,
    site: seed.site ?? null,
    latitude: null,
    longitude: null,
    owner: seed.owner ?? null,
    internet_facing: 0,
    created_at: now,
    updated_at: now,
    first_seen: now,
    last_seen: now,
  };
  await db.insertInto("assets").values(row).execute();
  const identities = seed.identities ?? [{ kind: "hostname", value: seed.name.toLowerCase() }];
  if (identities.length)
    await db
      .insertInto("asset_identities")
      .values(identities.map((i) => ({ tenant_id: tenantId, asset_id: row.id, ...i })))
      .execute();
  return row;
}

export interface FindingSeed {
  title: string;
  severity?: Priority;
  score?: number | null;
  status?: "Open" | "Triaged" | "In Progress" | "Closed";
  cves?: string[];
  cwe?: string | null;
  scanners?: string[];
  kev?: boolean;
  epss?: number | null;
  firstSeen?: number;
  lastSeen?: number;
  /** Days to remediate from first seen; the due date is first seen + this. */
  slaDays?: number;
  remediation?: string | null;
  port?: number | null;
}

export async function seedFinding(db: Kysely<DB>, asset: AssetsTable, seed: FindingSeed, now: number): Promise<FindingsTable> {
  const severity = seed.severity ?? "Medium";
  const firstSeen = seed.firstSeen ?? now - days(1);
  const cves = seed.cves ?? [];
  const scanners = seed.scanners ?? ["nessus"];
  const status = seed.status ?? "Open";
  const row: FindingsTable = {
    id: newId(),
    tenant_id: asset.tenant_id,
    asset_id: asset.id,
    dedupe_key: `${cves.length ? `cve:${cves.join(",")}` : `seed:${newId()}`}|${seed.port ?? "host"}`,
    title: seed.title,
    description: `${seed.title}: description`,
    severity,
    severity_rank: priorityRank[severity],
    cvss_score: seed.score === undefined ? null : seed.score,
    cvss_vector: null,
    cvss_version: null,
    cve_ids: JSON.stringify(cves),
    cwe_id: seed.cwe ?? null,
    remediation: seed.remediation === undefined ? "Apply the vendor update." : seed.remediation,
    evidence: null,
    port: seed.port ?? null,
    protocol: seed.port == null ? null : "tcp",
    service: null,
    status,
    close_reason: status === "Closed" ? "Remediated" : null,
    assignee: null,
    assignee_user_id: null,
    services: JSON.stringify(scanners),
    first_seen: firstSeen,
    last_seen: seed.lastSeen ?? now,
    due_at: remediationDueAt(firstSeen, seed.slaDays ?? 30),
    kev: seed.kev ? 1 : 0,
    epss: seed.epss ?? null,
    epss_percentile: null,
    created_at: now,
    updated_at: now,
    closed_at: status === "Closed" ? now : null,
    overdue_notified_at: null,
    raw: null,
    cve_text: cves.length ? cves.join(", ") : null,
    search_text: [seed.title, ...cves, seed.cwe ?? "", asset.asset_key, asset.name].join(" ").toLowerCase(),
    asset_key: asset.asset_key,
    asset_name: asset.name,
    asset_type: asset.type,
    department: asset.department,
    business_impact: asset.business_impact,
    client_environment: asset.client_environment,
  };
  await db.insertInto("findings").values(row).execute();
  if (cves.length)
    await db
      .insertInto("finding_cves")
      .values(cves.map((cve_id) => ({ cve_id, finding_id: row.id, tenant_id: row.tenant_id })))
      .execute();
  await db
    .insertInto("finding_sources")
    .values(
      scanners.map((scanner) => ({
        finding_id: row.id,
        tenant_id: row.tenant_id,
        scanner,
        scanner_finding_id: `${scanner}-${row.id}`,
        first_seen: firstSeen,
        last_seen: row.last_seen,
        last_import_id: null,
      })),
    )
    .execute();
  return row;
}

/** A minimal Nessus v2 report: one host, its items, scanned at `at` (epoch ms). */
export function nessusReport(
  host: { name: string; ip?: string; fqdn?: string; netbios?: string },
  at: number,
  items: string[],
): string {
  const s = Math.floor(at / 1000);
  const tag = (name: string, value?: string) => (value ? `<tag name="${name}">${value}</tag>` : "");
  return `<?xml version="1.0" ?>
<NessusClientData_v2><Report name="t">
<ReportHost name="${host.name}"><HostProperties>
${tag("host-ip", host.ip)}${tag("host-fqdn", host.fqdn)}${tag("netbios-name", host.netbios)}${tag("HOST_START_TIMESTAMP", String(s - 600))}${tag("HOST_END_TIMESTAMP", String(s))}
</HostProperties>
${items.join("\n")}
</ReportHost></Report></NessusClientData_v2>`;
}

export const nessusItem = (
  plugin: string,
  o: { port?: number; severity?: number; cves?: string[]; vector?: string; score?: number; name?: string } = {},
) =>
  `<ReportItem port="${o.port ?? 443}" svc_name="www" protocol="tcp" severity="${o.severity ?? 3}" pluginID="${plugin}" pluginName="${o.name ?? `Plugin ${plugin}`}">
${(o.cves ?? []).map((c) => `<cve>${c}</cve>`).join("")}${o.vector ? `<cvss3_vector>${o.vector}</cvss3_vector><cvss3_base_score>${o.score ?? 5}</cvss3_base_score>` : ""}
<solution>Upgrade.</solution></ReportItem>`;
