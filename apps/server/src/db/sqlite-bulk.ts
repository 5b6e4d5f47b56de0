import type SQLite from "better-sqlite3";
import type { AlertAttackTable, AlertsTable } from "./tables";

/**
 * SQLite fast path for bulk alert writes: cached prepared statements on the same connection
 * Kysely uses (so they join its open transaction). Kysely prepares every query anew, and a
 * 400-row multi-VALUES insert costs more to prepare than to run; PostgreSQL keeps the portable
 * Kysely path. The one place bulk writes differ by dialect.
 */
export class SqliteBulk {
  // Prepared on first use: the tables exist only after migrations.
  private upsert: SQLite.Statement | undefined;
  private columns: string[] = [];
  private attack: SQLite.Statement | undefined;
  private lookup: SQLite.Statement | undefined;
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  /** A cached prepared statement for other bulk writers (the findings import), prepared on first use. */
  statement(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  upsertAlerts(rows: AlertsTable[], updateColumns: readonly string[]): void {
    const first = rows[0];
    if (!first) return;
    if (!this.upsert) {
      const columns = Object.keys(first);
      this.columns = columns;
      this.upsert = this.sqlite.prepare(
        `insert into alerts (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})
         on conflict (tenant_id, source, source_id) do update set ${updateColumns.map((c) => `${c} = excluded.${c}`).join(", ")}`,
      );
    }
    // Positional binding: cheaper than named parameters for 75 columns.
    const columns = this.columns as (keyof AlertsTable)[];
    for (const row of rows) this.upsert.run(columns.map((c) => row[c]));
  }

  /** The stored id for (tenant, source, source id), or undefined. */
  existingId(tenantId: string, source: string, sourceId: string): string | undefined {
    this.lookup ??= this.sqlite.prepare("select id from alerts where tenant_id = ? and source = ? and source_id = ?").pluck();
    return this.lookup.get(tenantId, source, sourceId) as string | undefined;
  }

  insertAttackLinks(links: AlertAttackTable[]): void {
    this.attack ??= this.sqlite.prepare("insert or ignore into alert_attack (tenant_id, attack_key, alert_id) values (?, ?, ?)");
    for (const l of links) this.attack.run(l.tenant_id, l.attack_key, l.alert_id);
  }
}
