import type { AlertInput, DataQualityFinding } from "@watchfloor/shared";
import type { ImportEvent } from "./types";

export interface ImportSummary {
  records: AlertInput[];
  findings: DataQualityFinding[];
  rejected: Extract<ImportEvent, { kind: "rejected" }>[];
  /** Skipped rows counted by reason. */
  skipped: Record<string, number>;
  /** Rows for another store, counted by destination. */
  routed: Record<string, number>;
  /** Findings counted by kind. */
  findingKinds: Partial<Record<DataQualityFinding["kind"], number>>;
}

/** Collects an import's events into counts (tests, the docs' expected figures, the CLI report). */
export async function summariseImport(events: AsyncIterable<ImportEvent>): Promise<ImportSummary> {
  const summary: ImportSummary = { records: [], findings: [], rejected: [], skipped: {}, routed: {}, findingKinds: {} };
  for await (const event of events) {
    if (event.kind === "record") {
      summary.records.push(event.alert);
      for (const finding of event.findings) {
        summary.findings.push(finding);
        summary.findingKinds[finding.kind] = (summary.findingKinds[finding.kind] ?? 0) + 1;
      }
    } else if (event.kind === "rejected") summary.rejected.push(event);
    else if (event.kind === "routed") summary.routed[event.destination] = (summary.routed[event.destination] ?? 0) + 1;
    else summary.skipped[event.reason] = (summary.skipped[event.reason] ?? 0) + 1;
  }
  return summary;
}
