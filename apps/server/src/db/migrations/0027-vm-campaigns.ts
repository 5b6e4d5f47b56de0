import { type Kysely, sql } from "kysely";

/**
 * VM remediation campaigns and risk acceptances (issue 17, docs/vm.md): a named set of findings (or the open findings
 * of one fix group when it started) with an owner and a due date. Progress and the burndown read
 * the member findings' own status and closed_at, so nothing here is kept in step by imports.
 * The fix groups themselves need no new column: every importer already stores the scanner's
 * fixed version or solution text in findings.remediation (Trivy: "Upgrade <pkg> to <fixed>").
 * Frozen schema only: no feature code is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vm_campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("fix_text", "text")
    .addColumn("due_at", "bigint", (c) => c.notNull())
    .addColumn("findings_total", "integer", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("vm_campaigns_tenant_idx").on("vm_campaigns").columns(["tenant_id", "created_at"]).execute();

  await db.schema
    .createTable("vm_campaign_findings")
    .addColumn("campaign_id", "text", (c) => c.notNull().references("vm_campaigns.id").onDelete("cascade"))
    .addColumn("finding_id", "text", (c) => c.notNull().references("findings.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("vm_campaign_findings_pk", ["campaign_id", "finding_id"])
    .execute();
  await db.schema.createIndex("vm_campaign_findings_finding_idx").on("vm_campaign_findings").column("finding_id").execute();
  // Risk acceptances: a finding or a fix group's open findings accepted with reason, approver and
  // expiry; the members are closed as Accepted Risk and reopened when it expires.
  await db.schema
    .createTable("vm_risk_acceptances")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("fix_text", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("approved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("approved_by_name", "text", (c) => c.notNull())
    .addColumn("findings_total", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("expiry_notified_at", "bigint")
    .execute();
  await db.schema
    .createIndex("vm_risk_acceptances_tenant_idx")
    .on("vm_risk_acceptances")
    .columns(["tenant_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("vm_risk_acceptances_due_idx")
    .on("vm_risk_acceptances")
    .column("expires_at")
    .where(sql.ref("expiry_notified_at"), "is", null)
    .execute();
  await db.schema
    .createTable("vm_acceptance_findings")
    .addColumn("acceptance_id", "text", (c) => c.notNull().references("vm_risk_acceptances.id").onDelete("cascade"))
    .addColumn("finding_id", "text", (c) => c.notNull().references("findings.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("vm_acceptance_findings_pk", ["acceptance_id", "finding_id"])
    .execute();
  await db.schema.createIndex("vm_acceptance_findings_finding_idx").on("vm_acceptance_findings").column("finding_id").execute();

  // Closed findings by tenant and close time, covering what the SLA-adherence and time-to-remediate
  // trends and the accepted count read, so the overview never walks every closed finding.
  await sql`create index vm_findings_closed_idx on findings (tenant_id, closed_at, close_reason, severity_rank, first_seen, due_at) where status = 'Closed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("vm_findings_closed_idx").ifExists().execute();
  await db.schema.dropTable("vm_acceptance_findings").ifExists().execute();
  await db.schema.dropTable("vm_risk_acceptances").ifExists().execute();
  await db.schema.dropTable("vm_campaign_findings").ifExists().execute();
  await db.schema.dropTable("vm_campaigns").ifExists().execute();
}
