import type { Kysely } from "kysely";
import { unindexed } from "../../db/dialect";
import type { DB } from "../../db/tables";

/**
 * Reads for the incident map. Incidents come from (tenant_id, created_at) through
 * incidents_tenant_created_idx, their alerts through alerts_incident_idx, and asset sites by
 * the asset_identities primary key (tenant, kind, value): no scan grows with the alert table.
 */
type Window = { tenantIds: readonly string[]; from: number; to: number };

/** Lists split for IN (...): well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const chunks = <T>(values: T[], size = 500) =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));

/** Incidents created in [from, to), newest first, at most `limit`. */
export function incidentsInWindow(db: Kysely<DB>, { tenantIds, from, to }: Window, limit: number) {
  if (tenantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("incidents")
    .innerJoin("tenants", "tenants.id", "incidents.tenant_id")
    .select([
      "incidents.id",
      "incidents.tenant_id",
      "incidents.number",
      "incidents.title",
      "incidents.priority",
      "incidents.status",
      "incidents.root_cause",
      "incidents.created_at",
      "tenants.name as tenant_name",
      "tenants.slug as tenant_slug",
    ])
    .where("incidents.tenant_id", "in", [...tenantIds])
    .where("incidents.created_at", ">=", from)
    .where("incidents.created_at", "<", to)
    .orderBy("incidents.created_at", "desc")
    .orderBy("incidents.id", "desc")
    .limit(limit)
    .execute();
}

/** How many incidents were created in the window (asked only when the list was cut short). */
export async function countIncidentsInWindow(db: Kysely<DB>, { tenantIds, from, to }: Window): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const row = await db
    .selectFrom("incidents")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("tenant_id", "in", [...tenantIds])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The alerts of the given incidents (already read in scope) in the tenants in scope, in no
 * order. Asked by incident ids in chunks, not joined: SQLite's statistics see incident_id as
 * mostly NULL, and a join let it walk a whole tenant, or the whole table, per request.
 */
export async function alertsOfIncidents(db: Kysely<DB>, tenantIds: readonly string[], incidentIds: string[]) {
  if (tenantIds.length === 0 || incidentIds.length === 0) return [];
  // SQLite's unary "+" keeps the tenant out of index choice: alerts_incident_idx must lead.
  const tenant = unindexed<string>(db as Kysely<unknown>, "alerts", "tenant_id");
  const rows = [];
  for (const chunk of chunks(incidentIds)) {
    rows.push(
      ...(await db
        .selectFrom("alerts")
        .select([
          "id",
          "tenant_id",
          "incident_id",
          "detected_at",
          "hostname",
          "src_ip",
          "dst_ip",
          "root_cause",
          "type",
          "client_environment",
        ])
        .where("incident_id", "in", chunk)
        .where(tenant, "in", [...tenantIds])
        .execute()),
    );
  }
  return rows;
}

export type IdentityRow = {
  tenant_id: string;
  kind: string;
  value: string;
  name: string;
  site: string | null;
  client_environment: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The assets recognised by any of the given identities (lower-cased values) in the tenants in
 * scope, with their site and coordinates when known. Identities of one tenant never match another
 * tenant's alerts: callers key the answer by tenant as well. Looked up by the primary key
 * (tenant, kind, value), a thousand values per query.
 */
export async function assetsByIdentity(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  kinds: string[],
  values: string[],
): Promise<IdentityRow[]> {
  if (tenantIds.length === 0 || values.length === 0) return [];
  const rows: IdentityRow[] = [];
  for (const chunk of chunks([...new Set(values)], 1000)) {
    rows.push(
      ...(await db
        .selectFrom("asset_identities")
        .innerJoin("assets", "assets.id", "asset_identities.asset_id")
        .select([
          "asset_identities.tenant_id",
          "asset_identities.kind",
          "asset_identities.value",
          "assets.name",
          "assets.site",
          "assets.client_environment",
          "assets.latitude",
          "assets.longitude",
        ])
        .where("asset_identities.tenant_id", "in", [...tenantIds])
        .where("asset_identities.kind", "in", kinds)
        .where("asset_identities.value", "in", chunk)
        .execute()),
    );
  }
  return rows;
}
