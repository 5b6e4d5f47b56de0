import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Compliance tags alerts carry (issue 15; Wazuh `rule.pci_dss`, `gdpr`, `hipaa`, `nist_800_53`,
 * `tsc`), so a framework requirement shows its alert activity beside its scan results
 * (docs/compliance.md, "Alert activity"). The alert keeps its tags as a JSON list; one link row
 * per tag serves the per-requirement counts, as `alert_attack` serves ATT&CK.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("alerts").addColumn("compliance", "text").execute();
  await db.schema
    .createTable("alert_compliance")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("framework", "text", (c) => c.notNull())
    .addColumn("requirement", "text", (c) => c.notNull())
    .addColumn("alert_id", "text", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addColumn("detected_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("alert_compliance_pk", ["tenant_id", "framework", "detected_at", "requirement", "alert_id"])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  await db.schema.createIndex("alert_compliance_alert_idx").on("alert_compliance").column("alert_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("alert_compliance").execute();
  await db.schema.alterTable("alerts").dropColumn("compliance").execute();
}
