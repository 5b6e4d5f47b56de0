import { type AlertInput, alertInputSchema, type DataQualityFinding } from "@watchfloor/shared";
import type { ImportEvent } from "./types";
import { INVALID, type Read } from "./values";

export type Problem = { field: string; reason: string };

/**
 * Collects one row's findings and fatal problems. Importers fill it while mapping, then `finish`
 * validates the candidate against the shared schema so every emitted record is storable.
 */
export class RowReport {
  readonly findings: DataQualityFinding[] = [];
  readonly problems: Problem[] = [];
  constructor(readonly row: number) {}

  finding(kind: DataQualityFinding["kind"], field: string, value: unknown, message: string): void {
    this.findings.push({ row: this.row, field, value: display(value), kind, message });
  }

  /** An enumeration value outside its set: reported, the field left empty. */
  outOfEnum<T>(read: Read<T>, field: string, value: unknown, allowed: readonly string[]): T | undefined {
    if (read !== INVALID) return read;
    this.finding("out_of_enumeration", field, value, `${JSON.stringify(display(value))} is not one of ${allowed.join(", ")}`);
    return undefined;
  }

  /** A date that could not be read: reported, the field left empty. */
  date(read: Read<string>, field: string, value: unknown): string | undefined {
    if (read !== INVALID) return read;
    this.finding("unparsed_date", field, value, `${JSON.stringify(display(value))} is not a date this importer reads`);
    return undefined;
  }

  reject(field: string, reason: string): void {
    this.problems.push({ field, reason });
  }
}

const display = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : (JSON.stringify(value) ?? String(value));

/**
 * Turns a mapped candidate into an event. Also reports a sourceId seen earlier in the same file
 * (`duplicate_id`): the record is still emitted and the ingest layer's upsert on (source, sourceId)
 * makes the later row update the earlier one. Ids are remembered only for emitted records, so a
 * rejected row never makes a later good row look like a duplicate.
 */
export function createEmitter() {
  const seen = new Set<string>();
  return (report: RowReport, candidate: AlertInput, raw: string): ImportEvent => {
    if (report.problems.length > 0) return { kind: "rejected", row: report.row, problems: report.problems, raw };
    const parsed = alertInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(record)", reason: i.message }));
      return { kind: "rejected", row: report.row, problems, raw };
    }
    const alert = parsed.data;
    if (seen.has(alert.sourceId)) {
      report.finding(
        "duplicate_id",
        "sourceId",
        alert.sourceId,
        `sourceId ${alert.sourceId} appeared earlier in this file; this row updates it`,
      );
    }
    seen.add(alert.sourceId);
    return { kind: "record", row: report.row, alert, findings: report.findings };
  };
}

/** Drops undefined properties so records compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
