import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import { openFindingStatuses } from "@watchfloor/shared";

const CHUNK = 400;

async function chunked<T>(ids: readonly string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/** Assets on the surface: any with a scanned address, and every internet-facing one. */
export async function surfaceAssets(db: Kysely<DB>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("assets")
    .innerJoin("tenants", "tenants.id", "assets.tenant_id")
    .select([
      "assets.id",
      "assets.tenant_id",
      "tenants.name as tenant_name",
      "assets.asset_key",
      "assets.name",
      "assets.type",
      "assets.internet_facing",
    ])
    .where("assets.tenant_id", "in", [...tenantIds])
    .where((eb) =>
      eb.or([
        eb("assets.internet_facing", "=", 1),
        eb.exists(eb.selectFrom("surface_hosts").select("surface_hosts.id").whereRef("surface_hosts.asset_id", "=", "assets.id")),
      ]),
    )
    .execute();
}

export async function surfaceHosts(db: Kysely<DB>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("surface_hosts")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .orderBy("address")
    .execute();
}

/**
 * Open services, and the ones the latest scan of their address closed, each with the certificate
 * it presents now.
 */
export async function surfaceServices(db: Kysely<DB>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("surface_services as s")
    .innerJoin("surface_hosts as h", "h.id", "s.host_id")
    .leftJoin("surface_certificates as c", "c.id", "s.certificate_id")
    .selectAll("s")
    .select([
      "h.last_scanned_at as host_last_scanned_at",
      "c.id as cert_id",
      "c.subject_cn",
      "c.subject",
      "c.subject_alt_names",
      "c.issuer_cn",
      "c.issuer",
      "c.not_before",
      "c.not_after",
      "c.sha1",
      "c.first_seen_at as cert_first_seen_at",
      "c.last_seen_at as cert_last_seen_at",
    ])
    .where("s.tenant_id", "in", [...tenantIds])
    .where((eb) => eb.or([eb("s.closed_at", "is", null), eb("s.closed_at", "=", eb.ref("h.last_scanned_at"))]))
    .orderBy("s.address")
    .orderBy("s.port")
    .orderBy("s.protocol")
    .execute();
}
export type SurfaceServiceRow = Awaited<ReturnType<typeof surfaceServices>>[number];

export async function assetIdentityRows(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return chunked(assetIds, (part) =>
    db
      .selectFrom("asset_identities")
      .select(["asset_id", "kind", "value"])
      .where("tenant_id", "in", [...tenantIds])
      .where("asset_id", "in", part)
      .where("kind", "in", ["fqdn", "ip"])
      .execute(),
  );
}

/** Open findings per asset, and how many of them are Critical. */
export async function openFindingCounts(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return chunked(assetIds, (part) =>
    db
      .selectFrom("findings")
      .select([
        "asset_id",
        sql<number>`count(*)`.as("open"),
        sql<number>`sum(case when severity = 'Critical' then 1 else 0 end)`.as("critical"),
      ])
      .where("tenant_id", "in", [...tenantIds])
      .where("asset_id", "in", part)
      .where("status", "in", [...openFindingStatuses])
      .groupBy("asset_id")
      .execute(),
  );
}

/** Ports open findings name, for internet-facing assets no network scan covered. */
export async function openFindingPorts(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return chunked(assetIds, (part) =>
    db
      .selectFrom("findings")
      .select([
        "asset_id",
        "port",
        sql<string>`coalesce(protocol, 'tcp')`.as("protocol"),
        sql<string | null>`max(service)`.as("service"),
        sql<number>`min(first_seen)`.as("first_seen"),
        sql<number>`max(last_seen)`.as("last_seen"),
      ])
      .where("tenant_id", "in", [...tenantIds])
      .where("asset_id", "in", part)
      .where("status", "in", [...openFindingStatuses])
      .where("port", "is not", null)
      .groupBy(["asset_id", "port", sql`coalesce(protocol, 'tcp')`])
      .execute(),
  );
}

/** Each tenant's scan times, oldest first (the first is its baseline). */
export async function scanTimes(db: Kysely<DB>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("surface_imports")
    .select(["tenant_id", "scanned_at"])
    .distinct()
    .where("tenant_id", "in", [...tenantIds])
    .orderBy("scanned_at")
    .execute();
}

export async function surfaceImports(db: Kysely<DB>, tenantIds: readonly string[], limit: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("surface_imports as i")
    .innerJoin("tenants as t", "t.id", "i.tenant_id")
    .leftJoin("users as u", "u.id", "i.created_by")
    .selectAll("i")
    .select(["t.name as tenant_name", "u.display_name as created_by_name"])
    .where("i.tenant_id", "in", [...tenantIds])
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
}

/** Informational scanner results kept with --include-info (migration 0033) that name a port, current ones only. */
export async function observedPorts(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return chunked(assetIds, (part) =>
    db
      .selectFrom("scanner_observations")
      .select(["asset_id", "scanner", "port", "protocol", "service", "title", "first_seen", "last_seen"])
      .where("tenant_id", "in", [...tenantIds])
      .where("asset_id", "in", part)
      .where("gone_at", "is", null)
      .where("port", ">", 0)
      .orderBy("asset_id")
      .orderBy("port")
      .execute(),
  );
}
