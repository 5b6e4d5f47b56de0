import type { Kysely } from "kysely";
import { keyRows, unindexed } from "../../db/dialect";
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
 * The alerts of the incidents `incidentsInWindow` returns for the same window and limit, in the
 * tenants in scope, in no order: one statement, the incidents chosen inside it, so no list of
 * thousands of ids is sent (it went as ten statements of 500 ids each). The incidents' own
 * index picks them; each one's alerts come through alerts_incident_idx.
 */
export async function alertsOfIncidentsInWindow(db: Kysely<DB>, { tenantIds, from, to }: Window, limit: number) {
  if (tenantIds.length === 0) return [];
  // SQLite's unary "+" keeps the tenant out of index choice: alerts_incident_idx must lead.
  const tenant = unindexed<string>(db as Kysely<unknown>, "alerts", "tenant_id");
  return db
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
    .where(
      "incident_id",
      "in",
      db
        .selectFrom("incidents")
        .select("incidents.id")
        .where("incidents.tenant_id", "in", [...tenantIds])
        .where("incidents.created_at", ">=", from)
        .where("incidents.created_at", "<", to)
        .orderBy("incidents.created_at", "desc")
        .orderBy("incidents.id", "desc")
        .limit(limit),
    )
    .where(tenant, "in", [...tenantIds])
    .execute();
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

/** One identity an alert may be recorded under, in the alert's own tenant. */
export type IdentityKey = { tenantId: string; kind: string; value: string };

const identityColumns = [
  "asset_identities.tenant_id",
  "asset_identities.kind",
  "asset_identities.value",
  "assets.name",
  "assets.site",
  "assets.client_environment",
  "assets.latitude",
  "assets.longitude",
] as const;

/** How many identities of these kinds the tenants in scope hold (a count on the primary key's prefix). */
export async function countIdentities(db: Kysely<DB>, tenantIds: readonly string[], kinds: string[]): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const row = await db
    .selectFrom("asset_identities")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("tenant_id", "in", [...tenantIds])
    .where("kind", "in", kinds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every identity of these kinds in the tenants in scope, with its asset's site and coordinates. */
export async function identitiesOfTenants(db: Kysely<DB>, tenantIds: readonly string[], kinds: string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("asset_identities")
    .innerJoin("assets", "assets.id", "asset_identities.asset_id")
    .select(identityColumns)
    .where("asset_identities.tenant_id", "in", [...tenantIds])
    .where("asset_identities.kind", "in", kinds)
    .execute();
}

/**
 * The assets recognised by the given identities (lower-cased values), each asked in its own
 * tenant, with their site and coordinates when known: the exact (tenant, kind, value) keys
 * joined as a table (db/dialect.ts keyRows), so the primary key is probed once per key. Asking
 * every value in every tenant and kind probed fifteen times as many keys at five tenants, and a
 * row-value IN list made PostgreSQL test each key against every identity (560 ms for 17,620).
 * Callers pass keys of tenants in scope only.
 */
export async function assetsByIdentity(db: Kysely<DB>, keys: IdentityKey[]): Promise<IdentityRow[]> {
  const rows: IdentityRow[] = [];
  for (const chunk of chunks(keys, 5000)) {
    const asked = keyRows(
      db as Kysely<unknown>,
      "k",
      chunk.map((k) => [k.tenantId, k.kind, k.value] as const),
    );
    rows.push(
      ...(await db
        .selectFrom(asked)
        .innerJoin("asset_identities", (join) =>
          join
            .onRef("asset_identities.tenant_id", "=", "k.column1")
            .onRef("asset_identities.kind", "=", "k.column2")
            .onRef("asset_identities.value", "=", "k.column3"),
        )
        .innerJoin("assets", "assets.id", "asset_identities.asset_id")
        .select(identityColumns)
        .execute()),
    );
  }
  return rows;
}
