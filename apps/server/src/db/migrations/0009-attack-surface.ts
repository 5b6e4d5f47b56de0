import type { Kysely } from "kysely";

/**
 * The external attack surface from network scans (nmap XML): each import, each scanned address
 * (a host, joined to its asset), each port found open there over time, and the TLS certificates
 * those ports presented. Times are the scan's own time (nmap's start), not the upload's, so an
 * old scan imported late never closes what a newer one found open. docs/attack-surface.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Scanner-specific part of an import run (same id as its import_runs row, which holds the report).
  await db.schema
    .createTable("surface_imports")
    .addColumn("id", "text", (c) => c.primaryKey().references("import_runs.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("filename", "text")
    .addColumn("scanner", "text", (c) => c.notNull())
    .addColumn("scanner_version", "text")
    .addColumn("args", "text")
    .addColumn("scanned_at", "bigint", (c) => c.notNull())
    .addColumn("baseline", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hosts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("services_open", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("services_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("services_seen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("services_closed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("certificates", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejected", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("surface_imports_tenant_scanned_idx")
    .on("surface_imports")
    .columns(["tenant_id", "scanned_at"])
    .execute();

  // One row per scanned address; previous_scanned_at is what "new since the previous scan" compares with.
  await db.schema
    .createTable("surface_hosts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("address_type", "text", (c) => c.notNull())
    .addColumn("public", "integer", (c) => c.notNull())
    .addColumn("hostnames", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("os", "text")
    .addColumn("first_scanned_at", "bigint", (c) => c.notNull())
    .addColumn("last_scanned_at", "bigint", (c) => c.notNull())
    .addColumn("previous_scanned_at", "bigint")
    .addColumn("last_import_id", "text", (c) => c.notNull())
    .addUniqueConstraint("surface_hosts_address_uq", ["tenant_id", "address"])
    .execute();
  await db.schema.createIndex("surface_hosts_asset_idx").on("surface_hosts").columns(["tenant_id", "asset_id"]).execute();

  let services = db.schema
    .createTable("surface_services")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("host_id", "text", (c) => c.notNull().references("surface_hosts.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("port", "integer", (c) => c.notNull())
    // "open", or once closed what the newer scan said: "closed", "filtered", ... or "absent".
    .addColumn("state", "text", (c) => c.notNull());
  for (const column of [
    "hostname",
    "service_name",
    "product",
    "version",
    "extra_info",
    "tunnel",
    "certificate_id",
    "closed_import_id",
  ]) {
    services = services.addColumn(column, "text");
  }
  await services
    .addColumn("tls", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cpes", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("first_seen_import_id", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "bigint", (c) => c.notNull())
    // Start of the current open period: a port closed and opened again is new again.
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_import_id", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("surface_services_port_uq", ["tenant_id", "address", "protocol", "port"])
    .execute();
  await db.schema.createIndex("surface_services_host_idx").on("surface_services").columns(["host_id", "closed_at"]).execute();
  await db.schema.createIndex("surface_services_asset_idx").on("surface_services").columns(["tenant_id", "asset_id"]).execute();

  // Every certificate a port presented; a renewed certificate is a new row, the old one keeps its dates.
  await db.schema
    .createTable("surface_certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("service_id", "text", (c) => c.notNull().references("surface_services.id").onDelete("cascade"))
    // The SHA-1 fingerprint nmap prints, or a digest of subject, issuer and validity when it printed none.
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("subject_cn", "text")
    .addColumn("subject", "text")
    .addColumn("subject_alt_names", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("issuer_cn", "text")
    .addColumn("issuer", "text")
    .addColumn("not_before", "bigint")
    .addColumn("not_after", "bigint")
    .addColumn("signature_algorithm", "text")
    .addColumn("public_key_type", "text")
    .addColumn("public_key_bits", "integer")
    .addColumn("sha1", "text")
    .addColumn("first_seen_import_id", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_import_id", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("surface_certificates_uq", ["tenant_id", "service_id", "fingerprint"])
    .execute();
  await db.schema
    .createIndex("surface_certificates_expiry_idx")
    .on("surface_certificates")
    .columns(["tenant_id", "not_after"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["surface_certificates", "surface_services", "surface_hosts", "surface_imports"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
