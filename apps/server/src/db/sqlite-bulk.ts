import type SQLite from "better-sqlite3";
import type { AlertAttackTable, AlertComplianceTable, AlertsTable } from "./tables";

/** The first and last rowid of rows one insertAlerts call wrote. */
export type RowidRange = { first: number | bigint; last: number | bigint };

/**
 * SQLite fast path for bulk alert writes: cached prepared statements on the same connection
 * Kysely uses (so they join its open transaction). Kysely prepares every query anew, and a
 * 400-row multi-VALUES insert costs more to prepare than to run; PostgreSQL keeps the portable
 * Kysely path. The one place bulk writes differ by dialect.
 */
export class SqliteBulk {
  // Prepared on first use: the tables exist only after migrations.
  private insert: SQLite.Statement | undefined;
  private columns: string[] = [];
  private attack: SQLite.Statement | undefined;
  private derivedLinks: SQLite.Statement | undefined;
  private lookup: SQLite.Statement | undefined;
  private compliance: SQLite.Statement | undefined;
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

  /**
   * Plain inserts for new alerts: the caller has already looked each key up on this connection,
   * inside its write transaction. An ON CONFLICT DO UPDATE clause would make every insert cost
   * about twice as much (measured: 66 against 30 µs a row), so re-sent alerts take
   * updateAlerts instead. A key inserted meanwhile still hits the unique constraint.
   * Returns the rowids the rows took (one synchronous run on one connection: a contiguous range,
   * each new rowid one above the largest), or undefined when there were none.
   */
  insertAlerts(rows: AlertsTable[]): RowidRange | undefined {
    const first = rows[0];
    if (!first) return undefined;
    if (!this.insert) {
      const columns = Object.keys(first);
      this.columns = columns;
      this.insert = this.sqlite.prepare(
        `insert into alerts (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      );
    }
    // Positional binding: cheaper than named parameters for 75 columns. One array serves every
    // row (run() copies the values as it binds them): a new one per row was garbage by the next.
    const columns = this.columns as (keyof AlertsTable)[];
    const values: unknown[] = new Array(columns.length);
    let range: RowidRange | undefined;
    for (const row of rows) {
      for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as keyof AlertsTable];
      const rowid = this.insert.run(values).lastInsertRowid;
      if (range) range.last = rowid;
      else range = { first: rowid, last: rowid };
    }
    return range;
  }

  /**
   * The ATT&CK links of the alerts in a rowid range just inserted, read back from their stored
   * technique and tactic lists inside SQLite: one statement instead of a JSON parse, a Set and
   * a run() per link in JavaScript (6.4 against 4.8 µs an alert of two links, measured). The
   * keys are the ones attackLinks builds in alerts.repository.ts (a technique id, or "tactic:"
   * and the tactic); the primary key drops a repeat.
   */
  linkInsertedAlerts(range: RowidRange): void {
    this.derivedLinks ??= this.sqlite.prepare(
      `insert or ignore into alert_attack (tenant_id, attack_key, alert_id)
       select a.tenant_id, t.value, a.id from alerts a, json_each(a.mitre_techniques) t where a.rowid between @first and @last
       union all
       select a.tenant_id, 'tactic:' || t.value, a.id from alerts a, json_each(a.tactics) t where a.rowid between @first and @last`,
    );
    this.derivedLinks.run(range);
  }

  /** Overwrites `columns` of stored alerts by id (a re-sent alert keeps its triage). */
  updateAlerts(rows: AlertsTable[], columns: readonly (keyof AlertsTable)[]): void {
    if (!rows.length) return;
    const update = this.statement(`update alerts set ${columns.map((c) => `${c} = ?`).join(", ")} where id = ?`);
    for (const row of rows) update.run([...columns.map((c) => row[c]), row.id]);
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

  insertComplianceLinks(links: AlertComplianceTable[]): void {
    this.compliance ??= this.sqlite.prepare(
      "insert or ignore into alert_compliance (tenant_id, framework, requirement, alert_id, detected_at) values (?, ?, ?, ?, ?)",
    );
    for (const l of links) this.compliance.run(l.tenant_id, l.framework, l.requirement, l.alert_id, l.detected_at);
  }
}
