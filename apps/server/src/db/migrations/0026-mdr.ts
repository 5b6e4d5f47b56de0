import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

// Frozen copies (a migration never imports feature code): a quarter hour and a day in ms.
const UNIT_MS = 15 * 60_000;
const UNITS_PER_DAY = 96;

/**
 * MDR (docs/mdr.md): alerts per data source maintained beside the other rollups
 * (`rollup_sources` per tenant, quarter hour and source; `rollup_source_days` per UTC day), the
 * silence state of each source, shift handover notes, the client's escalation contacts and
 * matrix, and the escalations recorded. Existing alerts are counted here in one pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tenantRef = (c: ColumnDefinitionBuilder) => c.notNull().references("tenants.id").onDelete("cascade");

  await db.schema
    .createTable("rollup_sources")
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("start", "bigint", (c) => c.notNull())
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("sensor", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addColumn("latest", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_sources_pk", ["tenant_id", "start", "tool", "sensor"])
    .execute();
  await db.schema
    .createTable("rollup_source_days")
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("sensor", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addColumn("latest", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_source_days_pk", ["tenant_id", "day", "tool", "sensor"])
    .execute();

  // A source's silence: since when it is overdue, and whether its notice went out (once).
  await db.schema
    .createTable("mdr_sources")
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("sensor", "text", (c) => c.notNull())
    .addColumn("expected_minutes", "integer")
    .addColumn("silent_since", "bigint")
    .addColumn("notified_at", "bigint")
    .addPrimaryKeyConstraint("mdr_sources_pk", ["tenant_id", "tool", "sensor"])
    .execute();

  await db.schema
    .createTable("mdr_handovers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("shift", "text", (c) => c.notNull())
    .addColumn("open_work", "text", (c) => c.notNull())
    .addColumn("watch", "text", (c) => c.notNull())
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mdr_handovers_tenant_idx").on("mdr_handovers").columns(["tenant_id", "created_at"]).execute();

  await db.schema
    .createTable("mdr_contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mdr_contacts_tenant_idx").on("mdr_contacts").column("tenant_id").execute();

  await db.schema
    .createTable("mdr_escalation_matrix")
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("contact_id", "text", (c) => c.notNull().references("mdr_contacts.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("mdr_escalation_matrix_pk", ["tenant_id", "priority"])
    .execute();

  await db.schema
    .createTable("mdr_escalations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", tenantRef)
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("contact_name", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("told_at", "bigint", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("acknowledged_at", "bigint")
    .addColumn("acknowledged_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mdr_escalations_tenant_idx").on("mdr_escalations").columns(["tenant_id", "told_at"]).execute();

  // Backfill: the data sources of the alerts already stored (the same definition as
  // features/rollups: tool = source tool, else the ingest source; sensor = detection source).
  const unit = sql`((detected_at - ((detected_at % ${sql.lit(UNIT_MS)}) + ${sql.lit(UNIT_MS)}) % ${sql.lit(UNIT_MS)}) / ${sql.lit(UNIT_MS)})`;
  await sql`insert into rollup_sources (tenant_id, start, tool, sensor, n, latest)
    select tenant_id, ${unit}, coalesce(source_tool, source), coalesce(detection_source, ''), count(*), max(detected_at)
    from alerts group by tenant_id, ${unit}, coalesce(source_tool, source), coalesce(detection_source, '')`.execute(db);
  const day = sql`((start - ((start % ${sql.lit(UNITS_PER_DAY)}) + ${sql.lit(UNITS_PER_DAY)}) % ${sql.lit(UNITS_PER_DAY)}) / ${sql.lit(UNITS_PER_DAY)})`;
  await sql`insert into rollup_source_days (tenant_id, day, tool, sensor, n, latest)
    select tenant_id, ${day}, tool, sensor, sum(n), max(latest) from rollup_sources group by tenant_id, ${day}, tool, sensor`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "mdr_escalations",
    "mdr_escalation_matrix",
    "mdr_contacts",
    "mdr_handovers",
    "mdr_sources",
    "rollup_source_days",
    "rollup_sources",
  ])
    await db.schema.dropTable(table).execute();
}
