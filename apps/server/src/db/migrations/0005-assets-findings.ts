import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Asset inventory, vulnerability findings (one row per vulnerability per asset and port, however
 * many scanners report it), their scanner sources, threat intelligence (KEV, EPSS, CWE names),
 * remediation SLAs and scanner import runs. Finding timelines use `timeline_events` with
 * subject_type 'finding'; import reports and quarantined records use `import_runs`/`quarantine`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("department", "text")
    .addColumn("business_impact", "text")
    .addColumn("client_environment", "text")
    .addColumn("site", "text")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("owner", "text")
    .addColumn("internet_facing", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("first_seen", "bigint", (c) => c.notNull())
    .addColumn("last_seen", "bigint", (c) => c.notNull())
    .addUniqueConstraint("assets_tenant_key_uq", ["tenant_id", "asset_key"])
    .execute();
  for (const [name, columns] of [
    ["assets_tenant_name_idx", ["tenant_id", "name", "id"]],
    ["assets_tenant_last_seen_idx", ["tenant_id", "last_seen", "id"]],
    ["assets_tenant_impact_idx", ["tenant_id", "business_impact", "id"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("assets")
      .columns([...columns])
      .execute();
  }

  // Matching keys: one machine seen by hostname in one scan and by IP in another is one asset.
  await db.schema
    .createTable("asset_identities")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("asset_identities_pk", ["tenant_id", "kind", "value"])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  await db.schema.createIndex("asset_identities_asset_idx").on("asset_identities").column("asset_id").execute();

  let findings = db.schema
    .createTable("findings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("dedupe_key", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("severity_rank", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("cve_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("services", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("kev", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("assignee_user_id", "text", (c) => c.references("users.id").onDelete("set null"));
  // Asset fields are copied onto the finding (kept in step by assets.repository) so that list
  // pages sort and filter on one row through a (column, id) index at 500,000 findings.
  for (const column of [
    "description",
    "cvss_vector",
    "cvss_version",
    "cwe_id",
    "remediation",
    "evidence",
    "close_reason",
    "assignee",
    "protocol",
    "service",
    "raw",
    "cve_text",
    "asset_key",
    "asset_name",
    "asset_type",
    "department",
    "business_impact",
    "client_environment",
  ]) {
    findings = findings.addColumn(column, "text");
  }
  findings = findings
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("port", "integer")
    .addColumn("cvss_score", "double precision")
    .addColumn("epss", "double precision")
    .addColumn("epss_percentile", "double precision");
  for (const column of ["first_seen", "last_seen", "created_at", "updated_at"]) {
    findings = findings.addColumn(column, "bigint", (c) => c.notNull());
  }
  for (const column of ["due_at", "closed_at", "overdue_notified_at"]) findings = findings.addColumn(column, "bigint");
  await findings.addUniqueConstraint("findings_dedupe_uq", ["tenant_id", "asset_id", "dedupe_key"]).execute();
  // Keyset pages sort on (column, id) and lead with the sort column, as for alerts: a provider's
  // "all my tenants" page is an IN over tenants that a tenant-first index could only sort whole.
  for (const [name, columns] of [
    ["findings_last_seen_idx", ["last_seen", "id"]],
    ["findings_severity_idx", ["severity_rank", "id"]],
    ["findings_cvss_idx", ["cvss_score", "id"]],
    ["findings_status_idx", ["status", "id"]],
    ["findings_due_idx", ["due_at", "id"]],
    ["findings_created_idx", ["created_at", "id"]],
    ["findings_epss_idx", ["epss", "id"]],
    ["findings_title_idx", ["title", "id"]],
    ["findings_asset_name_idx", ["asset_name", "id"]],
    ["findings_asset_key_idx", ["asset_key", "id"]],
    ["findings_asset_idx", ["asset_id", "id"]],
    ["findings_tenant_status_due_idx", ["tenant_id", "status", "due_at"]],
    ["findings_tenant_status_severity_idx", ["tenant_id", "status", "severity_rank"]],
    ["findings_tenant_kev_idx", ["tenant_id", "kev"]],
    // The rest of the list's sortable columns (findings API).
    ["findings_kev_idx", ["kev", "id"]],
    ["findings_asset_type_idx", ["asset_type", "id"]],
    ["findings_assignee_idx", ["assignee", "id"]],
    ["findings_department_idx", ["department", "id"]],
    ["findings_impact_idx", ["business_impact", "id"]],
    ["findings_environment_idx", ["client_environment", "id"]],
    ["findings_cwe_idx", ["cwe_id", "id"]],
    ["findings_cve_text_idx", ["cve_text", "id"]],
    ["findings_services_idx", ["services", "id"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("findings")
      .columns([...columns])
      .execute();
  }
  // Remediation texts run to thousands of characters: the list sorts on their first 80.
  await db.schema
    .createIndex("findings_remediation_idx")
    .on("findings")
    .expression(sql`substr(remediation, 1, 80), id`)
    .execute();
  // Only open findings not yet reported overdue: the overdue check reads this small index.
  await db.schema
    .createIndex("findings_overdue_pending_idx")
    .on("findings")
    .column("due_at")
    .where(sql.ref("overdue_notified_at"), "is", null)
    .where(sql.ref("status"), "!=", "Closed")
    .execute();

  // Which scanners reported a finding, under their own ids; last_import_id drives fixed detection.
  await db.schema
    .createTable("finding_sources")
    .addColumn("finding_id", "text", (c) => c.notNull().references("findings.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("scanner", "text", (c) => c.notNull())
    .addColumn("scanner_finding_id", "text", (c) => c.notNull())
    .addColumn("first_seen", "bigint", (c) => c.notNull())
    .addColumn("last_seen", "bigint", (c) => c.notNull())
    .addColumn("last_import_id", "text")
    .addPrimaryKeyConstraint("finding_sources_pk", ["finding_id", "scanner", "scanner_finding_id"])
    .execute();

  // CVE -> finding, so KEV/EPSS loads re-flag findings with an index instead of parsing JSON.
  await db.schema
    .createTable("finding_cves")
    .addColumn("cve_id", "text", (c) => c.notNull())
    .addColumn("finding_id", "text", (c) => c.notNull().references("findings.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("finding_cves_pk", ["cve_id", "finding_id"])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  await db.schema.createIndex("finding_cves_finding_idx").on("finding_cves").column("finding_id").execute();

  // Scanner-specific part of an import run (same id as its import_runs row, which holds the report).
  await db.schema
    .createTable("finding_imports")
    .addColumn("id", "text", (c) => c.primaryKey().references("import_runs.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("scanner", "text", (c) => c.notNull())
    .addColumn("full_scan", "integer", (c) => c.notNull())
    .addColumn("scanned_at", "bigint", (c) => c.notNull())
    .addColumn("asset_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finding_imports_tenant_idx").on("finding_imports").columns(["tenant_id", "created_at"]).execute();

  await db.schema
    .createTable("remediation_sla_policies")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("remediation_sla_policies_pk", ["tenant_id", "severity"])
    .execute();

  // Threat intelligence is global (not per tenant): one catalogue serves every tenant's findings.
  await db.schema
    .createTable("kev_catalog")
    .addColumn("cve_id", "text", (c) => c.primaryKey())
    .addColumn("vendor_project", "text")
    .addColumn("product", "text")
    .addColumn("vulnerability_name", "text")
    .addColumn("date_added", "text")
    .addColumn("short_description", "text")
    .addColumn("required_action", "text")
    .addColumn("due_date", "text")
    .addColumn("known_ransomware", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text")
    .addColumn("cwes", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createTable("epss_scores")
    .addColumn("cve_id", "text", (c) => c.primaryKey())
    .addColumn("epss", "double precision", (c) => c.notNull())
    .addColumn("percentile", "double precision", (c) => c.notNull())
    .addColumn("score_date", "text")
    .execute();
  await db.schema
    .createTable("cwe_names")
    .addColumn("cwe_id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  // What each intel feed last loaded: source 'kev' | 'epss' | 'cwe'.
  await db.schema
    .createTable("intel_loads")
    .addColumn("source", "text", (c) => c.primaryKey())
    .addColumn("version", "text")
    .addColumn("released", "text")
    .addColumn("filename", "text")
    .addColumn("records", "integer", (c) => c.notNull())
    .addColumn("loaded_at", "bigint", (c) => c.notNull())
    .addColumn("loaded_by", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "intel_loads",
    "cwe_names",
    "epss_scores",
    "kev_catalog",
    "remediation_sla_policies",
    "finding_imports",
    "finding_cves",
    "finding_sources",
    "findings",
    "asset_identities",
    "assets",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
