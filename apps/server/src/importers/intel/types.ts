import type { z } from "zod";

export { ImportFileError, type ImportSource, sourceFromFile, sourceFromString } from "../types";

export type Problem = { field: string; reason: string };

/**
 * What an intel parser yields: the file's header facts once (`meta`, before any record: KEV
 * catalog version, EPSS model and score date, NVD page), then one event per entry. `row` is the
 * line the entry starts on for CSV and the 1-based position of the entry for JSON documents.
 */
export type IntelEvent<T, M = never> =
  | { kind: "meta"; meta: M }
  | { kind: "record"; row: number; record: T }
  | { kind: "rejected"; row: number; problems: Problem[]; raw: string };

export interface IntelSummary<T, M> {
  meta?: M;
  records: T[];
  rejected: Extract<IntelEvent<T, M>, { kind: "rejected" }>[];
}

/** Drains a parser (for tests, previews and the CLI; a store consumes the events as they come). */
export async function summariseIntel<T, M>(events: AsyncIterable<IntelEvent<T, M>>): Promise<IntelSummary<T, M>> {
  const summary: IntelSummary<T, M> = { records: [], rejected: [] };
  for await (const event of events) {
    if (event.kind === "meta") summary.meta = event.meta;
    else if (event.kind === "record") summary.records.push(event.record);
    else summary.rejected.push(event);
  }
  return summary;
}

/**
 * Validates a candidate against its shared contract. Problems name the field as the source file
 * spells it (`sourceNames` maps contract paths back: cveId -> cveID), so a report points at the file.
 */
export function validated<S extends z.ZodType>(
  schema: S,
  row: number,
  candidate: unknown,
  raw: string,
  sourceNames: Record<string, string> = {},
): IntelEvent<z.output<S>, never> {
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { kind: "record", row, record: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    const field = sourceNames[path[0] ?? ""] ?? path[0] ?? "(record)";
    return { field: [field, ...path.slice(1)].join("."), reason: issue.message };
  });
  return { kind: "rejected", row, problems, raw: raw.length > 20000 ? `${raw.slice(0, 19988)}[truncated]` : raw };
}
