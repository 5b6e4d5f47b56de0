import { sql, type Transaction } from "kysely";
import type { DB, ScannerObservationsTable } from "../../db/tables";

/** Rows per statement: 16 columns each stays far below both databases' parameter limits. */
const CHUNK = 500;

/**
 * Stores informational results (docs/vulnerabilities.md, "Informational results"). A result seen
 * again moves its last seen forward, takes the newer text and is no longer gone; a file older
 * than what is stored only widens first seen. Rows must be unique on the key within one call.
 */
export async function upsertObservations(trx: Transaction<DB>, rows: readonly ScannerObservationsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto("scanner_observations")
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(["tenant_id", "asset_id", "scanner", "result_id", "port", "protocol"]).doUpdateSet((eb) => {
          const newer = sql<boolean>`excluded.last_seen >= scanner_observations.last_seen`;
          const pick = (column: "service" | "title" | "evidence" | "raw" | "last_import_id") =>
            sql<string>`case when ${newer} then ${eb.ref(`excluded.${column}`)} else ${eb.ref(`scanner_observations.${column}`)} end`;
          return {
            service: pick("service"),
            title: pick("title"),
            evidence: pick("evidence"),
            raw: pick("raw"),
            last_import_id: pick("last_import_id"),
            last_seen: sql<number>`case when ${newer} then excluded.last_seen else scanner_observations.last_seen end`,
            first_seen: sql<number>`case when excluded.first_seen < scanner_observations.first_seen then excluded.first_seen else scanner_observations.first_seen end`,
            gone_at: sql<number | null>`case when ${newer} then null else scanner_observations.gone_at end`,
          };
        }),
      )
      .execute();
  }
}

/**
 * A full scan of these assets at `scannedAt` no longer reports this scanner's results last seen
 * before it: they are gone (the port closed, the banner changed). Answers how many.
 */
export async function markObservationsGone(
  trx: Transaction<DB>,
  run: { tenantId: string; scanner: string; assetIds: readonly string[]; scannedAt: number; now: number },
): Promise<number> {
  let gone = 0;
  for (let i = 0; i < run.assetIds.length; i += CHUNK) {
    const result = await trx
      .updateTable("scanner_observations")
      .set({ gone_at: Math.min(run.scannedAt, run.now) })
      .where("tenant_id", "=", run.tenantId)
      .where("scanner", "=", run.scanner)
      .where("asset_id", "in", run.assetIds.slice(i, i + CHUNK))
      .where("last_seen", "<", run.scannedAt)
      .where("gone_at", "is", null)
      .executeTakeFirst();
    gone += Number(result.numUpdatedRows);
  }
  return gone;
}
