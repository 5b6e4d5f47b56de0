import type { Transaction, Updateable } from "kysely";
import type { DB, SurfaceCertificatesTable, SurfaceHostsTable, SurfaceImportsTable, SurfaceServicesTable } from "../../db/tables";

type Trx = Transaction<DB>;

export async function insertSurfaceImport(trx: Trx, row: SurfaceImportsTable): Promise<void> {
  await trx.insertInto("surface_imports").values(row).execute();
}

export async function finishSurfaceImport(
  trx: Trx,
  importId: string,
  counts: Updateable<SurfaceImportsTable>,
  report: unknown,
): Promise<void> {
  await trx.updateTable("surface_imports").set(counts).where("id", "=", importId).execute();
  await trx
    .updateTable("import_runs")
    .set({ report: JSON.stringify(report) })
    .where("id", "=", importId)
    .execute();
}

/** Whether the tenant has a scan older than `at`: without one, this scan is the baseline. */
export async function hasScanBefore(trx: Trx, tenantId: string, at: number): Promise<boolean> {
  const row = await trx
    .selectFrom("surface_imports")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("scanned_at", "<", at)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function findHost(trx: Trx, tenantId: string, address: string) {
  return trx
    .selectFrom("surface_hosts")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("address", "=", address)
    .executeTakeFirst();
}

export async function insertHost(trx: Trx, row: SurfaceHostsTable): Promise<void> {
  await trx.insertInto("surface_hosts").values(row).execute();
}

export async function updateHost(trx: Trx, tenantId: string, id: string, patch: Updateable<SurfaceHostsTable>): Promise<void> {
  await trx.updateTable("surface_hosts").set(patch).where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

/** Every service ever stored for the address, open or closed. */
export async function servicesOfHost(trx: Trx, tenantId: string, hostId: string) {
  return trx.selectFrom("surface_services").selectAll().where("tenant_id", "=", tenantId).where("host_id", "=", hostId).execute();
}

export async function insertService(trx: Trx, row: SurfaceServicesTable): Promise<void> {
  await trx.insertInto("surface_services").values(row).execute();
}

export async function updateService(
  trx: Trx,
  tenantId: string,
  id: string,
  patch: Updateable<SurfaceServicesTable>,
): Promise<void> {
  await trx.updateTable("surface_services").set(patch).where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

/**
 * Stores a certificate a port presented (or moves its first and last seen); returns its id and
 * whether it was new.
 */
export async function upsertCertificate(trx: Trx, row: SurfaceCertificatesTable): Promise<{ id: string; created: boolean }> {
  const known = await trx
    .selectFrom("surface_certificates")
    .select(["id", "first_seen_at", "last_seen_at"])
    .where("tenant_id", "=", row.tenant_id)
    .where("service_id", "=", row.service_id)
    .where("fingerprint", "=", row.fingerprint)
    .executeTakeFirst();
  if (!known) {
    await trx.insertInto("surface_certificates").values(row).execute();
    return { id: row.id, created: true };
  }
  const patch: Updateable<SurfaceCertificatesTable> = {};
  if (row.first_seen_at < known.first_seen_at)
    Object.assign(patch, { first_seen_at: row.first_seen_at, first_seen_import_id: row.first_seen_import_id });
  if (row.last_seen_at > known.last_seen_at)
    Object.assign(patch, { last_seen_at: row.last_seen_at, last_seen_import_id: row.last_seen_import_id });
  if (Object.keys(patch).length > 0)
    await trx.updateTable("surface_certificates").set(patch).where("id", "=", known.id).execute();
  return { id: known.id, created: false };
}

/** A public address makes its asset internet-facing; a private one never clears the mark. */
export async function markInternetFacing(trx: Trx, tenantId: string, assetId: string, now: number): Promise<void> {
  await trx
    .updateTable("assets")
    .set({ internet_facing: 1, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", assetId)
    .where("internet_facing", "=", 0)
    .execute();
}
