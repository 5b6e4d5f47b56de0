import { type Kysely, sql } from "kysely";

/**
 * Every column of the alert list sorts (features/alerts/alert-list.repository.ts). A keyset page
 * walks an index on (sort key, id) and stops after 50 rows, which keeps the first page fast at a
 * million alerts; without one the database sorts every match. Nullable text is indexed as
 * coalesce(x, '') so both engines put empty values in the same place. The SLA columns sort by
 * their due time; the tenant column walks each tenant's alerts on (tenant_id, id) in name order.
 * Each index costs ingestion a little (see docs/alerts.md, benchmarks).
 */
const indexes: [string, string][] = [
  ["alerts_ack_due_idx", "ack_due_at, id"],
  ["alerts_respond_due_idx", "respond_due_at, id"],
  ["alerts_tenant_id_idx", "tenant_id, id"],
  ["alerts_detection_source_idx", "coalesce(detection_source, ''), id"],
  ["alerts_source_tool_idx", "coalesce(source_tool, ''), id"],
  ["alerts_tactics_idx", "tactics, id"],
  ["alerts_techniques_idx", "mitre_techniques, id"],
  ["alerts_hostname_idx", "coalesce(hostname, ''), id"],
  ["alerts_username_idx", "coalesce(username, ''), id"],
  ["alerts_src_ip_idx", "coalesce(src_ip, ''), id"],
  ["alerts_environment_idx", "coalesce(client_environment, ''), id"],
  // Not a column: the exact rule filter the dashboard's top rules link to (a rule's alerts can be few).
  ["alerts_rule_idx", "coalesce(rule, name), id"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of indexes) await sql`create index ${sql.ref(name)} on alerts (${sql.raw(columns)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await sql`drop index if exists ${sql.ref(name)}`.execute(db);
}
