import { type DataQualityFinding, errorCodes, type ImportTallyReport, importLimits } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { AppError } from "../../http/errors";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { newId } from "../../lib/tokens";
import { insertQuarantineRow } from "./imports.repository";

type Db = Kysely<DB> | Transaction<DB>;

/** Most rejected rows and data-quality findings a report lists; the counts are always whole. */
export const REPORT_LIMIT = 1000;

/** The part of an import report every kind of import shares (the contract's importTallySchema). */
export type { ImportTallyReport };

/** The rows read so far are mostly rejected: the file is refused whole (400, nothing stored). */
export class UnreadableFileError extends Error {
  constructor(rejected: number, read: number) {
    const share = `${Math.round(importLimits.maxRejectedShare * 100)}%`;
    super(
      read >= importLimits.probeRows
        ? `more than ${share} of the first ${importLimits.probeRows.toLocaleString("en")} rows could not be read (${rejected.toLocaleString("en")} rejected)`
        : `more than ${share} of its ${read.toLocaleString("en")} rows could not be read (${rejected.toLocaleString("en")} rejected)`,
    );
    this.name = "UnreadableFileError";
  }
}

/**
 * Counts what an import read, skipped, rejected (keeping rejected rows in quarantine with their
 * reasons) and noticed, with bounded lists so a million-row file keeps a small report and a
 * bounded quarantine. A file whose first rows are mostly rejected is refused whole
 * (UnreadableFileError, thrown inside the import's transaction so nothing is stored).
 */
export class ImportTally {
  rowsRead = 0;
  rejectedCount = 0;
  findingCount = 0;
  quarantined = 0;
  readonly rejected: ImportTallyReport["rejected"] = [];
  readonly findings: DataQualityFinding[] = [];
  private readonly skips = new Map<string, number>();

  constructor(private readonly run: { tenantId: string; importId: string; format: string; now: number }) {}

  skip(reason: string): void {
    this.skips.set(reason, (this.skips.get(reason) ?? 0) + 1);
  }

  note(finding: DataQualityFinding): void {
    this.findingCount++;
    if (this.findings.length < REPORT_LIMIT) this.findings.push(finding);
  }

  async reject(db: Db, row: number, problems: { field: string; reason: string }[], raw: string): Promise<void> {
    this.rejectedCount++;
    // rowsRead counts this row already: more than the share of the first probeRows is judged at once.
    if (this.rowsRead <= importLimits.probeRows && this.rejectedCount > importLimits.probeRows * importLimits.maxRejectedShare) {
      throw new UnreadableFileError(this.rejectedCount, Math.max(this.rowsRead, importLimits.probeRows));
    }
    if (this.rejected.length < REPORT_LIMIT) this.rejected.push({ row, problems });
    if (this.quarantined >= importLimits.quarantineRows) return;
    this.quarantined++;
    const { tenantId, importId, format, now } = this.run;
    // The row is kept as sent, but for U+0000, which PostgreSQL text cannot hold (shown as U+FFFD).
    await insertQuarantineRow(db, {
      id: newId(),
      tenant_id: tenantId,
      import_id: importId,
      format,
      row_number: row,
      raw: raw.replaceAll("\u0000", "\uFFFD"),
      problems: JSON.stringify(problems),
      created_at: now,
      resolved_at: null,
    });
  }

  /**
   * Called once the whole file is read, before the import commits: a file shorter than
   * probeRows (but not tiny) is judged on all its rows.
   */
  finish(): void {
    const read = this.rowsRead;
    if (
      read >= importLimits.minProbeRows &&
      read < importLimits.probeRows &&
      this.rejectedCount > read * importLimits.maxRejectedShare
    ) {
      throw new UnreadableFileError(this.rejectedCount, read);
    }
  }

  summary(): ImportTallyReport {
    return {
      rowsRead: this.rowsRead,
      skipped: [...this.skips].map(([reason, count]) => ({ reason, count })),
      rejected: this.rejected,
      rejectedCount: this.rejectedCount,
      findings: this.findings,
      findingCount: this.findingCount,
      quarantined: this.quarantined,
      notQuarantined: this.rejectedCount - this.quarantined,
    };
  }
}

/** The first `limit` characters of a file (whole lines), for format detection. */
export async function readHead(source: ImportSource, limit = 16_384): Promise<string> {
  let head = "";
  for await (const line of source.lines()) {
    head += `${line}\n`;
    if (head.length > limit) break;
  }
  return head;
}

/**
 * A file the importer could not read at all becomes a 422, and one that is mostly unreadable a
 * 400, each saying nothing was imported.
 */
export function malformedFile(error: unknown): unknown {
  if (error instanceof UnreadableFileError)
    return new AppError(400, errorCodes.unreadableFile, `The file was rejected whole: ${error.message}. Nothing was imported.`);
  if (error instanceof ImportFileError)
    return new AppError(422, "MALFORMED_FILE", `The file was rejected whole: ${error.message}. Nothing was imported.`);
  return error;
}
