import type { FindingInput } from "@watchfloor/shared";
import type { FindingImportEvent } from "./types";

export interface FindingImportSummary {
  records: FindingInput[];
  rejected: Extract<FindingImportEvent, { kind: "rejected" }>[];
  /** Skipped records counted by reason (informational, passed checks, false positives). */
  skipped: Record<string, number>;
}

/** Drains an importer into records, rejections and skip counts (for tests, previews and the CLI). */
export async function summariseFindings(events: AsyncIterable<FindingImportEvent>): Promise<FindingImportSummary> {
  const summary: FindingImportSummary = { records: [], rejected: [], skipped: {} };
  for await (const event of events) {
    if (event.kind === "record") summary.records.push(event.finding);
    else if (event.kind === "rejected") summary.rejected.push(event);
    else summary.skipped[event.reason] = (summary.skipped[event.reason] ?? 0) + 1;
  }
  return summary;
}
